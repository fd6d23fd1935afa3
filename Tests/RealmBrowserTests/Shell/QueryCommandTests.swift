import Foundation
import RealmInterchange
import Testing
import TestSupport

/// `find` and `count` through the executable, as scripts and the oracle runner use them.
@Suite("Queries end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct QueryCommandTests {
    let runner = ExecutableTests()

    /// The oracle's expectation for `query` on `class` in NAME.jsonl.
    func oracle(_ name: String, _ query: String) throws -> [Int64] {
        let url = Fixtures.directory.deletingLastPathComponent().appendingPathComponent("queries/\(name).jsonl")
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
            let entry = try JSONParser.parse(String(line))
            if entry["query"]?.string == query { return try #require(entry["keys"]?.array).compactMap(\.int) }
        }
        Issue.record("no oracle line for \(query)")
        return []
    }

    @Test func jsonLinesCarryKeysInRealmOrder() throws {
        guard Fixtures.requirePresent() else { return }
        let query = "name BEGINSWITH[c] 'ba' SORT(created DESC)"
        let result = try runner.run([Fixtures.realmPath("species"), "--json"], input: "find Specimen \(query)\n")
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        let keys = try lines.map { try #require(JSONParser.parse(String($0))["_key"]?.int) }
        #expect(keys == (try oracle("species", query)))
        // Each line is the object in the canonical encoding of the dumps.
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species"))
        let specimens = try #require(dump["tables"]?.array?.first { $0["name"]?.string == "class_Specimen" }?["objects"]?.array)
        for line in lines {
            let object = try JSONParser.parse(String(line))
            #expect(specimens.contains(object))
        }
    }

    @Test func countPrintsABareNumber() throws {
        guard Fixtures.requirePresent() else { return }
        let query = "ANY tasks.isCompleted == false"
        let result = try runner.run([Fixtures.realmPath("tasks"), "-c", "count TaskList \(query); count Task"])
        #expect(result.status == 0)
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("tasks"))
        let tasks = try #require(dump["tables"]?.array?.first { $0["name"]?.string == "class_Task" }?["count"]?.int)
        #expect(result.standardOutput == "\(try oracle("tasks", query).count)\n\(tasks)\n")
    }

    @Test func rejectedQueriesShowACaretAndFail() throws {
        guard Fixtures.requirePresent() else { return }
        let result = try runner.run([Fixtures.realmPath("species"), "-c", "find Specimen nmae == 'x'"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("nmae == 'x'\n^"))
        #expect(result.standardError.contains("did you mean 'name'?"))
        let syntax = try runner.run([Fixtures.realmPath("species"), "--json"], input: "find Specimen name BEGINSWITH[c]\n")
        #expect(syntax.status == 1)
        #expect(syntax.standardOutput.isEmpty)
    }

    @Test func resultsPageAndNavigate() throws {
        guard Fixtures.requirePresent() else { return }
        let query = "TRUEPREDICATE SORT(name ASC)"
        let keys = try oracle("species", query)
        let result = try runner.run([Fixtures.realmPath("species"), "--page-size", "5"],
                                    input: "find Specimen \(query)\nmore\ncd 7\nshow\n")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("(0..5 of 42 matching Specimen objects; 'more' shows the next 5)"))
        #expect(result.standardOutput.contains("(5..10 of 42 matching Specimen objects; 'more' shows the next 5)"))
        #expect(result.standardOutput.contains("(object key \(keys[7]))"))
    }

    @Test func positionalArguments() throws {
        guard Fixtures.requirePresent() else { return }
        let result = try runner.run([Fixtures.realmPath("species"), "--json", "-c", "find Specimen name == $0  \"Bald eagle\""])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("{\"_key\": 0, \"name\": \"Bald eagle\""))
        let missing = try runner.run([Fixtures.realmPath("species"), "-c", "find Specimen name == $0"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("$0"))
    }
}
