import RealmFormat
import RealmQuery
import Testing
import TestSupport

/// `QueryEngine.count` answers what `run(...).count` answers. A SORT drops no object, so a
/// query whose descriptors are only SORTs is counted without being sorted (and without holding
/// keys), but its SORT is still bound: a sort the query language refuses is refused by the
/// count too. DISTINCT and LIMIT change the number and run.
@Suite("count: SORT bound, not run", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct CountRulesTests {
    @Test func countsAsTheRunDoes() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("big"))
        let table = try #require(file.table(named: "class_Item"))
        for query in ["qty > 10 SORT(price DESC)", "TRUEPREDICATE SORT(name ASC, qty DESC)", "active == true SORT(created ASC) SORT(qty ASC)",
                      "qty > 10 SORT(price DESC) LIMIT(7)", "qty > 10 DISTINCT(qty) SORT(qty ASC)", "qty > 10 SORT(qty ASC) DISTINCT(qty)",
                      "id IN {5, 9, 2} SORT(qty ASC)", "FALSEPREDICATE SORT(qty ASC)"] {
            let engine = QueryEngine(file: file)
            #expect(try engine.count(query, on: table) == (try engine.run(query, on: table)).count, "\(query)")
        }
    }

    @Test func aRefusedSortIsRefusedByTheCount() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("big"))
        let table = try #require(file.table(named: "class_Item"))
        for query in ["TRUEPREDICATE SORT(tags ASC)", "TRUEPREDICATE SORT(nothing ASC)", "qty > 1 SORT(price ASC, tags.@count DESC)"] {
            let engine = QueryEngine(file: file)
            let counted = Result { () throws(QueryError) in try engine.count(query, on: table) }
            let run = Result { () throws(QueryError) in try engine.run(query, on: table) }
            guard case let .failure(countError) = counted, case let .failure(runError) = run else {
                Issue.record("\(query): count \(counted), run \(run)")
                continue
            }
            #expect(countError.message == runError.message, "\(query)")
        }
    }
}
