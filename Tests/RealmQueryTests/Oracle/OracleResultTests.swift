import Foundation
import RealmFormat
import RealmInterchange
import RealmQuery
import TestSupport
import Testing

/// The acceptance test of the query engine: every line of `../shared/queries/NAME.jsonl` run on
/// `../shared/fixtures/NAME.realm` gives exactly the object keys, in exactly the order, that
/// realm-core's query engine gave — or is rejected where realm-core rejected it.
@Suite("Oracle results", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct OracleResultTests {
    /// Each fixture's first oracle file, its later, harder one (`NAME-more.jsonl`), and the
    /// rules pinned from both sides (`NAME-corners.jsonl`: null links in SORT, missing
    /// dictionary keys, Mixed paths through links, Mixed aggregates).
    static let files = ["alltypes", "big", "demo", "history", "species", "tasks"].flatMap { [$0, "\($0)-more"] }
        + ["alltypes-corners", "species-corners", "tasks-corners"]

    @Test("every oracle query returns realm-core's keys in realm-core's order", arguments: files)
    func matchesRealm(file name: String) throws {
        guard Fixtures.requirePresent() else { return }
        let url = OracleQueryTests.queriesDirectory.appendingPathComponent("\(name).jsonl")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        let fixture = String(name.prefix { $0 != "-" })
        let file = try RealmFile(path: Fixtures.realmPath(fixture))
        let engine = QueryEngine(file: file)
        var checked = 0
        for (number, line) in lines.enumerated() {
            let oracle = try JSONParser.parse(String(line))
            let className = try #require(oracle["class"]?.string)
            let query = try #require(oracle["query"]?.string)
            let table = try #require(file.tables.first { $0.className == className }, "\(name):\(number + 1) class \(className)")
            let place = "\(name).jsonl:\(number + 1): \(query)"
            if let realmError = oracle["error"]?.string {
                #expect(throws: QueryError.self, "\(place) — Realm rejected it: \(realmError)") {
                    _ = try engine.run(query, on: table)
                }
            } else {
                let expected = try #require(oracle["keys"]?.array).compactMap(\.int)
                #expect(expected.count == oracle["count"]?.int.map(Int.init), "\(place): the oracle's keys and count disagree")
                do {
                    let keys = try engine.run(query, on: table)
                    #expect(keys == expected, "\(place)")
                } catch {
                    Issue.record("\(place) failed: \(error.annotated(query: query))")
                }
            }
            checked += 1
        }
        #expect(checked == lines.count)
        #expect(checked > 0)
    }

    @Test("rejections name the position of the problem")
    func errorsCarryPositions() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("species"))
        let specimen = try #require(file.tables.first { $0.className == "Specimen" })
        let engine = QueryEngine(file: file)
        let cases: [(query: String, offset: Int, fragment: String)] = [
            ("nmae == 'x'", 0, "unknown property 'nmae' in Specimen; did you mean 'name'?"),
            ("latitude > 3 AND nmae == 'x'", 17, "unknown property 'nmae'"),
            ("name == $0", 8, "$0"),
            ("name == 5", 0, "Unsupported comparison between type 'string' and type 'int'"),
            ("category.nope == 1", 9, "unknown property 'nope' in Category"),
        ]
        for (query, offset, fragment) in cases {
            do {
                _ = try engine.run(query, on: specimen)
                Issue.record("\(query) should be rejected")
            } catch {
                #expect(error.range?.start == offset, "\(query): \(error)")
                #expect(error.message.contains(fragment), "\(query): \(error.message)")
                #expect(error.annotated(query: query).contains("^"))
            }
        }
    }

    @Test("positional arguments are split off the end of a query")
    func arguments() throws {
        let (query, values) = try QueryArguments.split("name == $0 AND latitude > $1  \"Bald eagle\" 40")
        #expect(query == "name == $0 AND latitude > $1  ")
        #expect(values == [.string("Bald eagle"), .int(40)])
        let (plain, none) = try QueryArguments.split("name == 'x'")
        #expect(plain == "name == 'x'")
        #expect(none.isEmpty)
    }
}
