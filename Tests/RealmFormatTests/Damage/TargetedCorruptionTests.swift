import RealmFormat
import TestSupport
import Testing

/// Damage aimed at specific structures, found by the tests' own node scan (`RawNode`), for
/// failure modes that single random byte flips practically never produce: a value that needs
/// several bytes to be just so, or a node header that lies about its own layout.
///
/// The scan also finds stale copies of nodes in free space, whose damage is harmless, so each
/// kind of damage is applied to up to `maximumCasesPerFixture` candidates, one at a time.
@Suite("Targeted corruption", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct TargetedCorruptionTests {
    static let maximumCasesPerFixture = 40

    /// A medium-string ("small blob") leaf whose first end offset is Int64.min: computing the
    /// element's length (end minus the terminating NUL) must not overflow. big.realm is left
    /// out for speed (a full read of it per case takes seconds); the others cover the same code.
    @Test("string leaves with an end offset of Int64.min are rejected, never trap")
    func extremeStringOffsets() throws {
        guard Fixtures.requirePresent() else { return }
        var candidates = 0
        var rejected = 0
        for fixture in Fixtures.goldenNames where fixture != "big" {
            let original = try Fixtures.bytes(fixture)
            let offsetNodes = RawNode.all(in: original).compactMap {
                TargetedCorruptionTests.smallBlobOffsets(of: $0, in: original)
            }
            let copy = try TemporaryRealmCopy(bytes: original, name: "\(fixture)-offsets")
            defer { copy.remove() }
            let minimum = withUnsafeBytes(of: Int64.min.littleEndian, Array.init)
            for offsets in offsetNodes.prefix(TargetedCorruptionTests.maximumCasesPerFixture) {
                let firstEight = Array(original[offsets.payloadOffset..<(offsets.payloadOffset + 8)])
                // Width code 7 (64-bit elements), then element 0 = Int64.min.
                try copy.patch(offset: offsets.flagsOffset, byte: (offsets.flags & ~7) | 7)
                try copy.patch(offset: offsets.payloadOffset, bytes: minimum)
                let label = "\(fixture): string offsets node at \(offsets.ref) widened to 64 bits, first end offset Int64.min"
                guard let outcome = CorruptionHarness.run(label, path: copy.path, objectsPerTable: nil) else { return }
                try copy.patch(offset: offsets.flagsOffset, byte: offsets.flags)
                try copy.patch(offset: offsets.payloadOffset, bytes: firstEight)
                candidates += 1
                if outcome.isRejected { rejected += 1 }
            }
        }
        #expect(candidates > 0, "no medium-string leaves found in the fixtures")
        // At least the live leaves among the candidates must be noticed.
        #expect(rejected > 0)
    }

    /// Has-refs nodes are arrays of bit-packed integers (spec §2.2). If the header claims the
    /// byte-blob width type, its payload is `size` bytes while reading `size` slots of 32 or 64
    /// bits would run past the node (and past the mapping for a node at the end of the file).
    @Test("a has-refs node claiming the byte-blob width type is rejected", arguments: Fixtures.goldenNames)
    func hasRefsNodeWithBlobWidthType(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let original = try Fixtures.bytes(fixture)
        let header = try #require(RawHeader(original))
        let top = try #require(RawNode(at: Int(header.selectedTopRef), in: original), "\(fixture): no node at the top ref")
        try #require(top.hasRefs && top.widthType == RawNode.bitsWidthType && top.width >= 16)

        let others = RawNode.all(in: original).filter { $0.hasRefs && $0.width >= 16 && $0.ref != top.ref }
        let copy = try TemporaryRealmCopy(bytes: original, name: "\(fixture)-wtype")
        defer { copy.remove() }
        var cases = 0
        for node in [top] + others.prefix(TargetedCorruptionTests.maximumCasesPerFixture) {
            try copy.patch(offset: node.flagsOffset, byte: (node.flags & ~0x18) | (RawNode.ignoreWidthType << 3))
            let label = "\(fixture): has-refs node at \(node.ref) relabelled as a byte blob"
            guard let outcome = CorruptionHarness.run(label, path: copy.path, objectsPerTable: 1024) else { return }
            try copy.patch(offset: node.flagsOffset, byte: node.flags)
            cases += 1
            if node.ref == top.ref {
                #expect(outcome.isRejected, "\(fixture): the top array was read although its header says byte blob: \(outcome)")
            }
        }
        #expect(cases > 1)
    }

    /// The offsets node of a small-blob leaf: a has-refs leaf of 2 or 3 slots (offsets, blob,
    /// optional null flags) without the context flag, whose slot 0 is a plain bit-packed node
    /// and slot 1 a byte blob. Only returned if widening it to 64 bits still fits in the file.
    private static func smallBlobOffsets(of node: RawNode, in bytes: [UInt8]) -> RawNode? {
        guard node.hasRefs, !node.isInner, !node.context, node.size == 2 || node.size == 3,
              let offsets = node.child(0, in: bytes), let blob = node.child(1, in: bytes),
              !offsets.hasRefs, offsets.widthType == RawNode.bitsWidthType, offsets.size >= 1,
              !blob.hasRefs, blob.widthType == RawNode.ignoreWidthType,
              offsets.payloadOffset + 8 * offsets.size <= bytes.count else { return nil }
        return offsets
    }
}
