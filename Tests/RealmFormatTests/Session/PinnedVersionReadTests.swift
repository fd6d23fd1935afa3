import Foundation
import RealmFormat
import TestSupport
import Testing

/// A registered reader reads its entry's top ref and file size, not the header's: the app may
/// have committed since, and the header then names a version the reader did not pin.
/// (Part of the serialized `LockFileReaderTests`: readers of one process join one at a time.)
extension LockFileReaderTests {
    @Test(.enabled(if: Fixtures.shouldRun, Fixtures.skipComment)) func readsThePinnedVersionWhileTheHeaderNamesANewerOne() throws {
        guard Fixtures.requirePresent() else { return }
        let copy = try TemporaryRealmCopy(bytes: try Fixtures.bytes("demo"), name: "demo-pinned")
        defer { copy.remove() }
        let old = try RealmFile(path: copy.path)
        let oldTop = try #require(old.top)
        let oldCount = try #require(old.table(named: "class_RealmTestClass0")).objects.count
        do {
            let editor = try FileEditor(path: copy.path)
            let table = try #require(editor.file.table(named: "class_RealmTestClass0"))
            let integer = try #require(table.column(named: "integerValue"))
            _ = try editor.create(in: table, values: [(integer, .int(5))])
            _ = try editor.commit()
        }
        let committed = try Data(contentsOf: URL(fileURLWithPath: copy.path))
        let app = try LockFileInitiator(versions: [(UInt64(oldTop.version), UInt64(old.topRef), UInt64(oldTop.logicalFileSize))],
                                        realmBytes: [UInt8](committed))
        defer { app.remove() }
        let reader = try #require(try LockFileReader.join(realmPath: app.realmPath))
        defer { try? reader.leave() }
        let pin = try reader.pinNewest()

        let latest = try RealmFile(path: app.realmPath)
        #expect(latest.top?.version == oldTop.version + 1)
        #expect(latest.table(named: "class_RealmTestClass0")?.objects.count == oldCount + 1)
        let pinned = try RealmFile(path: app.realmPath, pinned: pin)
        #expect(pinned.topRef == old.topRef && pinned.topRef != latest.topRef)
        #expect(pinned.pinned == pin)
        #expect(pinned.top?.version == oldTop.version)
        #expect(pinned.fileFormat == 24)
        #expect(pinned.table(named: "class_RealmTestClass0")?.objects.count == oldCount)
        #expect(pinned.openedVersion.topRef == old.topRef)
        try reader.release(pin)
    }

    @Test(.enabled(if: Fixtures.shouldRun, Fixtures.skipComment)) func aPinThatDoesNotMatchTheFileIsRefused() throws {
        guard Fixtures.requirePresent() else { return }
        let path = Fixtures.realmPath("demo")
        let file = try RealmFile(path: path)
        let top = try #require(file.top)
        let size = Int64(file.fileSize)
        let wrongVersion = PinnedVersion(version: UInt64(top.version) + 1, topRef: file.topRef, fileSize: top.logicalFileSize, entry: 0)
        #expect(throws: RealmFormatError.self) { try RealmFile(path: path, pinned: wrongVersion) }
        for (topRef, fileSize) in [(file.topRef, size + 8), (file.topRef + 4, size), (size, size), (0, size), (file.topRef, 16)] {
            let pin = PinnedVersion(version: UInt64(top.version), topRef: topRef, fileSize: fileSize, entry: 0)
            #expect(throws: RealmFormatError.self, "top \(topRef), size \(fileSize)") { try RealmFile(path: path, pinned: pin) }
        }
        let right = PinnedVersion(version: UInt64(top.version), topRef: file.topRef, fileSize: top.logicalFileSize, entry: 0)
        #expect(try RealmFile(path: path, pinned: right).tables.count == file.tables.count)
    }
}
