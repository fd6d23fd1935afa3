/// One leaf of a cluster tree: up to 256 objects, one column node per property.
///
/// Reads are columnar: a scan takes a column's node once per leaf and walks it in place.
public struct ClusterLeaf: Sendable {
    let node: Node
    /// Added to every relative key stored in this leaf.
    public let keyOffset: Int64
    /// The explicit key node, or nil in compact form (keys are offset + 0..<count).
    let keys: Node?
    public let count: Int
    /// Position of this leaf's first object among all objects of the table; nil for a leaf
    /// found by key (`ClusterTree.find(key:)`), where counting the objects before it would
    /// read every earlier subtree.
    public let firstPosition: Int?
    /// Formats before 23 store dictionaries differently; column readers need to know.
    let usesLegacyDictionaries: Bool

    init(node: Node, keyOffset: Int64, firstPosition: Int?, usesLegacyDictionaries: Bool = false) throws(RealmFormatError) {
        try node.require(node.hasRefs && node.size >= 1, "cluster leaf", "not a has-refs node with a key slot")
        self.node = node
        self.keyOffset = keyOffset
        self.firstPosition = firstPosition
        self.usesLegacyDictionaries = usesLegacyDictionaries
        switch try node.slot(0) {
        case let .tagged(count):
            try node.require(count >= 0 && count <= 0xFF_FFFF, "cluster leaf", "object count \(count) is impossible")
            keys = nil
            self.count = Int(count)
        case let .ref(raw):
            let keyNode = try node.file.node(at: raw, context: "cluster leaf keys")
            try keyNode.require(!keyNode.hasRefs && keyNode.widthType == .bits, "cluster key node", "keys must be a plain integer node")
            keys = keyNode
            count = keyNode.size
        case .null:
            keys = nil
            count = 0
        }
    }

    /// The offset of the leaf's node: what tells two leaves apart.
    public var nodeRef: Int { node.ref }

    /// The absolute object key of `row`.
    public func key(at row: Int) throws(RealmFormatError) -> Int64 {
        guard let keys else {
            guard row >= 0, row < count else { throw .elementOutOfRange(ref: node.ref, index: row, size: count) }
            return keyOffset &+ Int64(row)
        }
        return keyOffset &+ Int64(bitPattern: try keys.unsignedInt(row))
    }

    /// The row holding object `key`, if this leaf has it, and whether the key lies within the
    /// leaf's range (at most its last key): a sorted walk over keys (`TableScan`'s candidates)
    /// stays on a leaf while that holds, since no other leaf can hold a key inside the range,
    /// and descends from the root only to leave it.
    public func row(ofKey key: Int64) throws(RealmFormatError) -> (row: Int?, inRange: Bool) {
        guard count > 0 else { return (nil, false) }
        let last = try self.key(at: count - 1)
        guard key <= last else { return (nil, false) }
        return (try row(ofRelativeKey: key &- keyOffset), true)
    }

    /// The row holding `relativeKey`, if this leaf has it.
    func row(ofRelativeKey relativeKey: Int64) throws(RealmFormatError) -> Int? {
        guard let keys else {
            return relativeKey >= 0 && relativeKey < Int64(count) ? Int(relativeKey) : nil
        }
        guard relativeKey >= 0 else { return nil }
        let wanted = UInt64(relativeKey)
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if try keys.unsignedInt(middle) < wanted { low = middle + 1 } else { high = middle }
        }
        guard low < count else { return nil }
        return try keys.unsignedInt(low) == wanted ? low : nil
    }

    /// The node holding column `leafIndex` for the objects of this leaf, or nil if absent.
    public func columnNode(leafIndex: Int) throws(RealmFormatError) -> Node? {
        guard leafIndex + 1 < node.size else { return nil }
        return try node.child(leafIndex + 1, "cluster column \(leafIndex)")
    }
}
