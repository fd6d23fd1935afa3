/// Adds columns to a table for a commit: new properties and the backlink columns that new link
/// properties elsewhere need. Each gets its entry in the spec (properties after the existing
/// properties, backlinks at the end, as realm-core orders them), its slot in the per-column
/// table arrays (search index, opposite table and column), and a column node of default values
/// in every cluster leaf, so the whole tree above the leaves is rewritten.
struct TableColumnAdder {
    let writer: NodeWriter
    let file: RealmFile
    let table: Table
    let top: Node
    let columns: [SchemaEdits.PlannedColumn]
    let freed: FreedSpace

    func write() throws(RealmFormatError) -> Int64 {
        let encoder = LeafEncoder(writer: writer)
        var newRoot: Int64 = 0
        if let root = table.objects.root {
            newRoot = try rebuild(root, depth: 0) { leaf throws(RealmFormatError) in
                var slots = try (0..<leaf.size).map { index throws(RealmFormatError) in try leaf.int(index) }
                let rows = try ClusterLeaf(node: leaf, keyOffset: 0, firstPosition: 0).count
                for column in columns {
                    let slot = 1 + column.leafIndex
                    while slots.count <= slot { slots.append(0) }
                    guard slots[slot] == 0 else {
                        throw .cannotWrite(path: file.path, reason: "\(table.displayName) already stores data at leaf index \(column.leafIndex)")
                    }
                    slots[slot] = try defaultNode(column, rows: rows, encoder: encoder)
                }
                return try writer.integers(slots, hasRefs: true)
            }
        }
        var topSlots = try (0..<top.size).map { index throws(RealmFormatError) in try top.int(index) }
        guard topSlots.count > 8 else { throw .cannotWrite(path: file.path, reason: "\(table.displayName) has an old table layout") }
        topSlots[0] = try spec()
        topSlots[2] = newRoot
        if case let .tagged(version) = try top.slot(6) { topSlots[6] = ((version + 1) << 1) | 1 }
        topSlots[4] = try perLeafArray(slot: 4, filler: 0, hasRefs: true) { _ in 0 }
        topSlots[7] = try perLeafArray(slot: 7, filler: 0x7FFF_FFFF, hasRefs: false) { $0.oppositeTable ?? 0x7FFF_FFFF }
        topSlots[8] = try perLeafArray(slot: 8, filler: Int64.max, hasRefs: false) { $0.oppositeColumn ?? Int64.max }
        freed.add(top)
        return try writer.integers(topSlots, hasRefs: true)
    }

    /// The column node for `rows` existing objects: Realm's default value of a scalar property,
    /// null links (stored as 0), and empty collections or backlink entries (null refs).
    private func defaultNode(_ column: SchemaEdits.PlannedColumn, rows: Int, encoder: LeafEncoder) throws(RealmFormatError) -> Int64 {
        if column.isBacklink || column.collection != nil {
            return try writer.integers(Array(repeating: 0, count: rows), hasRefs: true)
        }
        if column.type == .link { return try writer.integers(Array(repeating: 0, count: rows)) }
        let stored = Column(name: column.name, key: ColumnKey(rawValue: column.key), type: column.type, isNullable: column.isNullable,
                            collection: nil, isIndexed: false, isFullTextIndexed: false, isPrimaryKey: false, targetTableKey: nil,
                            oppositeColumnKey: nil, specIndex: 0, enumValuesRef: nil)
        let values = Array(repeating: TableAppender.defaultValue(stored), count: rows)
        if column.type == .mixed { return try encoder.mixedLeaf(values.map(NewValue.scalar)) }
        return try encoder.leaf(values, type: column.type, nullable: column.isNullable)
    }

    /// A per-leaf-index array of the table top with the new columns' entries.
    func perLeafArray(slot: Int, filler: Int64, hasRefs: Bool,
                              entry: (SchemaEdits.PlannedColumn) -> Int64) throws(RealmFormatError) -> Int64 {
        var elements: [Int64] = []
        if let node = try top.child(slot, "table array \(slot)") {
            elements = try (0..<node.size).map { index throws(RealmFormatError) in try node.int(index) }
            freed.add(node)
        }
        for column in columns {
            while elements.count <= column.leafIndex { elements.append(filler) }
            elements[column.leafIndex] = entry(column)
        }
        return try writer.integers(elements, hasRefs: hasRefs)
    }

    /// The spec with the new properties after the existing ones and the new backlinks last.
    func spec() throws(RealmFormatError) -> Int64 {
        let spec = try top.requiredChild(0, "spec")
        let publicCount = table.columns.count
        let properties = columns.filter { !$0.isBacklink }
        let backlinks = columns.filter(\.isBacklink)
        func inserted(_ slot: Int, _ value: (SchemaEdits.PlannedColumn) -> Int64) throws(RealmFormatError) -> Int64 {
            let node = try spec.requiredChild(slot, "spec array")
            var elements = try (0..<node.size).map { index throws(RealmFormatError) in try node.int(index) }
            guard elements.count == table.allColumns.count else {
                throw .cannotWrite(path: file.path, reason: "the spec of \(table.displayName) has \(elements.count) entries for \(table.allColumns.count) columns")
            }
            elements.insert(contentsOf: properties.map(value), at: publicCount)
            elements.append(contentsOf: backlinks.map(value))
            freed.add(node)
            return try writer.integers(elements)
        }
        let types = try inserted(0) { column in
            // Dictionaries record their key type (string) above the value type (§4.2).
            Int64(column.type.rawValue) | (column.collection == .dictionary ? Int64(ColumnType.string.rawValue) << 16 : 0)
        }
        let attributesRef = try inserted(2) { Int64($0.attributes) }
        let keys = try inserted(5) { $0.key }
        var slots = try (0..<spec.size).map { index throws(RealmFormatError) in try spec.int(index) }
        slots[0] = types
        slots[2] = attributesRef
        slots[5] = keys
        if !properties.isEmpty {
            let namesNode = try spec.requiredChild(1, "column names")
            let names = try BlobLeaf(node: namesNode, isString: true)
            var allNames: [String] = []
            for index in 0..<names.count { allNames.append(try names.element(index).string ?? "") }
            try freed.addSubtree(namesNode)
            slots[1] = try LeafEncoder(writer: writer).names(allNames + properties.map(\.name))
            if spec.size > 4, let enumKeys = try spec.child(4, "enumerated strings") {
                var elements = try (0..<enumKeys.size).map { index throws(RealmFormatError) in try enumKeys.int(index) }
                elements.insert(contentsOf: properties.map { _ in 0 }, at: min(publicCount, elements.count))
                freed.add(enumKeys)
                slots[4] = try writer.integers(elements, hasRefs: true)
            }
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
