/// Adds a property to a table for a commit: a new column in the spec (before the backlink
/// columns, as realm-core orders them), a slot in the per-column table arrays, and a column node
/// of default values in every cluster leaf, so the whole tree above the leaves is rewritten.
struct TableColumnAdder {
    let writer: NodeWriter
    let file: RealmFile
    let table: Table
    let top: Node
    let column: NewColumn
    let freed: FreedSpace

    func write() throws(RealmFormatError) -> Int64 {
        let leafIndex = (table.allColumns.map(\.leafIndex).max() ?? -1) + 1
        var attributes = column.isNullable ? ColumnAttribute.nullable : 0
        if column.type == .mixed { attributes |= ColumnAttribute.nullable }
        let tag = (Int64(table.allColumns.count) ^ Int64(table.key)) & 0xFFFF_FFFF | 0x4000
        let key = Int64(leafIndex) | Int64(column.type.rawValue) << 16 | Int64(attributes) << 22 | tag << 30
        let stored = Column(name: column.name, key: ColumnKey(rawValue: key), type: column.type, isNullable: column.isNullable || column.type == .mixed,
                            collection: nil, isIndexed: false, isFullTextIndexed: false, isPrimaryKey: false, targetTableKey: nil,
                            oppositeColumnKey: nil, specIndex: table.columns.count, enumValuesRef: nil)
        let defaultValue = TableAppender.defaultValue(stored)
        let encoder = LeafEncoder(writer: writer)
        var newRoot: Int64 = 0
        if let root = table.objects.root {
            newRoot = try rebuild(root, depth: 0) { leaf throws(RealmFormatError) in
                var slots = try (0..<leaf.size).map { index throws(RealmFormatError) in try leaf.int(index) }
                let rows = try ClusterLeaf(node: leaf, keyOffset: 0, firstPosition: 0).count
                while slots.count < 1 + leafIndex { slots.append(0) }
                let values = Array(repeating: defaultValue, count: rows)
                slots.append(column.type == .mixed ? try encoder.mixedLeaf(values.map(NewValue.scalar))
                             : try encoder.leaf(values, type: column.type, nullable: stored.isNullable))
                return try writer.integers(slots, hasRefs: true)
            }
        }
        var topSlots = try (0..<top.size).map { index throws(RealmFormatError) in try top.int(index) }
        topSlots[0] = try spec(key: key, attributes: attributes)
        topSlots[2] = newRoot
        if top.size > 6, case let .tagged(version) = try top.slot(6) { topSlots[6] = ((version + 1) << 1) | 1 }
        topSlots[4] = try extended(slot: 4, with: 0, hasRefs: true)
        topSlots[7] = try extended(slot: 7, with: 0x7FFF_FFFF, hasRefs: false)
        topSlots[8] = try extended(slot: 8, with: 0x7FFF_FFFF_FFFF_FFFF, hasRefs: false)
        freed.add(top)
        return try writer.integers(topSlots, hasRefs: true)
    }

    /// A per-leaf-index array of the table top, padded to the new column's leaf index.
    private func extended(slot: Int, with value: Int64, hasRefs: Bool) throws(RealmFormatError) -> Int64 {
        var elements: [Int64] = []
        if let node = try top.child(slot, "table array \(slot)") {
            elements = try (0..<node.size).map { index throws(RealmFormatError) in try node.int(index) }
            freed.add(node)
        }
        let leafIndex = (table.allColumns.map(\.leafIndex).max() ?? -1) + 1
        while elements.count < leafIndex { elements.append(hasRefs ? 0 : value) }
        elements.append(value)
        return try writer.integers(elements, hasRefs: hasRefs)
    }

    /// The spec with the new column inserted after the public columns.
    private func spec(key: Int64, attributes: Int) throws(RealmFormatError) -> Int64 {
        let spec = try top.requiredChild(0, "spec")
        let insertAt = table.columns.count
        func inserted(_ slot: Int, _ value: Int64) throws(RealmFormatError) -> Int64 {
            let node = try spec.requiredChild(slot, "spec array")
            var elements = try (0..<node.size).map { index throws(RealmFormatError) in try node.int(index) }
            elements.insert(value, at: min(insertAt, elements.count))
            freed.add(node)
            return try writer.integers(elements)
        }
        let types = try inserted(0, Int64(column.type.rawValue))
        let attributesRef = try inserted(2, Int64(attributes))
        let keys = try inserted(5, key)
        let namesNode = try spec.requiredChild(1, "column names")
        let names = try BlobLeaf(node: namesNode, isString: true)
        var allNames: [String] = []
        for index in 0..<names.count { allNames.append(try names.element(index).string ?? "") }
        try freed.addSubtree(namesNode)
        let namesRef = try LeafEncoder(writer: writer).strings(allNames + [column.name])
        var slots = try (0..<spec.size).map { index throws(RealmFormatError) in try spec.int(index) }
        slots[0] = types
        slots[1] = namesRef
        slots[2] = attributesRef
        slots[5] = keys
        if spec.size > 4, let enumKeys = try spec.child(4, "enumerated strings") {
            var elements = try (0..<enumKeys.size).map { index throws(RealmFormatError) in try enumKeys.int(index) }
            elements.insert(0, at: min(insertAt, elements.count))
            freed.add(enumKeys)
            slots[4] = try writer.integers(elements, hasRefs: true)
        }
        freed.add(spec)
        return try writer.integers(slots, hasRefs: true)
    }

    /// Rewrites every node of the cluster tree, the leaves through `leafWriter`.
    private func rebuild(_ node: Node, depth: Int, leafWriter: (Node) throws(RealmFormatError) -> Int64) throws(RealmFormatError) -> Int64 {
        guard depth <= ClusterTree.maximumDepth else { throw .cycle(ref: node.ref, context: table.name) }
        freed.add(node)
        guard node.isInner else { return try leafWriter(node) }
        var slots = try (0..<node.size).map { index throws(RealmFormatError) in try node.int(index) }
        for index in 3..<node.size {
            slots[index] = try rebuild(try node.requiredChild(index, table.name), depth: depth + 1, leafWriter: leafWriter)
        }
        return try writer.integers(slots, hasRefs: true, isInner: true)
    }
}
