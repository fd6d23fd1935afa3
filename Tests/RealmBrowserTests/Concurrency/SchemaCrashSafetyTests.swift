import RealmShell
import RealmFormat
import Foundation
import RealmInterchange
import Testing
import TestSupport

/// The kill -9 loop of `CrashSafetyTests` with schema changes (issue 31), on species and on the
/// encrypted fixture: a child process commits transaction after transaction that each rename a
/// property, toggle a search index and convert a column's values (double ↔ string, int ↔
/// string), and is killed with SIGKILL at random instants. After every kill the file verifies
/// and dumps exactly as the fixture's own dump changed by hand to the state after some whole
/// transaction: the old schema or the new one, never a mixture (a renamed property with the old
/// index, converted values under the old type, or a schema version that does not match).
@Suite("Crash safety of schema changes", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SchemaCrashSafetyTests {
    /// The name transaction `k` gives Specimen.specimenDescription (0: none yet).
    static func descriptionName(after k: Int) -> String { k == 0 ? "specimenDescription" : "d\(k)" }

    /// Transactions `from + 1 ... from + count`, each taking the schema of transaction k - 1 to k.
    static func script(from: Int, count: Int) -> String {
        (from + 1...from + count).map { k in
            """
            begin
            rename property Specimen.\(descriptionName(after: k - 1)) \(descriptionName(after: k))
            \(k % 2 == 1 ? "add" : "remove") index Specimen.name
            change type Specimen.latitude \(k % 2 == 1 ? "string" : "double")
            commit

            """
        }.joined()
    }

    /// The fixture's canonical dump changed by hand into the state after `k` transactions: the
    /// property renamed, and for odd `k` name indexed and every latitude the text Swift prints
    /// for the double (what `change type … string` writes); the schema version 1 + k, since each
    /// transaction needs a migration.
    static func expectedDump(after k: Int) throws -> JSONValue {
        var expected = try ExpectedDump(fixture: "species")
        if k > 0 { try expected.renameColumn("specimenDescription", of: "class_Specimen", to: descriptionName(after: k)) }
        if k % 2 == 1 {
            try expected.setColumn("name", of: "class_Specimen", ["indexed": .bool(true)])
            try expected.setColumn("latitude", of: "class_Specimen", ["type": .string("string")])
            try expected.mapValues(of: "latitude", in: "class_Specimen") { value in
                .string("\(try #require(value["$double"]?.string.flatMap(Double.init)))")
            }
        }
        try expected.setSchemaVersion(Int64(1 + k))
        return expected.value
    }

    /// encrypted.realm: transaction k renames RealmTestClass1.stringValue, toggles the index
    /// of RealmTestClass1.integerValue and converts RealmTestClass0.integerValue's 100 values
    /// (int ↔ string); every page written re-encrypted.
    static func encryptedScript(from: Int, count: Int) -> String {
        (from + 1...from + count).map { k in
            """
            begin
            rename property RealmTestClass1.\(k == 1 ? "stringValue" : "s\(k - 1)") s\(k)
            \(k % 2 == 1 ? "add" : "remove") index RealmTestClass1.integerValue
            change type RealmTestClass0.integerValue \(k % 2 == 1 ? "string" : "int")
            commit

            """
        }.joined()
    }

    static func expectedEncryptedDump(after k: Int) throws -> JSONValue {
        var expected = try ExpectedDump(fixture: "encrypted")
        if k > 0 { try expected.renameColumn("stringValue", of: "class_RealmTestClass1", to: "s\(k)") }
        if k % 2 == 1 {
            try expected.setColumn("integerValue", of: "class_RealmTestClass1", ["indexed": .bool(true)])
            try expected.setColumn("integerValue", of: "class_RealmTestClass0", ["type": .string("string")])
            try expected.mapValues(of: "integerValue", in: "class_RealmTestClass0") { .string(String(try #require($0.int))) }
        }
        try expected.setSchemaVersion(Int64(1 + k))
        return expected.value
    }

    @Test func killedSchemaCommitsOfAnEncryptedFileLeaveTheOldOrTheNewSchema() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ExecutableTests.workingCopy(of: "encrypted", suite: "SchemaCrashSafety")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let keyFile = try EncryptedFixture.writeKeyFile(in: directory)
        let key = try EncryptedFixture.key()
        var generator = SystemRandomNumberGenerator()
        var previous = 0
        for _ in 0..<60 {
            let reached = try CrashSafetyTests().runAndKill(path: path, options: ["--key-file", keyFile], key: key,
                                                            script: Self.encryptedScript(from: previous, count: 20),
                                                            afterCommits: Int.random(in: 1...6, using: &generator))
            let file = try RealmFile(path: path, key: key)
            #expect(file.top?.version ?? 0 >= reached)
            #expect(FileVerifier(file: file).verify().problems == [])
            let names = try #require(file.table(named: "class_RealmTestClass1")).columns.map(\.name)
            let k = try #require((previous...previous + 20).first { names.contains($0 == 0 ? "stringValue" : "s\($0)") },
                                 "RealmTestClass1's properties \(names) after transaction \(previous)")
            #expect(k > previous, "every run commits at least one transaction")
            let output = BufferedOutput()
            let session = Session(output: output)
            try session.open(path: path, key: key)
            try session.execute("dump")
            #expect(try JSONParser.parse(output.text) == Self.expectedEncryptedDump(after: k), "the dump after transaction \(k)")
            previous = k
        }
        #expect(previous >= 60, "\(previous) transactions committed")
    }

    @Test func killedSchemaCommitsLeaveTheOldOrTheNewSchema() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ExecutableTests.workingCopy(of: "species", suite: "SchemaCrashSafety")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var generator = SystemRandomNumberGenerator()
        var previous = 0
        for _ in 0..<150 {
            // Up to 6 of the script's 20 transactions, so a run is always cut short.
            let reached = try CrashSafetyTests().runAndKill(path: path, script: Self.script(from: previous, count: 20),
                                                            afterCommits: Int.random(in: 1...6, using: &generator))
            _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            let file = try RealmFile(path: path)
            #expect(file.top?.version ?? 0 >= reached)
            #expect(FileVerifier(file: file).verify().problems == [])
            let names = try #require(file.table(named: "class_Specimen")).columns.map(\.name)
            let k = try #require((previous...previous + 20).first { names.contains(Self.descriptionName(after: $0)) },
                                 "Specimen's properties \(names) after transaction \(previous)")
            #expect(k > previous, "every run commits at least one transaction")

            let output = BufferedOutput()
            let session = Session(output: output)
            try session.open(path: path)
            try session.execute("dump")
            #expect(try JSONParser.parse(output.text) == Self.expectedDump(after: k), "the dump after transaction \(k)")
            previous = k
        }
        #expect(previous >= 150, "\(previous) transactions committed")
    }
}
