import Foundation
import RealmFormat
import Testing
import TestSupport

/// `FileVersion` reads the live version with system calls; it must agree with what a mapped
/// `RealmFile` reads, for every header form, and change with every commit or replacement.
@Suite("File version checks", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct FileVersionTests {
    /// Versions in the fixtures' top arrays (slot 6, tagged), read from the raw bytes.
    @Test(arguments: [("species", 3), ("tasks", 4), ("demo", 3), ("alltypes", 4), ("history", 302), ("big", 12)])
    func agreesWithTheMappedFile(fixture: String, version: Int64) throws {
        guard Fixtures.requirePresent() else { return }
        let path = Fixtures.realmPath(fixture)
        let current = try FileVersion.current(path: path)
        let file = try RealmFile(path: path)
        #expect(current == file.openedVersion)
        #expect(current.version == version)
        #expect(file.mapped.descriptor >= 0)
        #expect(try file.liveVersion() == current, "through the mapping's descriptor")
    }

    @Test func legacyAndStreamingFilesToo() throws {
        guard Fixtures.requirePresent() else { return }
        for name in ["test_upgrade_database_20", "test_upgrade_database_4_22", "test_upgrade_database_4_23",
                     "test_upgrade_database_1000_22", "test_upgrade_database_1000_23"] {
            let path = Fixtures.realmPath("legacy/" + name)
            let file = try RealmFile(path: path)
            #expect(try FileVersion.current(path: path) == file.openedVersion, "\(name)")
            #expect(try file.liveVersion() == file.openedVersion, "\(name)")
        }
        let streaming = try TemporaryRealmCopy(bytes: try StreamingFormTests.streamingCopy(of: try Fixtures.bytes("tasks")),
                                               name: "tasks-streaming-version")
        defer { streaming.remove() }
        let file = try RealmFile(path: streaming.path)
        #expect(file.header.isStreamingForm)
        let current = try FileVersion.current(path: streaming.path)
        #expect(current == file.openedVersion)
        #expect(current.topRef == 4936 && current.version == 4, "the top ref comes from the footer")
        #expect(try file.liveVersion() == current)
    }

    @Test func aCommitOrAReplacementChangesIt() throws {
        guard Fixtures.requirePresent() else { return }
        let copy = try TemporaryRealmCopy(bytes: try Fixtures.bytes("species"), name: "species-version")
        defer { copy.remove() }
        let before = try RealmFile(path: copy.path)
        let editor = try FileEditor(path: copy.path)
        let table = try #require(editor.file.table(named: "class_Category"))
        try editor.set(.string("Aves"), column: try #require(table.column(named: "name")), table: table, key: 0)
        try editor.commit()
        let after = try FileVersion.current(path: copy.path)
        #expect(try before.liveVersion() == after, "the descriptor kept open reads the commit")
        #expect(after != before.openedVersion)
        #expect(after.version == 4 && after.inode == before.openedVersion.inode)
        #expect(after == (try RealmFile(path: copy.path)).openedVersion)
        // The same bytes under a new inode (a file renamed over it) are another file.
        let replacement = copy.path + ".new"
        try FileManager.default.copyItem(atPath: copy.path, toPath: replacement)
        #expect(rename(replacement, copy.path) == 0)
        let replaced = try FileVersion.current(path: copy.path)
        #expect(replaced.topRef == after.topRef && replaced.version == after.version)
        #expect(replaced != after)
        // The old file's descriptor still reads the old inode; the path names the new one.
        #expect(try before.liveVersion() == replaced)
        #expect(try before.liveVersion() != before.openedVersion)
    }
}
