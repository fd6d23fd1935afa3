/// A table's objects: a B+tree keyed by object key, with up to 256 objects per leaf.
///
/// Positions (0-based, in key order) are what users type (`Specimen[3]`); keys are what links
/// store. The tree answers both, and counts come from the inner nodes without scanning.
public struct ClusterTree: Sendable {
    let root: Node?
    let file: FileBytes
    let tableName: String
    /// log2 of the leaf capacity: how compact inner nodes derive child key offsets.
    let keyShift: Int
    public let count: Int

    /// No valid file nests deeper: 256^8 objects would exceed the 64-bit key space.
    static let maximumDepth = 8

    init(root: Node?, file: FileBytes, tableName: String, keyShift: Int = 8) throws(RealmFormatError) {
        self.root = root
        self.file = file
        self.tableName = tableName
        self.keyShift = keyShift
        if let root {
            count = try ClusterTree.subtreeCount(root, context: "objects of \"\(tableName)\"")
        } else {
            count = 0
        }
    }

    static func subtreeCount(_ node: Node, context: @autoclosure () -> String) throws(RealmFormatError) -> Int {
        if node.isInner {
            try node.require(node.size >= 3, context(), "an inner cluster node needs at least 3 slots")
            let count = try node.tagged(2, context())
            try node.require(count >= 0 && count <= Int64(Int32.max), context(), "object count \(count) is impossible")
            return Int(count)
        }
        return try ClusterLeaf(node: node, keyOffset: 0, firstPosition: 0).count
    }

    /// Calls `body` with every leaf in key order.
    public func forEachLeaf(_ body: (ClusterLeaf) throws -> Void) throws {
        guard let root else { return }
        var visited = Set<Int>()
        var position = 0
        try visit(root, offset: 0, depth: 0, position: &position, visited: &visited, body)
    }

    private func visit(_ node: Node, offset: Int64, depth: Int, position: inout Int, visited: inout Set<Int>,
                       _ body: (ClusterLeaf) throws -> Void) throws {
        guard node.isInner else {
            let leaf = try ClusterLeaf(node: node, keyOffset: offset, firstPosition: position)
            position += leaf.count
            try body(leaf)
            return
        }
        let context = "cluster tree of \"\(tableName)\""
        guard depth < ClusterTree.maximumDepth, visited.insert(node.ref).inserted else {
            throw RealmFormatError.cycle(ref: node.ref, context: context)
        }
        let inner = try InnerClusterNode(node, keyShift: keyShift, context: context)
        for child in 0..<inner.childCount {
            let childNode = try inner.child(child)
            try visit(childNode, offset: offset &+ (try inner.keyOffset(child)), depth: depth + 1,
                      position: &position, visited: &visited, body)
        }
    }

    /// The leaf and row of the object at `position` (0-based, key order).
    public func leaf(atPosition position: Int) throws(RealmFormatError) -> (leaf: ClusterLeaf, row: Int)? {
        guard let root, position >= 0, position < count else { return nil }
        var node = root
        var offset: Int64 = 0
        var remaining = position
        var firstPosition = 0
        let context = "cluster tree of \"\(tableName)\""
        for _ in 0...ClusterTree.maximumDepth {
            guard node.isInner else {
                let leaf = try ClusterLeaf(node: node, keyOffset: offset, firstPosition: firstPosition)
                return remaining < leaf.count ? (leaf, remaining) : nil
            }
            let inner = try InnerClusterNode(node, keyShift: keyShift, context: context)
            var chosen: Node?
            for child in 0..<inner.childCount {
                let childNode = try inner.child(child)
                let childCount = try ClusterTree.subtreeCount(childNode, context: context)
                if remaining < childCount {
                    offset = offset &+ (try inner.keyOffset(child))
                    chosen = childNode
                    break
                }
                remaining -= childCount
                firstPosition += childCount
            }
            guard let chosen else { return nil }
            node = chosen
        }
        throw .cycle(ref: node.ref, context: context)
    }

    /// The leaf and row holding object `key`, or nil if the table has no such object.
    public func find(key: Int64) throws(RealmFormatError) -> (leaf: ClusterLeaf, row: Int)? {
        guard let root else { return nil }
        var node = root
        var offset: Int64 = 0
        var firstPosition = 0
        let context = "cluster tree of \"\(tableName)\""
        for _ in 0...ClusterTree.maximumDepth {
            guard node.isInner else {
                let leaf = try ClusterLeaf(node: node, keyOffset: offset, firstPosition: firstPosition)
                guard let row = try leaf.row(ofRelativeKey: key &- offset) else { return nil }
                return (leaf, row)
            }
            let inner = try InnerClusterNode(node, keyShift: keyShift, context: context)
            guard let child = try inner.childContaining(relativeKey: key &- offset) else { return nil }
            for earlier in 0..<child {
                firstPosition += try ClusterTree.subtreeCount(try inner.child(earlier), context: context)
            }
            offset = offset &+ (try inner.keyOffset(child))
            node = try inner.child(child)
        }
        throw .cycle(ref: node.ref, context: context)
    }
}
