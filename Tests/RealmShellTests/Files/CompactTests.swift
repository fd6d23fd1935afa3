import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import RealmQuery
import ShellTestSupport
import Testing
import TestSupport

/// `compact` and `upgrade` write fresh format-24 copies: the same dump as Realm's, exact space
/// accounting, and search indexes that answer queries exactly as Realm did on the original.
@Suite("Compact and upgrade", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct CompactTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("CompactTests-\(UUID().uuidString)-\(name)").path
    }

    func run(_ command: String, on path: String) throws -> String {
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: path)
        try session.execute(command)
        return output.text
    }

    @Test("a compacted copy dumps exactly like Realm's dump", arguments: ["species", "tasks", "demo", "history", "big", "alltypes"])
    func compactedCopyMatchesTheDump(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let copy = temporaryPath("\(fixture).realm")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        #expect(try run("compact \(copy)", on: Fixtures.realmPath(fixture)).hasPrefix("wrote \(copy): file format 24"))
        let report = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: copy))))
        #expect(report.freeEntries == 0)
        let dumped = try JSONParser.parse(try run("dump", on: copy))
        let expected = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
        #expect(dumped == expected)

        // The written search indexes answer the oracle's queries as Realm's did.
        let file = try RealmFile(path: copy)
        let engine = QueryEngine(file: file)
        let queries = Fixtures.directory.deletingLastPathComponent().appendingPathComponent("queries/\(fixture).jsonl")
        for line in try String(contentsOf: queries, encoding: .utf8).split(separator: "\n") {
            let oracle = try JSONParser.parse(String(line))
            guard let keys = oracle["keys"]?.array, let query = oracle["query"]?.string,
                  let table = file.tables.first(where: { $0.className == oracle["class"]?.string }) else { continue }
            #expect(try engine.run(query, on: table) == keys.compactMap(\.int), "\(fixture): \(query)")
        }
    }

    /// realm-core's own upgrade of each legacy file is in its dump; ours must give the same
    /// objects, values and set/dictionary order. Only the primary-key index flags may differ
    /// (older formats had no index on primary keys; the copy has one, as format 24 requires).
    @Test("upgrade gives what realm-core's upgrade gave", arguments: [
        ("legacy/test_upgrade_database_20", 20), ("legacy/test_upgrade_database_1000_22", 22),
        ("legacy/test_upgrade_database_4_22", 22), ("legacy/test_upgrade_database_1000_23", 23),
        ("legacy/test_upgrade_database_4_23", 23),
    ])
    func upgradeMatchesRealm(name: String, format: Int) throws {
        guard Fixtures.requirePresent() else { return }
        let copy = temporaryPath("upgraded.realm")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        #expect(try run("upgrade \(copy)", on: Fixtures.realmPath(name)).contains("file format 24 (from \(format))"))
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: copy))))
        let upgraded = try JSONParser.parse(try run("dump", on: copy))
        let expected = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(name))
        #expect(upgraded["file_format"]?.int == 24)
        let tables = try #require(upgraded["tables"]?.array)
        let expectedTables = try #require(expected["tables"]?.array)
        #expect(tables.count == expectedTables.count)
        for (table, reference) in zip(tables, expectedTables) {
            for member in ["name", "class", "kind", "primary_key", "count", "objects"] {
                #expect(table[member] == reference[member], "\(reference["name"]?.string ?? "") \(member)")
            }
            let columns = try #require(table["columns"]?.array).map { $0["name"] }
            #expect(columns == (try #require(reference["columns"]?.array)).map { $0["name"] })
        }
    }

    @Test func refusesToWriteOverItsInputOrAnExistingFile() throws {
        guard Fixtures.requirePresent() else { return }
        let missingFolder = temporaryPath("no-such-folder") + "/copy.realm"
        do {
            _ = try run("compact \(missingFolder)", on: Fixtures.realmPath("species"))
            Issue.record("writing into a missing folder must fail")
        } catch {
            #expect("\(error)".contains("cannot write"))
        }
        let species = Fixtures.realmPath("species")
        expectError(.cannotWrite(path: species, reasonMentioning: "that is the open file")) { try run("compact \(species)", on: species) }
        let existing = temporaryPath("existing.realm")
        defer { try? FileManager.default.removeItem(atPath: existing) }
        FileManager.default.createFile(atPath: existing, contents: Data([1, 2, 3]))
        expectError(.fileCannotWrite(path: existing, reasonMentioning: "the file exists", "--force")) { try run("compact \(existing)", on: species) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: existing)) == Data([1, 2, 3]))
        _ = try run("compact \(existing) --force", on: species)
        #expect(try RealmFile(path: existing).classTables.count == 2)
    }
}
