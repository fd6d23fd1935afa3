@testable import RealmFormat
import TestSupport
import Testing

/// A short-string slot is the string, a zero terminator, zero padding and a length byte
/// (format §6.5.1). history.realm with the 8 bytes at offset 5888 set to 0xff overwrites the
/// first slot of a 16-byte leaf (Note 242's tags, "ut"): its length byte still says 2 bytes,
/// but the terminator and padding are no longer zero. Realm's engine rejects that leaf; so do
/// `verify` and every read of the value, which is an error, never the garbled bytes as text.
@Suite("Short-string padding", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ShortStringPaddingTests {
    static let offset = 5888

    @Test func verifyNamesTheOverwrittenPadding() throws {
        guard Fixtures.requirePresent() else { return }
        let damage = try VerifyDamage("history")
        defer { damage.remove() }
        // The slot as Realm wrote it: "ut", 13 zero bytes, length byte 13 (16 - 1 - 2).
        #expect(damage.bytes(at: Self.offset, count: 16) == [0x75, 0x74] + [UInt8](repeating: 0, count: 13) + [13])
        #expect(try damage.problems() == [])
        try damage.copy.patch(offset: Self.offset, bytes: [UInt8](repeating: 0xFF, count: 8))

        #expect(try damage.problems() == [
            VerificationProblem(.collections, table: "class_Note", objectKey: 242, column: "tags", offset: Self.offset - 8,
                                "short string 0 at offset \(Self.offset - 8): byte 2 of its 16-byte slot should be zero (terminator or padding after 2 bytes), not 255"),
        ])
    }

    @Test func readingTheValueIsAnErrorBothWays() throws {
        guard Fixtures.requirePresent() else { return }
        let damage = try VerifyDamage("history")
        defer { damage.remove() }
        try damage.copy.patch(offset: Self.offset, bytes: [UInt8](repeating: 0xFF, count: 8))
        let file = try RealmFile(path: damage.copy.path)
        let leaf = try BlobLeaf(node: try file.mapped.bytes.node(at: Int64(Self.offset - 8), context: "test"), isString: true)
        #expect(leaf.count == 1)
        // The element reader and the scans' reader refuse it alike.
        #expect(throws: RealmFormatError.self) { try leaf.element(0) }
        #expect(throws: RealmFormatError.self) { try BlobScan(leaf).contiguous(0) }
        // An intact slot of the same kind still reads: the copy before the patch.
        let intact = try RealmFile(path: Fixtures.realmPath("history"))
        let good = try BlobLeaf(node: try intact.mapped.bytes.node(at: Int64(Self.offset - 8), context: "test"), isString: true)
        guard case let .contiguous(bytes) = try good.element(0) else { Issue.record("not contiguous"); return }
        #expect(Array(bytes) == [0x75, 0x74])
    }
}
