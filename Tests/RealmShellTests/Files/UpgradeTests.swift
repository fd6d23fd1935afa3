import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// `upgrade OUT` and `compact OUT` of every old-format fixture: a format-24 file our `verify`
/// accepts, whose dump is Realm's dump of the fixture but for `upgraded_from` (it is a format-24
/// file of its own), and in which an edit commits.
@Suite("Old formats: upgrade writes an editable format-24 copy", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct UpgradeTests {
    /// One edit per recipe, on a property every format holds.
    static func edit(for name: String) -> String {
        switch name.split(separator: "-").first {
        case "species": return "set Category[0].name = \"Aves\""
        case "tasks": return "set Task[0].name = \"Backup phone\""
        case "alltypes": return "set Target[0].name = \"renamed\""
        default: return "set RealmTestClass0[0].integerValue = 7"
        }
    }

    @Test("upgrade OUT: verify OK, Realm's dump but for upgraded_from, an edit commits", arguments: OldFixtures.names)
    func upgrade(name: String) throws {
        guard Fixtures.requirePresent() else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("UpgradeTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let key = try OldFixtures.key(for: name)
        let session = Session(output: BufferedOutput())
        try session.open(path: OldFixtures.realmPath(name), key: key)
        let verb = name.hasSuffix("f7") ? "compact" : "upgrade"
        let out = directory + "/copy.realm"
        try session.execute("\(verb) \(out)")

        let copy = try RealmFile(path: out, key: key)
        #expect(copy.source == nil && copy.fileFormat == 24 && copy.isEncrypted == (key != nil))
        let report = FileVerifier(file: copy).verify()
        #expect(report.problems.isEmpty, "\(name): \(report.problems.prefix(3))")
        let output = BufferedOutput()
        try DumpWriter(file: copy).write(tables: copy.tables, to: output)
        let fixture = String(decoding: try Data(contentsOf: URL(fileURLWithPath: OldFixtures.jsonPath(name))), as: UTF8.self)
        let expected = fixture.replacingOccurrences(of: "  \"upgraded_from\": \(OldFixtures.format(of: name)),\n", with: "")
        #expect(expected != fixture, "the fixture names the format it was upgraded from")
        #expect(output.text == expected, "\(name): \(TextDifference.firstLine(Array(expected.utf8), output.bytes))")

        let said = BufferedOutput()
        let editing = Session(output: said)
        try editing.open(path: out, key: key)
        try editing.execute(Self.edit(for: name))
        #expect(said.text.contains("(committed version 2"), "\(said.text)")
        let edited = try RealmFile(path: out, key: key)
        #expect(FileVerifier(file: edited).verify().problems.isEmpty)
    }
}
