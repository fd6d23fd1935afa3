import RealmInterchange
import Foundation
import RealmFormat
@testable import RealmLegacy
import Testing
import TestSupport

/// Files Realm's own upgrade reads wrongly (legacy document L§8.5, L§12), made by byte edits of
/// fixture copies that change how values are stored, not what they are: the browser reads them
/// as the engine that wrote them does, so the dump is still Realm's dump of the unchanged
/// fixture, and `info`'s remarks say what Realm's upgrade would make of them.
@Suite("Old formats: files Realm's upgrade mangles", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct MangledByUpgradeTests {
    /// The table's column and its spec node, read through the old layout.
    static func column(_ name: String, of table: String, in copy: ScratchCopy,
                       _ body: (ColumnStoreTable, LegacyColumn, Node) throws -> Void) throws {
        let mapped = try MappedFile(path: copy.path)
        let file = try ColumnStoreFile(bytes: mapped.bytes, header: try FileHeader(file: mapped.bytes, readable: 5...11))
        let owner = try #require(file.tables.first { $0.name == table })
        let column = try #require(owner.spec.columns.first { $0.name == name })
        let top = try mapped.bytes.node(at: Int64(try #require(try file.top.tablesNode.slot(owner.index).refValue)), context: "test")
        try withExtendedLifetime(mapped) { try body(owner, column, try top.requiredChild(0, "spec")) }
    }

    static func dumpMatchesFixture(_ copy: ScratchCopy, _ name: String) throws -> [String] {
        let file = try FileOpening.open(path: copy.path)
        let output = BufferedOutput()
        try DumpWriter(file: file).write(tables: file.tables, to: output)
        let expected = try Data(contentsOf: URL(fileURLWithPath: OldFixtures.jsonPath(name)))
        #expect(output.bytes == [UInt8](expected), "\(TextDifference.firstLine([UInt8](expected), output.bytes))")
        return file.source?.remarks ?? []
    }

    /// L§8.5: an enumerated column's key list in a medium leaf (one value of 16 to 63 bytes, or
    /// written so). Nullable: `[offsets, blob, flags]` with flags 1 = not null (L§5.4), which
    /// Realm's upgrade reads the other way round; not nullable: `[offsets, blob]`, which it
    /// cannot read at all.
    @Test("enumerated strings whose values sit in a medium leaf read as written", arguments: ["stringOpt", "enumString"])
    func mediumKeyList(column name: String) throws {
        guard Fixtures.requirePresent() else { return }
        let copy = try ScratchCopy(of: "alltypes-f9")
        defer { copy.remove() }
        var slot = 0
        var keys: [RealmValue] = []
        var nullable = false
        var enumKeysRef = 0
        try Self.column(name, of: "class_AllTypes", in: copy) { table, column, spec in
            #expect(column.type == .stringEnum)
            nullable = column.isNullable
            let keyList = try #require(column.enumKeys)
            keys = try ElementCursor(root: keyList, kind: .string(nullable: nullable), context: "keys").all()
            slot = table.spec.columns.filter { $0.type == .stringEnum && $0.index < column.index }.count
            enumKeysRef = try #require(try spec.child(4, "enum keys")).ref
        }
        #expect(keys.count > 1)
        var blob: [UInt8] = []
        var ends: [Int64] = []
        for key in keys {
            if case let .string(text) = key { blob += Array(text.utf8) }
            blob.append(0)
            ends.append(Int64(blob.count))
        }
        // The offsets, blob and flags at the end of the file; the leaf, whose ref goes into the
        // narrow enum keys node, in free space low in the file.
        let end = ScratchCopy.Placement(at: try copy.bytes().count)
        let offsets = try copy.writeIntegers(ends, at: end)
        let bytes = try copy.writeNode(flags: 0x10 | 1, size: blob.count, payload: blob, at: end)
        var slots: [Int64] = [Int64(offsets), Int64(bytes)]
        if nullable { slots.append(Int64(try copy.writeIntegers(keys.map { $0 == .null ? 0 : 1 }, at: end))) }
        let leaf = try copy.writeIntegers(slots, refs: true, at: try #require(try copy.freeChunk(length: 32, below: 1 << 15)))
        // The spec's enum keys node holds one ref per enumerated column: point this one's at the leaf.
        let mapped = try MappedFile(path: copy.path)
        let width = try withExtendedLifetime(mapped) { try mapped.bytes.node(at: Int64(enumKeysRef), context: "enum keys").width / 8 }
        #expect(width >= 2)
        try copy.patch(at: enumKeysRef + 8 + slot * width, (0..<width).map { UInt8(truncatingIfNeeded: leaf >> (8 * $0)) })

        let remarks = try Self.dumpMatchesFixture(copy, "alltypes-f9")
        let expected = nullable ? "Realm's upgrade would turn every value into null and every null into \"\"" : "Realm's upgrade fails on them"
        #expect(remarks.contains { $0.hasPrefix("class_AllTypes.\(name): enumerated strings with values of 16 to 63 bytes") && $0.contains(expected) },
                "\(remarks)")
    }

    /// L§12: format 8 let a list's subtable column be nullable; Realm's upgrade then reads the
    /// non-nullable element column as nullable and drops the first element of every list.
    @Test("a nullable format-8 list of non-nullable values keeps its first elements")
    func nullableSubtableColumn() throws {
        guard Fixtures.requirePresent() else { return }
        let copy = try ScratchCopy(of: "alltypes-f8")
        defer { copy.remove() }
        var attributesRef = 0
        var index = 0
        try Self.column("intList", of: "class_AllTypes", in: copy) { _, column, spec in
            #expect(column.type == .table && column.attributes == 0)
            #expect(column.subspec?.publicColumns.first?.isNullable == false)
            let attributes = try spec.requiredChild(2, "attributes")
            #expect(attributes.width == 8, "room for the Nullable bit")
            attributesRef = attributes.ref
            index = column.index
        }
        try copy.patch(at: attributesRef + 8 + index, [16])
        let remarks = try Self.dumpMatchesFixture(copy, "alltypes-f8")
        #expect(remarks.contains { $0.hasPrefix("class_AllTypes.intList: a nullable list of non-nullable values (format 8)") }, "\(remarks)")
    }
}

extension Node.Slot {
    var refValue: Int64? {
        if case let .ref(value) = self { return value }
        return nil
    }
}
