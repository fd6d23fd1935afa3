/// Appends new objects to a table for a commit: they go into the last cluster leaf (their keys
/// are larger than every existing key), whose column nodes are rewritten with the extra rows;
/// the inner nodes above it count them, and the table top records the next key sequence.
struct TableAppender {
    let writer: NodeWriter
    let file: RealmFile
    let table: Table
    let top: Node
    let creations: [(key: Int64, values: [Int: RealmValue])]
    let freed: FreedSpace

    func write(path: TableEditor.LeafPath?, root: Node) throws(RealmFormatError) -> Int64 {
        let leaf: ClusterLeaf
        if let path { leaf = path.leaf } else { leaf = try ClusterLeaf(node: root, keyOffset: 0, firstPosition: 0) }
        let added = creations.count
        guard leaf.count + added <= ClusterTreeWriter.leafCapacity else {
            throw .cannotWrite(path: "", reason: "internal error: the last leaf of \(table.displayName) is full (TableRebuilder writes such commits)")
        }
        let encoder = LeafEncoder(writer: writer)
        let collections = CollectionReader(file: file)
        var slots = try (0..<leaf.node.size).map { index throws(RealmFormatError) in try leaf.node.int(index) }
        // Keys: compact while they stay offset + 0, 1, 2...; otherwise an explicit key node.
        let relative = creations.map { $0.key &- leaf.keyOffset }
        let compact = leaf.keys == nil && relative.enumerated().allSatisfy { $0.element == Int64(leaf.count + $0.offset) }
        if compact {
            slots[0] = (Int64(leaf.count + added) << 1) | 1
        } else {
            var keys: [Int64] = []
            for row in 0..<leaf.count { keys.append(try leaf.key(at: row) &- leaf.keyOffset) }
            if let old = leaf.keys { freed.add(old) }
            slots[0] = try writer.integers(keys + relative, unsigned: true)
        }
        for column in table.allColumns {
            let index = 1 + column.leafIndex
            guard index < slots.count, let old = try leaf.columnNode(leafIndex: column.leafIndex) else {
                throw .cannotWrite(path: "", reason: "\(table.displayName) has no storage for \(column.name) in its last leaf")
            }
            if column.type == .backlink || column.collection != nil {
                let rows = try (0..<old.size).map { row throws(RealmFormatError) in try old.int(row) }
                freed.add(old)
                slots[index] = try writer.integers(rows + Array(repeating: 0, count: added), hasRefs: true)
                continue
            }
            let reader = try ColumnLeafReader(leaf: leaf, column: column)
            var values = try (0..<leaf.count).map { row throws(RealmFormatError) in try reader.value(at: row) }
            values += creations.map { $0.values[column.leafIndex] ?? TableAppender.defaultValue(column) }
            try freed.addSubtree(old)
            slots[index] = try TableEditor.columnNode(values, column: column, encoder: encoder, collections: collections)
        }
        freed.add(leaf.node)
        var child = try writer.integers(slots, hasRefs: true)
        // Up the tree: each inner node takes the new child and counts the new objects.
        for (node, position) in (path?.inner ?? []).reversed() {
            var innerSlots = try (0..<node.size).map { index throws(RealmFormatError) in try node.int(index) }
            innerSlots[3 + position] = child
            innerSlots[2] = ((try node.tagged(2, "cluster inner node") + Int64(added)) << 1) | 1
            freed.add(node)
            child = try writer.integers(innerSlots, hasRefs: true, isInner: true)
        }
        return child
    }

    /// What Realm stores in a property nobody set: null where optional, else the zero value.
    static func defaultValue(_ column: Column) -> RealmValue {
        if column.isNullable || column.type == .mixed || column.isLink { return .null }
        switch column.type {
        case .int: return .int(0)
        case .bool: return .bool(false)
        case .float: return .float(0)
        case .double: return .double(0)
        case .string: return .string("")
        case .binary: return .binary([])
        case .timestamp: return .timestamp(Timestamp(seconds: 0, nanoseconds: 0))
        case .decimal128: return .decimal(.zero)
        case .objectId: return ObjectId(bytes: [UInt8](repeating: 0, count: 12)).map(RealmValue.objectId) ?? .null
        case .uuid: return RealmUUID(bytes: [UInt8](repeating: 0, count: 16)).map(RealmValue.uuid) ?? .null
        default: return .null
        }
    }
}
