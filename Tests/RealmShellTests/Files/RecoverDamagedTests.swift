import RealmDemo
import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// Damage inside the data: a leaf or a column node that cannot be read. What is recovered must
/// be exactly Realm's dump less the lost objects, as our editor (itself checked against Realm)
/// shows the file after deleting them: links to them gone, their embedded objects gone too.
@Suite("Recovering damaged leaves and columns", .serialized)
struct RecoverDamagedTests {
    func dump(_ path: String) throws -> JSONValue { try FileSession.dump(path) }

    func salvage(_ path: String, into output: String) throws -> RecoveryReport {
        let salvage = try FileSalvager(path: path).salvage()
        try RealmFileWriter().write(tables: salvage.tables, to: output)
        #expect(try FileVerifier(file: RealmFile(path: output)).verify().problems == [])
        return salvage.report
    }

    @Test("an unreadable leaf loses its objects and nothing else", arguments: [
        ("alltypes", "AllTypes", 0), ("demo", "RealmTestClass0", 1), ("history", "Note", 1),
    ])
    func unreadableLeaf(fixture: String, className: String, leaf: Int) throws {
        guard Fixtures.requirePresent() else { return }
        let damaged = try FixtureCopy.make(of: fixture, prefix: "RecoverDamaged-leaf")
        let deleted = try FixtureCopy.make(of: fixture, prefix: "RecoverDamaged-deleted")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("RecoverDamaged-\(UUID().uuidString).realm").path
        defer { [damaged, deleted, output].forEach(FixtureCopy.remove) }
        let (ref, keys) = try RecoverDamage.leaf(leaf, of: "class_\(className)", in: damaged)
        try RecoverDamage.patch(damaged, at: ref, with: RecoverDamage.unreadableHeader)

        let report = try salvage(damaged, into: output)
        let recovery = try #require(report.classes.first { $0.name == className })
        let total = try RealmFile(path: Fixtures.realmPath(fixture)).table(named: "class_\(className)")?.objects.count ?? 0
        #expect(recovery.expectedObjects == total)
        #expect(recovery.savedObjects == total - keys.count)
        #expect(recovery.unaccountedObjects == keys.count)
        // The root is an inner node whose children are the leaves: the leaf's header is what fails.
        #expect(recovery.reasons.count == 1)
        #expect(recovery.reasons.first?.hasPrefix("the objects under child \(leaf) of the inner node at offset ") == true)
        #expect(recovery.reasons.first?.hasSuffix(" could not be read: corrupt file: node header at offset \(ref): width type 3 does not exist") == true,
                "\(recovery.reasons)")
        #expect(!report.isComplete)

        let (session, _) = try FileSession.open(deleted)
        try session.execute("begin")
        for key in keys { try session.execute("delete \(className)[_key = \(key)]") }
        try session.execute("commit")
        let expected = try dump(deleted)
        #expect(try dump(output) == expected)
        // The report's saved counts are what the new file holds.
        let written = try RealmFile(path: output)
        for saved in report.classes {
            let table = written.tables.first { ($0.className ?? $0.name) == saved.name }
            #expect(table?.objects.count == saved.savedObjects, "\(saved.name)")
        }
    }

    @Test("unreadable column nodes lose those values only: null for an optional string, empty for a list")
    func unreadableColumns() throws {
        guard Fixtures.requirePresent() else { return }
        let damaged = try FixtureCopy.make(of: "alltypes", prefix: "RecoverDamaged-column")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("RecoverDamaged-\(UUID().uuidString).realm").path
        defer { [damaged, output].forEach(FixtureCopy.remove) }
        let (_, keys) = try RecoverDamage.leaf(0, of: "class_AllTypes", in: damaged)
        let strings = try RecoverDamage.columnNode("stringOpt", leaf: 0, of: "class_AllTypes", in: damaged)
        let lists = try RecoverDamage.columnNode("intList", leaf: 0, of: "class_AllTypes", in: damaged)
        try RecoverDamage.patch(damaged, at: strings, with: RecoverDamage.unreadableHeader)
        try RecoverDamage.patch(damaged, at: lists, with: RecoverDamage.unreadableHeader)

        let report = try salvage(damaged, into: output)
        let recovery = try #require(report.classes.first { $0.name == "AllTypes" })
        #expect(recovery.savedObjects == 299 && recovery.lostObjects == 0 && recovery.unaccountedObjects == 0)
        #expect(recovery.lostValues == 2 * keys.count)
        let others = report.classes.filter { $0.name != "AllTypes" }
        #expect(others.allSatisfy { $0.isComplete })

        // Realm's dump with exactly those values replaced.
        let lost = Set(keys)
        func replaced(_ object: JSONValue) -> JSONValue {
            guard let key = object["_key"]?.int, lost.contains(key), let members = object.members else { return object }
            return .object(members.map { member in
                switch member.key {
                case "stringOpt": JSONValue.Member(key: member.key, value: .null)
                case "intList": JSONValue.Member(key: member.key, value: .array([]))
                default: member
                }
            })
        }
        let original = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("alltypes"))
        let expectedTables = (original["tables"]?.array ?? []).map { table -> JSONValue in
            guard table["name"]?.string == "class_AllTypes", let members = table.members else { return table }
            return .object(members.map { member in
                member.key == "objects" ? JSONValue.Member(key: "objects", value: .array((member.value.array ?? []).map(replaced))) : member
            })
        }
        let expected = JSONValue.object((original.members ?? []).map { $0.key == "tables" ? JSONValue.Member(key: "tables", value: .array(expectedTables)) : $0 })
        #expect(try dump(output) == expected)
    }

    @Test("random damage: every recovery writes a sound file holding exactly the objects it reports, or says why it cannot",
          arguments: ["species", "tasks", "alltypes", "history"])
    func randomDamage(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let original = try Data(contentsOf: URL(fileURLWithPath: Fixtures.realmPath(fixture)))
        var recovered = 0
        for seed in 1...12 {
            var generator = SeededGenerator(seed: UInt64(seed))
            var bytes = [UInt8](original)
            for _ in 0..<6 {
                bytes[Int.random(in: 24..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            let damaged = FileManager.default.temporaryDirectory.appendingPathComponent("RecoverDamaged-\(UUID().uuidString).realm").path
            let output = damaged + ".out"
            defer { [damaged, output].forEach(FixtureCopy.remove) }
            try Data(bytes).write(to: URL(fileURLWithPath: damaged))
            let salvage: FileSalvager.Salvage
            do {
                salvage = try FileSalvager(path: damaged).salvage()
            } catch {
                // The header (bytes 0-23) is intact, so the only refusal is a file whose every
                // top array was damaged.
                guard case .notARealmFile = error else {
                    Issue.record("\(fixture) seed \(seed): recover refused with \(error)")
                    continue
                }
                continue
            }
            try RealmFileWriter().write(tables: salvage.tables, to: output)
            #expect(try FileVerifier(file: RealmFile(path: output)).verify().problems == [], "\(fixture) seed \(seed)")
            let written = try RealmFile(path: output)
            for saved in salvage.report.classes where saved.tableLost == nil {
                let table = written.tables.first { ($0.className ?? $0.name) == saved.name }
                #expect(table?.objects.count == saved.savedObjects, "\(fixture) seed \(seed): \(saved.name)")
            }
            #expect(written.tables.reduce(0) { $0 + $1.objects.count } == salvage.report.savedObjects, "\(fixture) seed \(seed)")
            recovered += 1
        }
        // Six bytes changed leave most of a file readable: recovery must not give up on it.
        #expect(recovered >= 10, "\(fixture): \(recovered) of 12 damaged copies recovered")
    }
}
