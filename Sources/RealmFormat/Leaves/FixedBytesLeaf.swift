/// ObjectId and UUID leaves: blocks of one null-bit byte followed by eight fixed-size values.
struct FixedBytesLeaf {
    let node: Node
    let elementSize: Int
    let count: Int

    var blockSize: Int { 8 * elementSize + 1 }

    init(node: Node, elementSize: Int) throws(RealmFormatError) {
        let context = elementSize == 12 ? "ObjectId leaf" : "UUID leaf"
        try node.require(!node.hasRefs && (node.widthType == .multiply || node.size == 0), context, "expected a byte node")
        self.node = node
        self.elementSize = elementSize
        let blockSize = 8 * elementSize + 1
        let blocks = (node.size + blockSize - 1) / blockSize
        count = node.width == 0 ? 0 : (node.size - blocks) / elementSize
    }

    /// The bytes of element `index`, or nil when its null bit is set.
    func bytes(_ index: Int) throws(RealmFormatError) -> [UInt8]? {
        guard index >= 0, index < count else { throw .elementOutOfRange(ref: node.ref, index: index, size: count) }
        let block = (index / 8) * blockSize
        let nullBits = try node.bytes(offset: block, length: 1)[0]
        if nullBits & (1 << UInt8(index % 8)) != 0 { return nil }
        return Array(try node.bytes(offset: block + 1 + (index % 8) * elementSize, length: elementSize))
    }
}
