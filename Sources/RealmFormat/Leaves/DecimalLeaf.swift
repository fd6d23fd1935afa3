/// Decimal128 leaves: 0, 4, 8 or 16 bytes per element (format 24), always 16 before.
struct DecimalLeaf {
    let node: Node
    var count: Int { node.size }

    init(node: Node) throws(RealmFormatError) {
        try node.require(!node.hasRefs && node.widthType == .multiply && [0, 4, 8, 16].contains(node.width),
                         "Decimal128 leaf", "unexpected element width \(node.width)")
        self.node = node
    }

    /// Element `index`, or nil for Realm's null (a quiet NaN with payload 0xAA).
    func value(_ index: Int) throws(RealmFormatError) -> Decimal128? {
        guard index >= 0, index < count else { throw .elementOutOfRange(ref: node.ref, index: index, size: count) }
        switch node.width {
        case 0:
            // Width 0 stores no bytes: the context flag says "all zero" rather than "all null".
            return node.context ? .zero : nil
        case 4:
            let bits = UInt32(littleEndian: try node.bytes(offset: index * 4, length: 4).loadUnaligned(as: UInt32.self))
            return bits == 0x7C00_00AA ? nil : Decimal128.widening(bits: UInt64(bits), width: 4)
        case 8:
            let bits = UInt64(littleEndian: try node.bytes(offset: index * 8, length: 8).loadUnaligned(as: UInt64.self))
            return bits == 0x7C00_0000_0000_00AA ? nil : Decimal128.widening(bits: bits, width: 8)
        default:
            let raw = try node.bytes(offset: index * 16, length: 16)
            let low = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
            let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            return low == 0xAA && high == 0x7C00_0000_0000_0000 ? nil : Decimal128(high: high, low: low)
        }
    }
}
