import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// Beside a running Realm app (played by `LockFileInitiator`), each read command registers the
/// newest version in the app's lock file, reads that version (not the header's, which may name
/// a newer one) and gives the registration back when it ends, leaving the lock file as it was.
@Suite("Reading a registered version beside a Realm app", .serialized, .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct PinnedReadTests {
    /// demo.realm with one more RealmTestClass0 object committed; the app's newest version in
    /// the lock file is the one before that commit.
    private func appBesideAnOlderVersion() throws -> (app: LockFileInitiator, oldCount: Int, oldVersion: Int64) {
        let path = try FixtureCopy.make(of: "demo", prefix: "PinnedReadTests")
        defer { FixtureCopy.remove(path) }
        let old = try RealmFile(path: path)
        let top = try #require(old.top)
        let oldCount = try #require(old.table(named: "class_RealmTestClass0")).objects.count
        do {
            let editor = try FileEditor(path: path)
            let table = try #require(editor.file.table(named: "class_RealmTestClass0"))
            _ = try editor.create(in: table, values: [(try #require(table.column(named: "integerValue")), .int(5))])
            _ = try editor.commit()
        }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let app = try LockFileInitiator(versions: [(UInt64(top.version), UInt64(old.topRef), UInt64(top.logicalFileSize))], realmBytes: bytes)
        return (app, oldCount, top.version)
    }

    @Test func aCommandReadsTheRegisteredVersionAndReleasesIt() throws {
        guard Fixtures.requirePresent() else { return }
        let (app, oldCount, oldVersion) = try appBesideAnOlderVersion()
        defer { app.remove() }
        let before = app.fileBytes()
        let output = BufferedOutput()
        let notices = BufferedOutput()
        let session = Session(output: output)
        session.notices = notices
        try session.open(path: app.realmPath)
        #expect(session.file?.top?.version == oldVersion + 1)   // opened at the header's version

        try session.execute("count RealmTestClass0")
        #expect(output.text.contains("\(oldCount)"), "\(output.text)")
        #expect(notices.text.contains("reloaded"), "\(notices.text)")
        #expect(session.file?.top?.version == oldVersion)
        #expect(session.appPresence == .joined(participants: 2, version: UInt64(oldVersion)))
        #expect(app.fileBytes() == before, "the registration was not given back")

        let info = BufferedOutput()
        let infoSession = Session(output: info)
        try infoSession.open(path: app.realmPath)
        try infoSession.execute("info")
        #expect(info.text.contains("a Realm app has the file open (2 participants"), "\(info.text)")
        #expect(info.text.contains("read version"), "\(info.text)")
        #expect(app.fileBytes() == before)
    }

    @Test func anErrorStillReleases() throws {
        guard Fixtures.requirePresent() else { return }
        let (app, _, _) = try appBesideAnOlderVersion()
        defer { app.remove() }
        let before = app.fileBytes()
        let session = Session(output: BufferedOutput())
        try session.open(path: app.realmPath)
        #expect(throws: BrowserError.unknownClass("NoSuchClass", suggestion: nil)) { try session.execute("count NoSuchClass") }
        #expect(app.fileBytes() == before)
    }

    @Test func withoutAnAppTheSessionReadsAsBefore() throws {
        guard Fixtures.requirePresent() else { return }
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: Fixtures.realmPath("demo"))
        try session.execute("info")
        #expect(output.text.contains("no Realm app has the file open"), "\(output.text)")
        #expect(!FileManager.default.fileExists(atPath: Fixtures.realmPath("demo") + ".lock"))
    }
}
