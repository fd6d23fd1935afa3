import Foundation
import RealmFormat
import TestSupport
import Testing

/// `FileEditor(reusing:)` starts from the session's open file only while that file is still
/// the current version: an editor built on a stale one would place nodes in space the newer
/// version uses.
@Suite("Editing from the open file", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct FileEditorReuseTests {
    func setLatitude(_ value: Double, in editor: FileEditor) throws {
        let table = try #require(editor.file.table(named: "class_Specimen"))
        let column = try #require(table.column(named: "latitude"))
        try editor.set(.double(value), column: column, table: table, key: 0)
        try editor.commit()
    }

    func latitude(_ path: String) throws -> RealmValue {
        let file = try RealmFile(path: path)
        let table = try #require(file.table(named: "class_Specimen"))
        let (leaf, row) = try #require(try table.objects.find(key: 0))
        return try ColumnLeafReader(leaf: leaf, column: try #require(table.column(named: "latitude"))).value(at: row)
    }

    @Test func theCurrentVersionIsReusedAndAStaleOneIsNot() throws {
        guard Fixtures.requirePresent() else { return }
        let copy = try TemporaryRealmCopy(bytes: try Fixtures.bytes("species"), name: "species-reuse")
        defer { copy.remove() }
        let open = try RealmFile(path: copy.path)
        do {
            let editor = try FileEditor(reusing: open)
            #expect(editor.file === open)
        }
        // Another writer commits: the open file is stale, so the editor reads the file anew and
        // its commit builds on that version.
        try setLatitude(11, in: try FileEditor(path: copy.path))
        let editor = try FileEditor(reusing: open)
        #expect(editor.file !== open)
        #expect(editor.file.top?.version == (open.top?.version ?? 0) + 1)
        try setLatitude(22, in: editor)
        #expect(try latitude(copy.path) == .double(22))
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: copy.path))))
    }
}
