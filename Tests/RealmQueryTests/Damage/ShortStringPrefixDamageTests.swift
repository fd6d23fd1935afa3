import Foundation
import RealmFormat
import RealmQuery
import TestSupport
import Testing

/// `BEGINSWITH` on a leaf of short strings compares each slot as words (`ShortStringPrefix`)
/// without decoding the value, but still checks the slot's padding: a selected slot whose
/// terminator or padding is not zero is damage, and the query fails, as the per-value reader
/// does, instead of matching or skipping the garbled slot.
@Suite("BEGINSWITH on damaged short strings", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ShortStringPrefixDamageTests {
    /// The first slot of big.realm's `Item.category` short-string leaves with a padding byte:
    /// its file offset, width and bytes.
    struct Slot {
        let nodeRef: Int
        let row: Int
        let offset: Int
        let width: Int
        let bytes: [UInt8]
    }

    static func firstPaddedSlot(_ file: RealmFile, _ table: Table, _ column: Column) throws -> Slot? {
        var found: Slot?
        let bytes = file.mapped.bytes
        try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            guard found == nil, let node = try leaf.columnNode(leafIndex: column.leafIndex),
                  node.widthType == .multiply, !node.hasRefs, node.width >= 4 else { return }
            let width = node.width
            for row in 0..<node.size where found == nil {
                let slot = node.ref + 8 + row * width
                let padding = Int(try bytes.uint8(at: slot + width - 1))
                let length = width - 1 - padding
                // A non-empty string with a terminator byte before the length byte.
                guard padding < width, length >= 1, length <= width - 2 else { continue }
                var text: [UInt8] = []
                for index in 0..<length { text.append(try bytes.uint8(at: slot + index)) }
                found = Slot(nodeRef: node.ref, row: row, offset: slot, width: width, bytes: text)
            }
        }
        return found
    }

    @Test func aSelectedSlotWithDirtyPaddingIsAnError() throws {
        guard Fixtures.requirePresent() else { return }
        let fixture = try EditedFixture("big")
        let table = try fixture.table("Item")
        let column = try fixture.column("Item", "category")
        let slot = try #require(try Self.firstPaddedSlot(fixture.file, table, column), "no short-string leaf in big.realm")
        let prefix = try #require(String(bytes: slot.bytes, encoding: .utf8))
        let query = "category BEGINSWITH '\(prefix)'"
        // Intact, the slot's object is among the matches.
        #expect(try QueryEngine(file: fixture.file).run(query, on: table).isEmpty == false)

        // The byte before the length byte (the terminator or padding) set to 'A'.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: fixture.path))
        try handle.seek(toOffset: UInt64(slot.offset + slot.width - 2))
        try handle.write(contentsOf: Data([0x41]))
        try handle.close()
        let damaged = try RealmFile(path: fixture.path)
        let damagedTable = try #require(damaged.tables.first { $0.className == "Item" })
        let named = "short string \(slot.row) at offset \(slot.nodeRef): byte \(slot.width - 2) of its \(slot.width)-byte slot "
            + "should be zero (terminator or padding after \(slot.bytes.count) bytes), not 65"
        #expect(performing: { try QueryEngine(file: damaged).run(query, on: damagedTable) },
                throws: { "\($0)".contains(named) })
        // The case-folding path reads the value through the checked reader: the same error.
        #expect(performing: { try QueryEngine(file: damaged).run("category BEGINSWITH[c] '\(prefix)'", on: damagedTable) },
                throws: { "\($0)".contains(named) })
    }
}
