import RealmFormat

/// The leaves of one B+tree of formats 5-9 (a column, a list, a key list), in element order,
/// handed out one at a time (L§4, the same B+tree as M§6.16).
///
/// A column is read in step with the others, 256 rows at a time for the writer, so the walk
/// must stop and resume: it keeps the path of inner nodes above the current leaf. Each inner
/// node is `[E or offsets, child..., total]`; children sit in slots 1 to size - 2.
struct LeafSequence {
    /// Inner nodes on the way down and the slot of the child to visit next in each.
    private var path: [(node: Node, next: Int)] = []
    private var root: Node?
    private let context: String
    /// Every node the walk reached: in a B+tree none is reached twice, and a damaged tree that
    /// shares nodes could otherwise hand out the same leaves endlessly.
    private var visited = Set<Int>()

    /// No valid tree is deeper: each level multiplies the capacity by up to 1000.
    static let maximumDepth = 8

    init(root: Node, context: String) {
        self.root = root
        self.context = context
    }

    /// The next leaf, nil after the last one.
    mutating func next() throws(RealmFormatError) -> Node? {
        if let root {
            self.root = nil
            return try descend(from: root)
        }
        while let last = path.last {
            if last.next < last.node.size - 1 {
                path[path.count - 1].next += 1
                return try descend(from: try last.node.requiredChild(last.next, "\(context) inner node"))
            }
            path.removeLast()
        }
        return nil
    }

    /// Goes down the first children from `node` to a leaf, remembering the inner nodes.
    private mutating func descend(from start: Node) throws(RealmFormatError) -> Node {
        var node = start
        guard visited.insert(node.ref).inserted else { throw .cycle(ref: node.ref, context: context) }
        while node.isInner {
            guard path.count < LeafSequence.maximumDepth else { throw .cycle(ref: node.ref, context: context) }
            try node.require(node.hasRefs && node.size >= 3, context, "a B+tree inner node needs a child between its two numbers")
            path.append((node, 2))
            node = try node.requiredChild(1, "\(context) inner node")
            guard visited.insert(node.ref).inserted else { throw .cycle(ref: node.ref, context: context) }
        }
        return node
    }

    /// The element count of a tree whose root is an inner node: its last slot (L§3.5).
    static func innerTotal(_ node: Node, context: String) throws(RealmFormatError) -> Int {
        try node.require(node.hasRefs && node.size >= 2, context, "a B+tree inner node needs at least 2 slots")
        let total = try node.tagged(node.size - 1, context)
        try node.require(total >= 0 && total <= Int64(Int32.max), context, "element count \(total) is impossible")
        return Int(total)
    }
}
