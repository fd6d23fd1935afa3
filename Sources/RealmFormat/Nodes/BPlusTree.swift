/// The B+tree behind lists, sets, dictionary keys and values, and backlink lists.
///
/// A root is either a leaf (an ordinary value leaf) or an inner node whose children are leaves
/// or further inner nodes; the last slot of an inner node holds the subtree's element count.
struct BPlusTree {
    let root: Node
    let context: String

    /// No valid tree is deeper: each level multiplies capacity by up to 1000.
    static let maximumDepth = 8

    var count: Int {
        get throws(RealmFormatError) {
            guard root.isInner else { return -1 }
            return try BPlusTree.innerCount(root, context: context)
        }
    }

    static func innerCount(_ node: Node, context: @autoclosure () -> String) throws(RealmFormatError) -> Int {
        try node.require(node.size >= 2, context(), "a B+tree inner node needs at least 2 slots")
        let total = try node.tagged(node.size - 1, context())
        try node.require(total >= 0 && total <= Int64(Int32.max), context(), "element count \(total) is impossible")
        return Int(total)
    }

    /// Calls `body` with every leaf, in element order.
    func forEachLeaf(_ body: (Node) throws(RealmFormatError) -> Void) throws(RealmFormatError) {
        var visited = Set<Int>()
        try visit(root, depth: 0, visited: &visited, body)
    }

    private func visit(_ node: Node, depth: Int, visited: inout Set<Int>,
                       _ body: (Node) throws(RealmFormatError) -> Void) throws(RealmFormatError) {
        guard node.isInner else {
            try body(node)
            return
        }
        guard depth < BPlusTree.maximumDepth, visited.insert(node.ref).inserted else {
            throw .cycle(ref: node.ref, context: context)
        }
        try node.require(node.size >= 2, context, "a B+tree inner node needs at least 2 slots")
        for slot in 1..<(node.size - 1) {
            try visit(try node.requiredChild(slot, context), depth: depth + 1, visited: &visited, body)
        }
    }
}
