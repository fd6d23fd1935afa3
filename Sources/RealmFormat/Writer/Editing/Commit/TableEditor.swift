/// Rewrites one table for a commit: the changed column leaves, the cluster leaves and inner
/// nodes above them, rebuilt search indexes of changed indexed columns, and the table top.
struct TableEditor {
    let writer: NodeWriter
    let file: RealmFile
    let table: Table
    let top: Node
    let edits: [FileEditor.Edit]
    /// Collects the nodes this commit replaces.
    let freed: FreedSpace

    /// A leaf reached from the root: the inner nodes on the way and the child taken in each.
    struct LeafPath {
        var inner: [(node: Node, child: Int)]
        var leaf: ClusterLeaf
    }

    func write() throws(RealmFormatError) -> Int64 {
        let freedSpace = freed
        guard let root = table.objects.root else { throw .cannotWrite(path: "", reason: "\(table.name) has no objects") }
        if try needsRebuild(root: root) {
            return try TableRebuilder(writer: writer, file: file, table: table, top: top, edits: edits, freed: freed).write()
        }
        if edits.allSatisfy(\.isCreation) { return try appendObjects(root: root) }
        if edits.contains(where: \.isDeletion), let deletion = edits.first {
            let newRoot = try TableRowRemover(writer: writer, file: file, table: table, key: deletion.key, freed: freed)
                .write(path: try path(to: deletion.key, root: root))
            var topSlots = try (0..<top.size).map { index throws(RealmFormatError) in try top.int(index) }
            topSlots[2] = newRoot
            if top.size > 6, case let .tagged(version) = try top.slot(6) { topSlots[6] = ((version + 1) << 1) | 1 }
            if let indexes = try rebuiltIndexes(encoder: LeafEncoder(writer: writer), freed: freed) { topSlots[4] = indexes }
            freed.add(top)
            return try writer.integers(topSlots, hasRefs: true)
        }
        // Group the changes by leaf.
        var leaves: [Int: (path: LeafPath, rows: [Int: [(Column, FileEditor.Change)]])] = [:]
        for edit in edits {
            let path = try self.path(to: edit.key, root: root)
            guard let row = try path.leaf.row(ofRelativeKey: edit.key &- path.leaf.keyOffset) else {
                throw .cannotWrite(path: "", reason: "\(table.displayName) has no object with key \(edit.key)")
            }
            leaves[path.leaf.node.ref, default: (path, [:])].rows[row, default: []].append((edit.column, edit.change))
        }
        let encoder = LeafEncoder(writer: writer)
        var replaced: [Int: Int64] = [:]
        var parents: [(path: LeafPath, newRef: Int64)] = []
        for (_, entry) in leaves {
            let leafNode = entry.path.leaf.node
            var slots = try (0..<leafNode.size).map { index throws(RealmFormatError) in try leafNode.int(index) }
            let columns = Dictionary(grouping: entry.rows.flatMap { row, changes in changes.map { (row, $0.0, $0.1) } }, by: { $0.1.leafIndex })
            for (leafIndex, changes) in columns {
                let column = changes[0].1
                let reader = try ColumnLeafReader(leaf: entry.path.leaf, column: column)
                let newColumn: Int64
                if column.type == .backlink {
                    var origins = try (0..<entry.path.leaf.count).map { row throws(RealmFormatError) in try reader.backlinks(at: row) }
                    for (row, _, change) in changes { if case let .backlinks(keys) = change { origins[row] = keys } }
                    var rowSlots: [NodeWriter.Slot] = []
                    for keys in origins {
                        switch keys.count {
                        case 0: rowSlots.append(.null)
                        case 1: rowSlots.append(.number(keys[0]))
                        default: rowSlots.append(.ref(try encoder.integerTree(keys)))
                        }
                    }
                    newColumn = try writer.refs(rowSlots)
                    if let old = try entry.path.leaf.columnNode(leafIndex: leafIndex) { try freedSpace.addSubtree(old) }
                    slots[1 + leafIndex] = newColumn
                    continue
                }
                if column.collection == .list && column.isLink, let oldColumn = try entry.path.leaf.columnNode(leafIndex: leafIndex) {
                    // Only the changed objects' lists are rewritten; the others keep their trees.
                    var rowSlots = try (0..<oldColumn.size).map { row throws(RealmFormatError) in try oldColumn.int(row) }
                    var lists: [Int: [Int64]] = [:]
                    for (row, _, change) in changes {
                        if case let .linkList(keys) = change { lists[row] = keys }
                        if case let .replace(content) = change { lists[row] = TableSetWriter.linkedKeys(content) }
                    }
                    for (row, keys) in lists {
                        if case let .ref(raw) = try oldColumn.slot(row) {
                            try freedSpace.addSubtree(try file.mapped.bytes.node(at: raw, context: "list of links"))
                        }
                        rowSlots[row] = keys.isEmpty ? 0 : try encoder.integerTree(keys)
                    }
                    freedSpace.add(oldColumn)
                    slots[1 + leafIndex] = try writer.integers(rowSlots, hasRefs: true)
                    continue
                }
                if column.collection != nil, let oldColumn = try entry.path.leaf.columnNode(leafIndex: leafIndex) {
                    slots[1 + leafIndex] = try collectionColumn(oldColumn, column: column, changes: changes.map { ($0.0, $0.2) }, encoder: encoder)
                    continue
                }
                var values = try (0..<entry.path.leaf.count).map { row throws(RealmFormatError) in try reader.value(at: row) }
                if column.type == .mixed {
                    // Mixed leaves are rewritten whole, nested collections included (read out here
                    // and written anew; the old nodes are freed with the old leaf).
                    let collections = CollectionReader(file: file)
                    var mixed: [NewValue] = []
                    for value in values { mixed.append(try TableEditor.newValue(value, collections: collections)) }
                    // The staging side (`FileEditor.set`) has moved the backlinks of any links
                    // the old or the new value holds.
                    for (row, _, change) in changes {
                        switch change {
                        case let .value(value): mixed[row] = .scalar(value)
                        case let .replace(content): mixed[row] = content
                        default: continue
                        }
                    }
                    newColumn = try encoder.mixedLeaf(mixed)
                } else {
                    for (row, _, change) in changes { if case let .value(value) = change { values[row] = value } }
                    newColumn = try TableEditor.columnNode(values, column: column, encoder: encoder, collections: CollectionReader(file: file))
                }
                if let old = try entry.path.leaf.columnNode(leafIndex: leafIndex) { try freedSpace.addSubtree(old) }
                slots[1 + leafIndex] = newColumn
            }
            freedSpace.add(leafNode)
            let newLeaf = try writer.integers(slots, hasRefs: true)
            replaced[leafNode.ref] = newLeaf
            parents.append((entry.path, newLeaf))
        }
        // Inner nodes, deepest level first: every leaf is at the same depth.
        let depth = parents.first?.path.inner.count ?? 0
        var newRoot = replaced[root.ref] ?? Int64(root.ref)
        for level in stride(from: depth - 1, through: 0, by: -1) {
            var changes: [Int: (node: Node, children: [Int: Int64])] = [:]
            for (path, _) in parents {
                let (node, child) = path.inner[level]
                let childRef = level + 1 < path.inner.count ? path.inner[level + 1].node.ref : path.leaf.node.ref
                guard let newChild = replaced[childRef] else { continue }
                changes[node.ref, default: (node, [:])].children[child] = newChild
            }
            for (ref, change) in changes {
                var slots = try (0..<change.node.size).map { index throws(RealmFormatError) in try change.node.int(index) }
                for (child, newRef) in change.children { slots[3 + child] = newRef }
                freedSpace.add(change.node)
                replaced[ref] = try writer.integers(slots, hasRefs: true, isInner: true)
            }
            if level == 0, let rebuilt = replaced[root.ref] { newRoot = rebuilt }
        }
        var topSlots = try (0..<top.size).map { index throws(RealmFormatError) in try top.int(index) }
        topSlots[2] = newRoot
        if top.size > 6, case let .tagged(version) = try top.slot(6) { topSlots[6] = ((version + 1) << 1) | 1 }
        if let indexes = try rebuiltIndexes(encoder: encoder, freed: freedSpace) { topSlots[4] = indexes }
        freedSpace.add(top)
        return try writer.integers(topSlots, hasRefs: true)
    }

    /// Whether the staged changes need the whole tree rewritten: whole-value replacements of
    /// single scalar or indexed properties, creations mixed with other changes or overflowing
    /// the last leaf, deletions mixed with other changes or emptying a leaf inside a larger
    /// tree. Replaced collections and Mixed values are written in place (`collectionColumn`,
    /// the Mixed leaf).
    private func needsRebuild(root: Node) throws(RealmFormatError) -> Bool {
        if edits.contains(where: { edit in
            guard case .replace = edit.change else { return false }
            return edit.column.collection == nil && edit.column.type != .mixed || edit.column.searchIndexRef != nil
        }) { return true }
        let creations = edits.filter(\.isCreation).count
        if creations > 0 {
            guard creations == edits.count else { return true }
            if table.objects.count > 0, let (leaf, _) = try table.objects.leaf(atPosition: table.objects.count - 1) {
                return leaf.count + creations > ClusterTreeWriter.leafCapacity
            }
            return creations > ClusterTreeWriter.leafCapacity || root.isInner
        }
        if let deletion = edits.first(where: \.isDeletion) {
            guard edits.count == 1 else { return true }
            let path = try path(to: deletion.key, root: root)
            return path.leaf.count == 1 && !path.inner.isEmpty
        }
        return false
    }

    /// New objects into the last leaf, then the table top with the next key sequence.
    private func appendObjects(root: Node) throws(RealmFormatError) -> Int64 {
        let creations: [(key: Int64, values: [Int: RealmValue])] = edits.compactMap { edit in
            if case let .create(values) = edit.change { return (edit.key, values) }
            return nil
        }
        var path: LeafPath?
        if table.objects.count > 0, let (leaf, row) = try table.objects.leaf(atPosition: table.objects.count - 1) {
            path = try self.path(to: try leaf.key(at: row), root: root)
        }
        let newRoot = try TableAppender(writer: writer, file: file, table: table, top: top, creations: creations, freed: freed)
            .write(path: path, root: root)
        var topSlots = try (0..<top.size).map { index throws(RealmFormatError) in try top.int(index) }
        topSlots[2] = newRoot
        if top.size > 6, case let .tagged(version) = try top.slot(6) { topSlots[6] = ((version + 1) << 1) | 1 }
        if top.size > 9 {
            let next = ObjectKeys.nextSequence(after: creations.map(\.key), hasPrimaryKey: table.primaryKey != nil)
            var current: Int64 = 0
            if case let .tagged(value) = try top.slot(9) { current = value }
            topSlots[9] = (max(current, next) << 1) | 1
        }
        if let indexes = try rebuiltIndexes(encoder: LeafEncoder(writer: writer), freed: freed) { topSlots[4] = indexes }
        freed.add(top)
        return try writer.integers(topSlots, hasRefs: true)
    }

    /// A cluster column node holding `values` the way the column stores them: Mixed leaves
    /// (nested collections read out and written anew), links as key + 1, other leaves as they are.
    static func columnNode(_ values: [RealmValue], column: Column, encoder: LeafEncoder,
                           collections: CollectionReader) throws(RealmFormatError) -> Int64 {
        if column.type == .mixed {
            var mixed: [NewValue] = []
            for value in values { mixed.append(try newValue(value, collections: collections)) }
            return try encoder.mixedLeaf(mixed)
        }
        if column.type == .link {
            return try encoder.writer.integers(values.map { if case let .link(_, key) = $0 { return key + 1 } else { return 0 } })
        }
        return try encoder.leaf(values, type: column.type, nullable: column.isNullable)
    }

    /// A stored Mixed value as a value to write, nested lists and dictionaries read out.
    static func newValue(_ value: RealmValue, collections: CollectionReader) throws(RealmFormatError) -> NewValue {
        guard case let .collection(collection) = value else { return .scalar(value) }
        if collection.kind == .dictionary {
            var entries: [DictionaryEntry] = []
            for entry in try collections.entries(of: collection) {
                guard case let .string(key) = entry.key else { throw .cannotWrite(path: "", reason: "dictionary keys must be strings") }
                entries.append(DictionaryEntry(key: key, value: try newValue(entry.value, collections: collections)))
            }
            return .dictionary(entries)
        }
        var items: [NewValue] = []
        for element in try collections.elements(of: collection) { items.append(try newValue(element, collections: collections)) }
        return .mixedList(items)
    }

    private func path(to key: Int64, root: Node) throws(RealmFormatError) -> LeafPath {
        var node = root
        var offset: Int64 = 0
        var inner: [(node: Node, child: Int)] = []
        for _ in 0...ClusterTree.maximumDepth {
            guard node.isInner else {
                return LeafPath(inner: inner, leaf: try ClusterLeaf(node: node, keyOffset: offset, firstPosition: 0))
            }
            let innerNode = try InnerClusterNode(node, keyShift: table.objects.keyShift, tableName: table.name)
            guard let child = try innerNode.childContaining(relativeKey: key &- offset) else {
                throw .cannotWrite(path: "", reason: "\(table.displayName) has no object with key \(key)")
            }
            inner.append((node, child))
            offset = offset &+ (try innerNode.keyOffset(child))
            node = try innerNode.child(child)
        }
        throw .cycle(ref: node.ref, context: table.name)
    }

    /// New search indexes for changed columns that have one (rebuilt whole, §7.3).
    private func rebuiltIndexes(encoder: LeafEncoder, freed: FreedSpace) throws(RealmFormatError) -> Int64? {
        let creations = edits.filter(\.isCreation)
        let deleted = Set(edits.filter(\.isDeletion).map(\.key))
        let edited = creations.isEmpty && deleted.isEmpty ? Set(edits.filter { $0.column.type != .backlink }.map(\.column.leafIndex))
            : Set(table.allColumns.filter { $0.searchIndexRef != nil }.map(\.leafIndex))
        let indexed = edited.compactMap { leafIndex in
            table.allColumns.first { $0.leafIndex == leafIndex && $0.searchIndexRef != nil }
        }
        guard !indexed.isEmpty, let array = try top.child(4, "search indexes") else { return nil }
        var slots = try (0..<array.size).map { index throws(RealmFormatError) in try array.int(index) }
        for column in indexed {
            let changed = Dictionary(edits.compactMap { edit -> (Int64, RealmValue)? in
                guard edit.column.leafIndex == column.leafIndex, case let .value(value) = edit.change else { return nil }
                return (edit.key, value)
            }, uniquingKeysWith: { $1 })
            var entries: [(key: Int64, data: [UInt8])] = []
            do {
                try table.objects.forEachLeaf { leaf in
                    let reader = try ColumnLeafReader(leaf: leaf, column: column)
                    for row in 0..<leaf.count {
                        let key = try leaf.key(at: row)
                        if deleted.contains(key) { continue }
                        let value = try changed[key] ?? reader.value(at: row)
                        guard let data = SearchIndexWriter.indexData(value) else {
                            throw RealmFormatError.cannotWrite(path: "", reason: "cannot index \(column.type) values")
                        }
                        if column.isFullTextIndexed {
                            for word in SearchIndexWriter.words(of: data) { entries.append((key, word)) }
                        } else {
                            entries.append((key, data))
                        }
                    }
                }
            } catch let error as RealmFormatError {
                throw error
            } catch {
                throw .cannotWrite(path: "", reason: "\(error)")
            }
            for edit in creations {
                guard case let .create(values) = edit.change else { continue }
                let value = values[column.leafIndex] ?? TableAppender.defaultValue(column)
                guard let data = SearchIndexWriter.indexData(value) else { continue }
                if column.isFullTextIndexed {
                    for word in SearchIndexWriter.words(of: data) { entries.append((edit.key, word)) }
                } else {
                    entries.append((edit.key, data))
                }
            }
            if let oldRoot = column.searchIndexRef { try freed.addSubtree(try file.mapped.bytes.node(at: oldRoot, context: "search index")) }
            slots[column.leafIndex] = try SearchIndexWriter(writer: writer).write(entries)
        }
        freed.add(array)
        return try writer.integers(slots, hasRefs: true)
    }
}
