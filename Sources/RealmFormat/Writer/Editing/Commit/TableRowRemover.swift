/// Removes one object from a table for a commit: its leaf is rewritten without the row (column
/// nodes, keys, and the lists and backlink lists the row owned are freed), and the inner nodes
/// above count one object less.
struct TableRowRemover {
    let writer: NodeWriter
    let file: RealmFile
    let table: Table
    let key: Int64
    let freed: FreedSpace

    func write(path: TableEditor.LeafPath) throws(RealmFormatError) -> Int64 {
        let leaf = path.leaf
        guard let row = try leaf.row(ofRelativeKey: key &- leaf.keyOffset) else {
            throw .cannotWrite(path: "", reason: "\(table.displayName) has no object with key \(key)")
        }
        guard leaf.count > 1 || path.inner.isEmpty else {
            throw .cannotWrite(path: "", reason: "internal error: removing the only object of a leaf inside a larger tree (TableRebuilder writes such commits)")
        }
        let encoder = LeafEncoder(writer: writer)
        let collections = CollectionReader(file: file)
        var slots = try (0..<leaf.node.size).map { index throws(RealmFormatError) in try leaf.node.int(index) }
        var keys: [Int64] = []
        for index in 0..<leaf.count where index != row { keys.append(try leaf.key(at: index) &- leaf.keyOffset) }
        if leaf.keys == nil && row == leaf.count - 1 {
            slots[0] = (Int64(keys.count) << 1) | 1
        } else {
            if let old = leaf.keys { freed.add(old) }
            slots[0] = try writer.integers(keys, unsigned: true)
        }
        for column in table.allColumns {
            let index = 1 + column.leafIndex
            guard index < slots.count, let old = try leaf.columnNode(leafIndex: column.leafIndex) else { continue }
            if column.type == .backlink || column.collection != nil {
                var rows = try (0..<old.size).map { element throws(RealmFormatError) in try old.int(element) }
                if case let .ref(raw) = try old.slot(row) {
                    try freed.addSubtree(try file.mapped.bytes.node(at: raw, context: "removed object's collection"))
                }
                rows.remove(at: row)
                freed.add(old)
                slots[index] = try writer.integers(rows, hasRefs: true)
                continue
            }
            let reader = try ColumnLeafReader(leaf: leaf, column: column)
            var values = try (0..<leaf.count).map { element throws(RealmFormatError) in try reader.value(at: element) }
            values.remove(at: row)
            try freed.addSubtree(old)
            slots[index] = try TableEditor.columnNode(values, column: column, encoder: encoder, collections: collections)
        }
        freed.add(leaf.node)
        var child = try writer.integers(slots, hasRefs: true)
        for (node, position) in path.inner.reversed() {
            var innerSlots = try (0..<node.size).map { index throws(RealmFormatError) in try node.int(index) }
            innerSlots[3 + position] = child
            innerSlots[2] = ((try node.tagged(2, "cluster inner node") - 1) << 1) | 1
            freed.add(node)
            child = try writer.integers(innerSlots, hasRefs: true, isInner: true)
        }
        return child
    }
}
