/// Rewrites an existing table for a schema change, column by column, as realm-core changes a
/// table's columns in place (`Cluster::insert_column`, `Cluster::remove_column`): in every
/// cluster leaf a removed column's node (and everything under it) is freed and its slot set to
/// 0, or dropped when it is the leaf's last slot; a new column gets a node of default values
/// (null links, empty collections and backlinks); a converted column gets the converted values
/// of the old column's node. Kept columns keep their nodes, so a table of a million objects
/// whose one property changes writes only that property's nodes, the leaves and the inner
/// nodes above them. A rename or an index changes no leaf, and the tree stays as it is.
/// Search indexes to build are built from the values in a second pass, by object key.
struct TableReshaper {
    let writer: NodeWriter
    let file: RealmFile
    let reshape: TableReshape
    let top: Node
    let freed: FreedSpace

    func write() throws(RealmFormatError) -> Int64 {
        let table = reshape.table
        var root = try top.int(2)
        if reshape.changesLeaves, let oldRoot = table.objects.root {
            root = try rebuild(oldRoot, depth: 0)
        }
        var indexes: [Int: Int64] = [:]
        for column in reshape.columns {
            guard case let .built(fullText) = column.index else { continue }
            indexes[column.leafIndex] = try SearchIndexWriter(writer: writer).write(try indexEntries(column, fullText: fullText))
        }
        return try TableSchemaWriter(writer: writer, file: file, reshape: reshape, top: top, freed: freed)
            .write(root: root, indexes: indexes)
    }

    /// Index entries for `column` from the file's values (converted where the column is).
    private func indexEntries(_ column: TableReshape.Column, fullText: Bool) throws(RealmFormatError) -> [(key: Int64, data: [UInt8])] {
        let source: Column
        var conversion: ValueConversion?
        switch column.source {
        case let .kept(kept): source = kept
        case let .converted(old, converting): source = old; conversion = converting
        case .added: return []
        }
        var entries: [(key: Int64, data: [UInt8])] = []
        try reshape.table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            let reader = try ColumnLeafReader(leaf: leaf, column: source)
            for row in 0..<leaf.count {
                var value = try reader.value(at: row)
                if let conversion { value = try converted(value, conversion, column: column) }
                guard let data = SearchIndexWriter.indexData(value) else {
                    throw .cannotWrite(path: file.path, reason: "cannot index the values of \(reshape.table.displayName).\(column.name)")
                }
                let key = try leaf.key(at: row)
                if fullText {
                    for word in SearchIndexWriter.words(of: data) { entries.append((key, word)) }
                } else {
                    entries.append((key, data))
                }
            }
        }
        return entries
    }

    private func converted(_ value: RealmValue, _ conversion: ValueConversion, column: TableReshape.Column) throws(RealmFormatError) -> RealmValue {
        guard let new = conversion.converted(value) else {
            throw .cannotWrite(path: file.path, reason: "a value of \(reshape.table.displayName).\(column.name) no longer converts; the file changed since the change was staged")
        }
        return new
    }

    /// Every node of the cluster tree written anew, the leaves through `leaf(_:)`.
    private func rebuild(_ node: Node, depth: Int) throws(RealmFormatError) -> Int64 {
        guard depth <= ClusterTree.maximumDepth else { throw .cycle(ref: node.ref, context: reshape.table.name) }
        freed.add(node)
        guard node.isInner else { return try leaf(node) }
        var slots = try (0..<node.size).map { index throws(RealmFormatError) in try node.int(index) }
        for index in 3..<node.size {
            slots[index] = try rebuild(try node.requiredChild(index, reshape.table.name), depth: depth + 1)
        }
        return try writer.integers(slots, hasRefs: true, isInner: true)
    }

    private func leaf(_ node: Node) throws(RealmFormatError) -> Int64 {
        var slots = try (0..<node.size).map { index throws(RealmFormatError) in try node.int(index) }
        let leaf = try ClusterLeaf(node: node, keyOffset: 0, firstPosition: 0)
        for column in reshape.removed where 1 + column.leafIndex < slots.count {
            if let old = try leaf.columnNode(leafIndex: column.leafIndex) { try freed.addSubtree(old) }
            slots[1 + column.leafIndex] = 0
        }
        for column in reshape.columns {
            let slot = 1 + column.leafIndex
            let node: Int64
            switch column.source {
            case .kept: continue
            case .added: node = try defaultNode(column, rows: leaf.count)
            case let .converted(old, conversion): node = try convertedNode(column, from: old, conversion, in: leaf)
            }
            while slots.count <= slot { slots.append(0) }
            guard slots[slot] == 0 else {
                throw .cannotWrite(path: file.path, reason: "\(reshape.table.displayName) already stores data at leaf index \(column.leafIndex)")
            }
            slots[slot] = node
        }
        // Trailing slots of erased columns go (Cluster::remove_column erases the last slot).
        let erased = Set(reshape.removed.map(\.leafIndex)).subtracting(reshape.usedLeaves)
        while slots.count > 1, slots[slots.count - 1] == 0, erased.contains(slots.count - 2) { slots.removeLast() }
        return try writer.integers(slots, hasRefs: true)
    }

    /// The node of a new column for `rows` objects: Realm's default value of a scalar property,
    /// null links (stored as 0), and empty collections or backlink entries (null refs).
    private func defaultNode(_ column: TableReshape.Column, rows: Int) throws(RealmFormatError) -> Int64 {
        if column.isBacklink || column.collection != nil {
            return try writer.integers(Array(repeating: 0, count: rows), hasRefs: true)
        }
        if column.type == .link { return try writer.integers(Array(repeating: 0, count: rows)) }
        let values = Array(repeating: TableAppender.defaultValue(column.described), count: rows)
        let encoder = LeafEncoder(writer: writer)
        if column.type == .mixed { return try encoder.mixedLeaf(values.map(NewValue.scalar)) }
        return try encoder.leaf(values, type: column.type, nullable: column.isNullable)
    }

    /// The converted values of the old column's node in this leaf, as the new column's node.
    private func convertedNode(_ column: TableReshape.Column, from old: Column, _ conversion: ValueConversion,
                               in leaf: ClusterLeaf) throws(RealmFormatError) -> Int64 {
        let reader = try ColumnLeafReader(leaf: leaf, column: old)
        let encoder = LeafEncoder(writer: writer)
        if column.collection != nil {
            let collections = CollectionReader(file: file)
            var slots: [NodeWriter.Slot] = []
            for row in 0..<leaf.count {
                let stored = try TableRebuilder.stored(try reader.value(at: row), collections: collections)
                guard let new = conversion.converted(stored, collection: column.collection) else {
                    throw .cannotWrite(path: file.path, reason: "a value of \(reshape.table.displayName).\(column.name) no longer converts; the file changed since the change was staged")
                }
                slots.append(try TableWriter.collectionRoot(new, type: column.type, isNullable: column.isNullable, encoder: encoder))
            }
            return try writer.refs(slots)
        }
        var values: [RealmValue] = []
        values.reserveCapacity(leaf.count)
        for row in 0..<leaf.count { values.append(try converted(try reader.value(at: row), conversion, column: column)) }
        return try encoder.leaf(values, type: column.type, nullable: column.isNullable)
    }
}
