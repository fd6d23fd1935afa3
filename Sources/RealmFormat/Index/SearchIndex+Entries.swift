extension SearchIndex {
    /// How many object entries the whole index holds. realm-core indexes every object of the
    /// table (nulls included), so `verify` compares this with the object count: an entry lost
    /// or left behind by a writer shows here even where no lookup would notice.
    public func entryCount() throws(RealmFormatError) -> Int {
        var visited = Set<Int>()
        return try entries(in: root, depth: 0, visited: &visited)
    }

    private func entries(in node: Node, depth: Int, visited: inout Set<Int>) throws(RealmFormatError) -> Int {
        let context = "search index"
        guard depth < SearchIndex.maximumDepth, visited.insert(node.ref).inserted else { throw .cycle(ref: node.ref, context: context) }
        try node.require(node.hasRefs && node.size >= 1, context, "an index node holds its keys and refs")
        var total = 0
        for slot in 1..<node.size {
            switch try node.slot(slot) {
            case .null:
                continue
            case .tagged:
                try node.require(!node.isInner, context, "an inner index node holds a key where a child belongs")
                total += 1
            case let .ref(raw):
                let child = try node.file.node(at: raw, context: context)
                if node.isInner || child.context {
                    total += try entries(in: child, depth: depth + 1, visited: &visited)
                } else {
                    try BPlusTree(root: child, context: "\(context) row list").forEachLeaf { leaf throws(RealmFormatError) in
                        total += leaf.size
                    }
                }
            }
        }
        return total
    }
}
