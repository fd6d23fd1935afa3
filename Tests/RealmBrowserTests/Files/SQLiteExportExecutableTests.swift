import Foundation
import RealmFormat
import Testing
import TestSupport

/// `realm-browser export sqlite FILE OUT [CLASS...] [--key-file F]` in the built executable:
/// the file it writes read back through SQLite (values from the fixtures' canonical JSON), the
/// realm's bytes unchanged, and its exit statuses: 0 written, 1 the export failed (nothing
/// written), 2 the command line is wrong, 130 Ctrl-C (nothing written, the old file kept).
@Suite("realm-browser export sqlite", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SQLiteExportExecutableTests {
    let runner = ExecutableTests()

    func scratch() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("SQLiteExportExecutable-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        return directory
    }

    @Test func theWholeFileWithItsValuesAndLinks() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let realm = try Data(contentsOf: URL(fileURLWithPath: Fixtures.realmPath("species")))
        let target = directory + "/species.sqlite"
        let result = try runner.run(["export", "sqlite", Fixtures.realmPath("species"), target])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "exported 48 objects of 2 classes and 1 other table to \(target) (3 SQLite tables)\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: Fixtures.realmPath("species"))) == realm, "the realm is only read")
        let sqlite = try SQLiteFile(path: target)
        #expect(try sqlite.tableNames() == ["Category", "Specimen", "metadata"])
        // species.json: Specimen 0 is the bald eagle of 2015-01-01T12:00:00Z in category 0, Birds.
        #expect(try sqlite.rows("SELECT s.name, s.latitude, s.longitude, s.created, c.name FROM Specimen s JOIN Category c ON c._key = s.category WHERE s._key = 0")
                == [[.text("Bald eagle"), .real(47.606200000000001), .real(-122.3321), .text("2015-01-01T12:00:00.000000000Z"), .text("Birds")]])
        #expect(try sqlite.rows("SELECT COUNT(*) FROM Specimen") == [[.integer(42)]])
        #expect(try sqlite.rows("SELECT strftime('%Y', created) FROM Specimen WHERE _key = 1") == [[.text("2015")]])
        #expect(try sqlite.integrityCheck() == ["ok"])
        #expect(try sqlite.foreignKeyViolations().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["species.sqlite"])
    }

    @Test func anEncryptedRealmWithItsKeyFileAndChosenClasses() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let keyFile = try EncryptedFixture.writeKeyFile(in: directory)
        let target = directory + "/encrypted.sqlite"
        let result = try runner.run(["export", "sqlite", "--key-file", keyFile, Fixtures.realmPath("encrypted"), target, "RealmTestClass2"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "exported 100 objects of 1 class to \(target) (1 SQLite table)\n")
        let sqlite = try SQLiteFile(path: target)
        #expect(try sqlite.tableNames() == ["RealmTestClass2"])
        // encrypted.json: RealmTestClass2[0] is 48788, false, a link to RealmTestClass1[20] (not
        // exported, so a plain INTEGER).
        #expect(try sqlite.rows("SELECT integerValue, boolValue, objectReference FROM RealmTestClass2 WHERE _key = 0")
                == [[.integer(48788), .integer(0), .integer(20)]])
        #expect(try sqlite.foreignKeys(of: "RealmTestClass2").isEmpty)

        let noKey = try runner.run(["export", "sqlite", Fixtures.realmPath("encrypted"), directory + "/nokey.sqlite"])
        #expect(noKey.status == 1)
        #expect(noKey.standardError.contains("is encrypted"), "\(noKey.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["encrypted.sqlite", "realm.key"])
    }

    @Test func exitStatuses() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/out.sqlite"
        for arguments in [["export", "sqlite", Fixtures.realmPath("species")], ["export", "csv", Fixtures.realmPath("species"), target], ["export"]] {
            let usage = try runner.run(arguments)
            #expect(usage.status == 2, "\(arguments)")
            #expect(usage.standardError.contains("realm-browser export sqlite FILE OUT.sqlite"), "\(usage.standardError)")
        }
        let bogus = try runner.run(["export", "sqlite", Fixtures.realmPath("species"), target, "--bogus"])
        #expect(bogus.status == 2)
        #expect(bogus.standardError.hasPrefix("realm-browser: unknown option '--bogus'\n"), "\(bogus.standardError)")
        let missing = try runner.run(["export", "sqlite", directory + "/none.realm", target])
        #expect(missing.status == 1)
        let unknown = try runner.run(["export", "sqlite", Fixtures.realmPath("species"), target, "Nope"])
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("Nope"), "\(unknown.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)

        // Ctrl-C a few leaves in (REALM_BROWSER_INTERRUPT_AFTER): 130, the old file kept.
        try Data("an older file\n".utf8).write(to: URL(fileURLWithPath: target))
        let interrupted = try runner.run(["export", "sqlite", Fixtures.realmPath("demo"), target],
                                         environment: ["REALM_BROWSER_INTERRUPT_AFTER": "3"])
        #expect(interrupted.status == 130)
        #expect(interrupted.standardError == "interrupted (line 1)\n")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "an older file\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.sqlite"])
    }
}
