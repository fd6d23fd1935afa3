import RealmInterchange
import Foundation
import RealmFormat
import RealmLegacy
import Testing
import TestSupport

/// `dump` of every old-format fixture against the dump realm-core gives after upgrading a copy:
/// byte for byte (values, key order, escaping, number text all follow from the bytes).
@Suite("Old formats: dumps equal Realm's", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct LegacyDumpTests {
    @Test("dump equals the fixture's JSON byte for byte", arguments: OldFixtures.names)
    func dumpMatches(name: String) throws {
        guard Fixtures.requirePresent() else { return }
        let file = try OldFixtures.open(name)
        #expect(file.fileFormat == 24)
        #expect(file.source?.fileFormat == OldFixtures.format(of: name))
        #expect(file.path == OldFixtures.realmPath(name), "the path shown is the original's")
        let output = BufferedOutput()
        try DumpWriter(file: file).write(tables: file.tables, to: output)
        let expected = try Data(contentsOf: URL(fileURLWithPath: OldFixtures.jsonPath(name)))
        let actual = output.bytes
        guard actual != [UInt8](expected) else { return }
        Issue.record("\(name): the dump differs from \(name).json: \(TextDifference.firstLine([UInt8](expected), actual))")
    }

    /// The first line that differs, both versions cut to 300 bytes.
    @Test("the image of an encrypted file is encrypted with its key, and needs it")
    func encryptedNeedsItsKey() throws {
        guard Fixtures.requirePresent() else { return }
        for format in OldFixtures.formats {
            let name = "encrypted-f\(format)"
            #expect(throws: RealmFormatError.encryptedWithoutKey(path: OldFixtures.realmPath(name))) {
                try FileOpening.open(path: OldFixtures.realmPath(name))
            }
            let file = try OldFixtures.open(name)
            #expect(file.isEncrypted, "\(name): the image is encrypted too")
            #expect(file.source?.fileFormat == format)
        }
    }
}
