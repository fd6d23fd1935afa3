import Foundation
import RealmFormat
import TestSupport
import Testing

/// Realm commits by writing a new top array and then flipping the header's select bit, so the
/// header holds two top refs and only one is live. Reading the other one would show a stale
/// (or half-written) database, so the reader's choice is checked against the raw header bytes.
@Suite("File header", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct HeaderTests {
    @Test("the header selects top_ref[select bit]", arguments: Fixtures.goldenNames)
    func selectsLiveTopRef(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: Fixtures.realmPath(fixture)))
        defer { try? handle.close() }
        let raw = try #require(RawHeader([UInt8](try handle.read(upToCount: 24) ?? Data())))
        try #require(raw.hasRealmMnemonic, "\(fixture) does not start with a Realm header")

        let file = try RealmFile(path: Fixtures.realmPath(fixture))
        #expect(file.header.isStreamingForm == false)
        #expect(file.header.topRef == Int64(bitPattern: raw.selectedTopRef))
        #expect(file.header.topRef != 0)
        #expect(file.header.fileFormat == Int(raw.selectedFormat))
        #expect(file.header.fileFormat == 24, "the README says every fixture is file format 24")
        #expect(file.top?.ref == Int(raw.selectedTopRef))
    }

    @Test("files written through the object store carry in-realm history", arguments: Fixtures.goldenNames)
    func historyAndLogicalSize(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath(fixture))
        let top = try #require(file.top)
        // README: the object store created "the in-realm history" in every fixture.
        #expect(top.historyType == .inRealm)
        #expect(top.version >= 1)
        #expect(top.logicalFileSize > 24)
        #expect(top.logicalFileSize <= Int64(file.fileSize))
    }
}
