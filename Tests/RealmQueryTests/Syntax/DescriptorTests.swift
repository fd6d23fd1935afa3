@testable import RealmQuery
import Testing

@Suite("SORT, DISTINCT and LIMIT")
struct DescriptorTests {
    @Test func clausesKeepTheirOrder() throws {
        let query = try Query.parse("category == 'Toys' DISTINCT(qty) SORT(qty ASC) LIMIT(20) SORT(id DESC)")
        #expect(query.descriptors.map(\.description) == ["DISTINCT(qty)", "SORT(qty ASC)", "LIMIT(20)", "SORT(id DESC)"])
        #expect(query.descriptors.map(\.range) == [
            SourceRange(start: 19, end: 32), SourceRange(start: 33, end: 46), SourceRange(start: 47, end: 56), SourceRange(start: 57, end: 70),
        ])
    }

    @Test func sortKeysAndDirections() throws {
        let query = try Query.parse("TRUEPREDICATE SORT(target.value DESC, _id ASC, a ascending, b Descending, c asc)")
        guard case let .sort(keys)? = query.descriptors.first?.kind else {
            Issue.record("expected SORT")
            return
        }
        #expect(keys.map(\.path.description) == ["target.value", "_id", "a", "b", "c"])
        #expect(keys.map(\.ascending) == [false, true, true, false, true])
        #expect(keys[0].path.components.map(\.kind) == [.property("target"), .property("value")])
    }

    @Test func distinctAndLimit() throws {
        let query = try Query.parse("TRUEPREDICATE distinct(boolReq, boolOpt) limit(0)")
        #expect(query.descriptors.map(\.kind) == [
            .distinct([
                KeyPath(components: [KeyPathComponent(kind: .property("boolReq"), range: SourceRange(start: 23, end: 30))],
                        range: SourceRange(start: 23, end: 30)),
                KeyPath(components: [KeyPathComponent(kind: .property("boolOpt"), range: SourceRange(start: 32, end: 39))],
                        range: SourceRange(start: 32, end: 39)),
            ]),
            .limit(0),
        ])
    }

    @Test func clauseNamesAreStillPropertyNames() throws {
        let query = try Query.parse("sort == 1 SORT(sort ASC, limit DESC) LIMIT(3)")
        #expect(query.description == "sort == 1 SORT(sort ASC, limit DESC) LIMIT(3)")
    }

    @Test func malformedClauses() {
        let cases: [(String, Int, String)] = [
            ("TRUEPREDICATE SORT(tasks.@count DESC)", 25, "SORT takes property paths; '@count' cannot be used in it"),
            ("TRUEPREDICATE DISTINCT(a.@max)", 25, "DISTINCT takes property paths; '@max' cannot be used in it"),
            ("TRUEPREDICATE SORT(name)", 23, "expected ASC or DESC after 'name' in SORT, found ')'; Realm requires a direction for every sort key"),
            ("TRUEPREDICATE SORT(name ASCE)", 24, "expected ASC or DESC after 'name' in SORT, found 'ASCE'; did you mean 'ASC'?"),
            ("TRUEPREDICATE SORT()", 19, "expected a property name, found ')'"),
            ("TRUEPREDICATE SORT(a ASC,)", 25, "expected a property name, found ')'"),
            ("TRUEPREDICATE LIMIT(-1)", 20, "expected a non-negative whole number in LIMIT(…), found '-1'"),
            ("TRUEPREDICATE LIMIT(1.5)", 20, "expected a non-negative whole number in LIMIT(…), found '1.5'"),
            ("TRUEPREDICATE LIMIT(5", 21, "expected ')' to close LIMIT( at character 15, found the end of the query"),
            ("TRUEPREDICATE LIMIT 5", 14, "expected AND, OR, SORT, DISTINCT, LIMIT or the end of the query, found 'LIMIT'; LIMIT must be followed by '('"),
            ("TRUEPREDICATE SORTT(a ASC)", 14, "expected AND, OR, SORT, DISTINCT, LIMIT or the end of the query, found 'SORTT'; did you mean 'SORT'?"),
            ("SORT(name ASC)", 0, "a query needs a predicate before SORT; to keep every object write TRUEPREDICATE SORT(…)"),
            ("a == 1 SORT(a ASC) AND b == 2", 19, "expected AND, OR, SORT, DISTINCT, LIMIT or the end of the query, found 'AND'"),
        ]
        for (text, offset, message) in cases {
            let error = parseError(text)
            #expect(error?.offset == offset, "\(text)")
            #expect(error?.message == message, "\(text)")
        }
        #expect(parseError("TRUEPREDICATE LIMIT(99999999999999999999)")?.offset == 20)
    }
}
