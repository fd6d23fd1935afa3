/// An inner node of a cluster tree: child refs with the key offset of each child.
struct InnerClusterNode {
    let node: Node
    /// Explicit child offsets, or nil in compact form.
    let keys: Node?
    let depth: Int
    let keyShift: Int
    /// Names the tree in errors; the message is only built when one is thrown, since lookups
    /// by key make an inner node per level for every object they find.
    let tableName: String
    var context: String { InnerClusterNode.context(tableName) }

    static func context(_ tableName: String) -> String { "cluster tree of \"\(tableName)\"" }

    var childCount: Int { node.size - 3 }

    init(_ node: Node, keyShift: Int, tableName: String) throws(RealmFormatError) {
        self.node = node
        self.keyShift = keyShift
        self.tableName = tableName
        func context() -> String { InnerClusterNode.context(tableName) }
        try node.require(node.size >= 3, context(), "an inner node needs at least 3 slots")
        let depth = try node.tagged(1, context())
        try node.require(depth >= 1 && depth <= Int64(ClusterTree.maximumDepth), context(), "depth \(depth) is impossible")
        self.depth = Int(depth)
        let keys = try node.child(0, "\(context()) child keys")
        if let keys {
            try keys.require(keys.size >= node.size - 3, context(), "\(keys.size) keys for \(node.size - 3) children")
        }
        self.keys = keys
    }

    func child(_ index: Int) throws(RealmFormatError) -> Node {
        // The usual case without preparing the error's text (walks read every child); the
        // checked path below names whatever is wrong.
        if index >= 0, 3 + index < node.size, node.widthType == .bits {
            let raw = node.uncheckedInt(3 + index)
            if raw != 0, raw & 1 == 0, let child = try? node.file.node(at: raw, context: "") { return child }
        }
        return try node.requiredChild(3 + index, InnerClusterNode.context(tableName))
    }

    /// The key offset of child `index` relative to this node.
    func keyOffset(_ index: Int) throws(RealmFormatError) -> Int64 {
        if let keys { return Int64(bitPattern: try keys.unsignedInt(index)) }
        return Int64(index) << (keyShift * depth)
    }

    /// The child whose key range holds `relativeKey`.
    func childContaining(relativeKey: Int64) throws(RealmFormatError) -> Int? {
        guard relativeKey >= 0, childCount > 0 else { return nil }
        guard let keys else {
            return min(Int(relativeKey >> (keyShift * depth)), childCount - 1)
        }
        let wanted = UInt64(relativeKey)
        var low = 0
        var high = childCount
        while low < high {
            let middle = (low + high) / 2
            if try keys.unsignedInt(middle) <= wanted { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}
