import RealmFormat
import TestSupport
import Testing

/// Damage aimed at lists, sets and dictionaries (alltypes.realm), for failure modes random
/// flips practically never produce: a whole 32-bit count rewritten, a column relabelled so that
/// ordinary integers are decoded as typed links, a nested collection made to contain itself.
/// Each case is read in full through `CorruptionHarness`, which fails on a trap, a hang or an
/// error other than `RealmFormatError`. All three trapped or crashed before the fixes they name.
@Suite("Targeted collection corruption", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct TargetedCollectionCorruptionTests {
    static let maximumCases = 40

    /// A B+tree inner node's last slot holds the element count of its subtree (spec: B+trees).
    /// Regression: `CollectionReader.elements(of:)` reserved that many elements up front, so a
    /// count of a billion asked for tens of gigabytes and the process died. The count is a
    /// claim; only the leaves say how many elements there are.
    @Test("a list B+tree claiming a billion elements is read or rejected, never exhausts memory")
    func hugeInnerNodeCount() throws {
        guard Fixtures.requirePresent() else { return }
        let original = try Fixtures.bytes("alltypes")
        // B+tree inner nodes: has-refs inner nodes whose slot 1 is a child ref (a cluster tree's
        // inner node holds its tagged depth there) and whose last slot is a tagged count.
        // 32- or 64-bit wide, so that a count near 2^30 fits without widening the node.
        let inner = RawNode.all(in: original).filter { node in
            guard node.isInner, node.hasRefs, node.widthType == RawNode.bitsWidthType, node.width >= 32, node.size >= 3,
                  let slot1 = node.element(1, in: original), let last = node.element(node.size - 1, in: original) else {
                return false
            }
            return slot1 > 0 && slot1 & 1 == 0 && last & 1 == 1
        }
        try #require(!inner.isEmpty, "alltypes.realm has no list B+tree inner node (obj-0005's intList has 2000 elements)")
        let copy = try TemporaryRealmCopy(bytes: original, name: "alltypes-inner-count")
        defer { copy.remove() }
        var cases = 0
        for node in inner.prefix(TargetedCollectionCorruptionTests.maximumCases) {
            let byteWidth = node.width / 8
            let offset = node.payloadOffset + (node.size - 1) * byteWidth
            let saved = Array(original[offset..<(offset + byteWidth)])
            // Tagged count 2^30 - 1 (raw 0x7FFFFFFF), the largest a 32-bit slot holds.
            let raw = withUnsafeBytes(of: Int64(0x7FFF_FFFF).littleEndian, Array.init)
            try copy.patch(offset: offset, bytes: Array(raw.prefix(byteWidth)))
            let label = "alltypes: B+tree inner node at \(node.ref) claims \(0x7FFF_FFFF >> 1) elements"
            guard CorruptionHarness.run(label, path: copy.path, objectsPerTable: nil) != nil else { return }
            try copy.patch(offset: offset, bytes: saved)
            cases += 1
        }
        #expect(cases > 0)
    }

    /// Relabels `intList` (a list of ints) as a list of typed links, so its integers are read as
    /// (table + 1, key + 1) pairs. obj-0003's list starts with INT64_MIN, INT64_MAX.
    /// Regression: the typed-link decoder computed `table - 1`, which overflowed (a trap) for a
    /// stored table of INT64_MIN.
    @Test("a typed link whose table is INT64_MIN is rejected, never traps")
    func typedLinkWithExtremeTable() throws {
        guard Fixtures.requirePresent() else { return }
        let original = try Fixtures.bytes("alltypes")
        let file = try RealmFile(path: Fixtures.realmPath("alltypes"))
        let table = try #require(file.table(named: "class_AllTypes"))
        let column = try #require(table.column(named: "intList"))
        try #require(column.type == .int && column.collection == .list)

        // The column key is an element of the spec's key array, 32 or 64 bits wide depending on
        // the largest key: the type code is bits 16-21, i.e. in byte 2 either way.
        let key = column.key.rawValue
        try #require(key >= 0 && key <= Int64(UInt32.max), "expected a key that fits 32 bits, found \(key)")
        let lowBytes = withUnsafeBytes(of: UInt32(key).littleEndian, Array.init)
        let positions = stride(from: 24, to: original.count - 4, by: 4).filter {
            original[$0..<($0 + 4)].elementsEqual(lowBytes)
        }
        try #require(!positions.isEmpty, "the key of intList was not found in the file")
        var bytes = original
        for position in positions {
            bytes[position + 2] = (original[position + 2] & 0xC0) | UInt8(ColumnType.typedLink.rawValue)
        }
        let copy = try TemporaryRealmCopy(bytes: bytes, name: "alltypes-typed-links")
        defer { copy.remove() }

        let relabelled = try RealmFile(path: copy.path)
        let relabelledColumn = try #require(relabelled.table(named: "class_AllTypes")?.column(named: "intList"))
        try #require(relabelledColumn.type == .typedLink, "relabelling intList did not take effect")

        let outcome = try #require(CorruptionHarness.run("alltypes: intList relabelled as typed links",
                                                         path: copy.path, objectsPerTable: nil))
        #expect(outcome.isRejected, "INT64_MIN as a typed link's table must be reported: \(outcome)")
    }

    /// A Mixed leaf keeps the roots of collections nested in its values in a refs array (slot 4,
    /// format 24). Pointing such a root back at the Mixed leaf itself makes a collection that
    /// contains itself; anything that descends into nested collections (`dump`, this harness)
    /// would recurse forever and overflow the stack. Regression: `realm-browser FILE -c dump`
    /// crashed with a stack overflow on such a file; `CollectionReader` now refuses the loop.
    @Test("a nested collection that contains itself is rejected, never recurses forever")
    func selfContainingNestedCollection() throws {
        guard Fixtures.requirePresent() else { return }
        let original = try Fixtures.bytes("alltypes")
        // Mixed leaves: has-refs leaves of 5 or 6 slots (spec §6.9) whose slot 4 is an array of refs,
        // wide enough to hold the leaf's own position.
        let candidates = RawNode.all(in: original).compactMap { node -> (leaf: RawNode, refs: RawNode)? in
            guard node.hasRefs, !node.isInner, node.size == 5 || node.size == 6, let refs = node.child(4, in: original),
                  refs.hasRefs, refs.size >= 1, refs.widthType == RawNode.bitsWidthType,
                  refs.width >= 8, node.ref < 1 << (refs.width - 1),
                  let first = refs.element(0, in: original), first > 0, first & 1 == 0 else { return nil }
            return (node, refs)
        }
        try #require(!candidates.isEmpty, "alltypes.realm has no Mixed leaf with nested collections")
        let copy = try TemporaryRealmCopy(bytes: original, name: "alltypes-nested-loop")
        defer { copy.remove() }
        var rejected = 0
        for (leaf, refs) in candidates.prefix(TargetedCollectionCorruptionTests.maximumCases) {
            let byteWidth = refs.width / 8
            let saved = Array(original[refs.payloadOffset..<(refs.payloadOffset + byteWidth)])
            let patched = withUnsafeBytes(of: Int64(leaf.ref).littleEndian, Array.init)
            try copy.patch(offset: refs.payloadOffset, bytes: Array(patched.prefix(byteWidth)))
            let label = "alltypes: nested collection 0 of the Mixed leaf at \(leaf.ref) points back at that leaf"
            guard let outcome = CorruptionHarness.run(label, path: copy.path, objectsPerTable: nil) else { return }
            try copy.patch(offset: refs.payloadOffset, bytes: saved)
            if outcome.isRejected { rejected += 1 }
        }
        // Stale copies in free space are never reached, but the live leaves must be noticed.
        #expect(rejected > 0)
    }
}
