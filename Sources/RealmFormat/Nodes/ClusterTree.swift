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
    let usesLegacyDictionaries: Bool
    public let count: Int

    /// No valid file nests deeper: 256^8 objects would exceed the 64-bit key space.
    static let maximumDepth = 8

    init(root: Node?, file: FileBytes, tableName: String, fileFormat: Int = 24) throws(RealmFormatError) {
        self.root = root
        self.file = file
        self.tableName = tableName
        self.usesLegacyDictionaries = fileFormat < 23
        self.keyShift = try root.map { root throws(RealmFormatError) in
            try ClusterTree.detectKeyShift(root, context: "objects of \"\(tableName)\"")
        } ?? 8
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

    /// Release builds of realm-core put up to 256 objects in a leaf, and compact inner nodes
    /// derive child key offsets with a shift of 8 bits per level. Test builds with a node size
    /// of 4 (realm-core's own upgrade-test files) use leaves of 4 and a shift of 2. A tree with
    /// inner nodes whose leaves never exceed 4 objects is taken to be such a file.
    static func detectKeyShift(_ root: Node, context: String) throws(RealmFormatError) -> Int {
        guard root.isInner else { return 8 }
        var pending = [root]
        var visited = Set<Int>()
        while let node = pending.popLast() {
            guard node.isInner else {
                if try ClusterLeaf(node: node, keyOffset: 0, firstPosition: 0).count > 4 { return 8 }
                continue
            }
            guard visited.insert(node.ref).inserted, visited.count <= 1 << 20 else { throw .cycle(ref: node.ref, context: context) }
            try node.require(node.size >= 3, context, "an inner cluster node needs at least 3 slots")
            for slot in 3..<node.size {
                pending.append(try node.requiredChild(slot, context))
            }
        }
        return 2
    }

    /// Calls `body` with every leaf in key order.
    public func forEachLeaf(_ body: (ClusterLeaf) throws -> Void) throws {
        guard let root else { return }
        var visited = Set<Int>()
        var position = 0
        // Every reader that walks a table passes here: the one place Ctrl-C is looked at,
        // rather than in each loop above. The task-local lookup is made once per walk, and
        // each leaf (never each object) costs one atomic load.
        let cancellation = Cancellation.current
        try visit(root, offset: 0, depth: 0, position: &position, visited: &visited, cancellation, body)
    }

    func visit(_ node: Node, offset: Int64, depth: Int, position: inout Int, visited: inout Set<Int>,
                       _ cancellation: Cancellation?, _ body: (ClusterLeaf) throws -> Void) throws {
        guard node.isInner else {
            let leaf = try ClusterLeaf(node: node, keyOffset: offset, firstPosition: position, usesLegacyDictionaries: usesLegacyDictionaries)
            position += leaf.count
            try cancellation?.check()
            try body(leaf)
            return
        }
        func context() -> String { "cluster tree of \"\(tableName)\"" }
        guard depth < ClusterTree.maximumDepth, visited.insert(node.ref).inserted else {
            throw RealmFormatError.cycle(ref: node.ref, context: context())
        }
        let inner = try InnerClusterNode(node, keyShift: keyShift, tableName: tableName)
        for child in 0..<inner.childCount {
            let childNode = try inner.child(child)
            try visit(childNode, offset: offset &+ (try inner.keyOffset(child)), depth: depth + 1,
                      position: &position, visited: &visited, cancellation, body)
        }
    }

    /// `forEachLeaf` for callers whose body throws only `RealmFormatError`.
    public func forEachLeafTyped(_ body: (ClusterLeaf) throws(RealmFormatError) -> Void) throws(RealmFormatError) {
        do {
            try forEachLeaf { leaf in try body(leaf) }
        } catch let error as RealmFormatError {
            throw error
        } catch {
            throw .unexpectedNode(ref: root?.ref ?? 0, context: tableName, detail: "\(error)")
        }
    }

    /// The leaf and row of the object at `position` (0-based, key order).
    public func leaf(atPosition position: Int) throws(RealmFormatError) -> (leaf: ClusterLeaf, row: Int)? {
        guard let root, position >= 0, position < count else { return nil }
        var node = root
        var offset: Int64 = 0
        var remaining = position
        var firstPosition = 0
        func context() -> String { "cluster tree of \"\(tableName)\"" }
        for _ in 0...ClusterTree.maximumDepth {
            guard node.isInner else {
                let leaf = try ClusterLeaf(node: node, keyOffset: offset, firstPosition: firstPosition, usesLegacyDictionaries: usesLegacyDictionaries)
                return remaining < leaf.count ? (leaf, remaining) : nil
            }
            let inner = try InnerClusterNode(node, keyShift: keyShift, tableName: tableName)
            var chosen: Node?
            for child in 0..<inner.childCount {
                let childNode = try inner.child(child)
                let childCount = try ClusterTree.subtreeCount(childNode, context: context())
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
        throw .cycle(ref: node.ref, context: context())
    }

    /// The leaf and row holding object `key`, or nil if the table has no such object. The
    /// leaf's `firstPosition` is not counted (nil): `findCountingPosition` counts it.
    public func find(key: Int64) throws(RealmFormatError) -> (leaf: ClusterLeaf, row: Int)? {
        try descend(to: key, countingPosition: false).map { ($0.leaf, $0.row) }
    }

    /// `find(key:)` and the object's position among all objects of the table, which costs
    /// reading the count of every subtree before it.
    public func findCountingPosition(key: Int64) throws(RealmFormatError) -> (leaf: ClusterLeaf, row: Int, position: Int)? {
        guard let found = try descend(to: key, countingPosition: true), let first = found.leaf.firstPosition else { return nil }
        return (found.leaf, found.row, first + found.row)
    }

    private func descend(to key: Int64, countingPosition: Bool) throws(RealmFormatError) -> (leaf: ClusterLeaf, row: Int)? {
        guard let root else { return nil }
        var node = root
        var offset: Int64 = 0
        var firstPosition = 0
        func context() -> String { "cluster tree of \"\(tableName)\"" }
        for _ in 0...ClusterTree.maximumDepth {
            guard node.isInner else {
                let leaf = try ClusterLeaf(node: node, keyOffset: offset, firstPosition: countingPosition ? firstPosition : nil,
                                           usesLegacyDictionaries: usesLegacyDictionaries)
                guard let row = try leaf.row(ofRelativeKey: key &- offset) else { return nil }
                return (leaf, row)
            }
            let inner = try InnerClusterNode(node, keyShift: keyShift, tableName: tableName)
            guard let child = try inner.childContaining(relativeKey: key &- offset) else { return nil }
            if countingPosition {
                for earlier in 0..<child {
                    firstPosition += try ClusterTree.subtreeCount(try inner.child(earlier), context: context())
                }
            }
            offset = offset &+ (try inner.keyOffset(child))
            node = try inner.child(child)
        }
        throw .cycle(ref: node.ref, context: context())
    }
}
