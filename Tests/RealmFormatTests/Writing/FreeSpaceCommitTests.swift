import Foundation
import RealmFormat
import Testing
import TestSupport

/// A commit writes only into space the current version does not use: when the file's free list
/// claims bytes of a live node (a damaged file), the commit throws before writing anything.
@Suite("Commits never overwrite live nodes", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct FreeSpaceCommitTests {
    @Test func aFreeListClaimingALiveNodeIsRefusedAndTheFileUnchanged() throws {
        guard Fixtures.requirePresent() else { return }
        var bytes = try Fixtures.bytes("species")
        let report = try SpaceAccounting.verify(bytes)
        // A free entry directly followed by a live node: lengthen it by 8 bytes into that node.
        let index = try #require(report.freeList.firstIndex { entry in
            report.nodes.contains { $0.lowerBound == entry.range.upperBound }
        })
        let header = try #require(RawHeader(bytes))
        let top = try #require(RawNode(at: Int(header.selectedTopRef), in: bytes))
        let lengths = try #require(top.child(4, in: bytes))
        let length = try #require(lengths.element(index, in: bytes))
        let byteWidth = lengths.width / 8
        let longer = UInt64(length + 8)
        for byte in 0..<byteWidth {
            bytes[lengths.payloadOffset + index * byteWidth + byte] = UInt8(truncatingIfNeeded: longer >> (8 * byte))
        }
        #expect(throws: SpaceAccounting.Failure.self, "the damage is an overlap") { try SpaceAccounting.verify(bytes) }

        let copy = try TemporaryRealmCopy(bytes: bytes, name: "species-free-entry-over-a-live-node")
        defer { copy.remove() }
        let editor = try FileEditor(path: copy.path)
        let table = try #require(editor.file.table(named: "class_Specimen"))
        let column = try #require(table.columns.first { $0.name == "name" })
        try editor.set(.string("overwritten?"), column: column, table: table, key: 0)
        do {
            try editor.commit()
            Issue.record("the commit placed nodes in a free list that overlaps a live node")
        } catch {
            #expect("\(error)".contains("overlaps a live node"), "\(error)")
        }
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: copy.path))) == bytes, "not a byte written")
    }

    /// After a commit the editor still reads the old version, whose free space the new version
    /// now uses: a second commit from it is refused and writes nothing.
    @Test func anEditorCommitsOnce() throws {
        guard Fixtures.requirePresent() else { return }
        let copy = try TemporaryRealmCopy(bytes: try Fixtures.bytes("species"), name: "species-commit-twice")
        defer { copy.remove() }
        let editor = try FileEditor(path: copy.path)
        let table = try #require(editor.file.table(named: "class_Specimen"))
        let column = try #require(table.columns.first { $0.name == "name" })
        try editor.set(.string("first"), column: column, table: table, key: 0)
        #expect(try editor.commit().version == 4)
        let committed = [UInt8](try Data(contentsOf: URL(fileURLWithPath: copy.path)))
        try editor.set(.string("second"), column: column, table: table, key: 1)
        #expect(throws: RealmFormatError.self) { try editor.commit() }
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: copy.path))) == committed)
        _ = try SpaceAccounting.verify(committed)
    }
}
