/// A node header decoded by the tests themselves (file format spec §2.1), independently of
/// RealmFormat, so targeted corruption tests can find and damage specific kinds of nodes.
struct RawNode {
    /// Width type values (flags bits 4-3).
    static let bitsWidthType: UInt8 = 0
    static let ignoreWidthType: UInt8 = 2

    let ref: Int
    let flags: UInt8
    let size: Int

    var isInner: Bool { flags & 0x80 != 0 }
    var hasRefs: Bool { flags & 0x40 != 0 }
    var context: Bool { flags & 0x20 != 0 }
    var widthType: UInt8 { (flags >> 3) & 3 }
    var width: Int { (1 << Int(flags & 7)) >> 1 }
    var flagsOffset: Int { ref + 4 }
    var payloadOffset: Int { ref + 8 }

    /// Nil unless `ref` is an 8-aligned position holding realm-core's "AAAA" node signature.
    init?(at ref: Int, in bytes: [UInt8]) {
        guard ref >= 24, ref % 8 == 0, ref + 8 <= bytes.count,
              bytes[ref..<(ref + 4)].elementsEqual("AAAA".utf8) else { return nil }
        self.ref = ref
        flags = bytes[ref + 4]
        size = Int(bytes[ref + 5]) << 16 | Int(bytes[ref + 6]) << 8 | Int(bytes[ref + 7])
    }

    /// Every signed node start in the file (live nodes and stale copies in free space alike).
    static func all(in bytes: [UInt8]) -> [RawNode] {
        stride(from: 24, to: bytes.count - 8, by: 8).compactMap { RawNode(at: $0, in: bytes) }
    }

    /// Element `index` of a width-type-bits node of width 8 or more (refs are at least 8 bits
    /// wide in practice), or nil if it lies outside the file or the width is smaller.
    func element(_ index: Int, in bytes: [UInt8]) -> Int64? {
        guard widthType == RawNode.bitsWidthType, width >= 8, index < size else { return nil }
        let byteWidth = width / 8
        let start = payloadOffset + index * byteWidth
        guard start + byteWidth <= bytes.count else { return nil }
        var value: UInt64 = 0
        for byte in 0..<byteWidth { value |= UInt64(bytes[start + byte]) << (8 * byte) }
        let unused = 64 - width
        return Int64(bitPattern: value << unused) >> unused  // sign-extend
    }

    /// The node that slot `index` refers to, if it holds a ref to a signed node.
    func child(_ index: Int, in bytes: [UInt8]) -> RawNode? {
        guard let raw = element(index, in: bytes), raw > 0, raw & 7 == 0, raw < Int64(bytes.count) else { return nil }
        return RawNode(at: Int(raw), in: bytes)
    }
}
