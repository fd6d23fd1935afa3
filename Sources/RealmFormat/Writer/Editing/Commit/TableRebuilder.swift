/// Rewrites a table's whole cluster tree for a commit, for staged changes the fast paths of
/// `TableEditor` cannot place (a full last leaf, a leaf emptied inside a larger tree, creations
/// and deletions mixed with other changes; replaced collections and Mixed values only along
/// with such changes, as `TableEditor` writes them in place), and for schema changes of a table
/// whose objects change in the same commit. Every row is read (its key, every column including
/// backlink columns and collections, by leaf index; leaf indexes of erased columns are holes),
/// the staged changes are applied in the order they were made, the schema change (a
/// `TableReshape`: columns gone, converted or added) is applied to every row, and a fresh tree
/// of 256-object leaves is written the way `TableWriter` writes a new table. Without a schema
/// change the spec, the column keys and the other table-top slots stay; the content version is
/// bumped, search indexes are rebuilt and the old tree is freed. Backlink columns a commit adds
/// to the table (those of Mixed properties that first link here) are a schema change too: they
/// join the rows as empty entries before the changes are applied.
struct TableRebuilder {
    let writer: NodeWriter
    let file: RealmFile
    let table: Table
    let top: Node
    let edits: [FileEditor.Edit]
    let freed: FreedSpace
    /// The schema the commit gives the table; nil keeps the file's (but for `addedColumns`).
    var reshape: TableReshape?
    /// Backlink columns the commit adds to the table (Mixed properties' first links here).
    var addedColumns: [Column] = []

    /// One stored column value: a value (collections read out), a backlink column's origins,
    /// or nothing (a leaf index no column uses).
    enum Cell {
        case value(NewValue)
        case origins([Int64])
        case absent
    }

    init(writer: NodeWriter, file: RealmFile, table: Table, top: Node, edits: [FileEditor.Edit], freed: FreedSpace,
         reshape: TableReshape? = nil, addedColumns: [Column] = []) {
        self.writer = writer
        self.file = file
        self.table = table
        self.top = top
        self.edits = edits
        self.freed = freed
        self.reshape = reshape
        self.addedColumns = addedColumns
    }

    /// The schema change to apply: the reshape, or the file's schema with the added backlink
    /// columns, or nil when the schema stays.
    private func schemaChange() throws(RealmFormatError) -> TableReshape? {
        if let reshape { return reshape }
        guard !addedColumns.isEmpty else { return nil }
        let spec = try top.requiredChild(0, "spec")
        let attributesNode = try spec.requiredChild(2, "column attributes")
        let attributes = try (0..<attributesNode.size).map { index throws(RealmFormatError) in Int(try attributesNode.int(index)) }
        var sequence: Int64 = 0
        if top.size > 5, case let .tagged(value) = try top.slot(5) { sequence = value }
        var reshape = TableReshape(table: table, specAttributes: attributes, columnKeySequence: sequence)
        for column in addedColumns {
            reshape.columns.append(TableReshape.Column(
                name: "", key: column.key.rawValue, type: .backlink, collection: nil, isNullable: false, attributes: 0,
                oppositeTable: column.targetTableKey.map(Int64.init), oppositeColumn: column.oppositeColumnKey?.rawValue,
                source: .added, index: .none, enumValuesRef: nil))
        }
        return reshape
    }

    func write() throws(RealmFormatError) -> Int64 {
        if let column = table.allColumns.first(where: { $0.enumValuesRef != nil }) {
            throw .cannotWrite(path: "", reason: "\(table.displayName).\(column.name) is an enumerated string column; rewriting \(table.displayName) is not supported (compact, then edit)")
        }
        let shape = try schemaChange()
        let added = shape?.columns.filter { if case .added = $0.source { return true } else { return false } } ?? []
        let width = ((table.allColumns.map(\.leafIndex) + added.map(\.leafIndex)).max() ?? -1) + 1
        let fileColumns = table.allColumns + added.map(\.described)
        var rows = try readRows(width: width, added: added)
        var sequenceUsed: Int64 = -1
        for edit in edits {
            switch edit.change {
            case let .create(values):
                var cells = [Cell](repeating: .absent, count: width)
                for column in fileColumns { cells[column.leafIndex] = TableRebuilder.defaultCell(column) }
                for (leafIndex, value) in values where leafIndex < cells.count { cells[leafIndex] = .value(.scalar(value)) }
                rows[edit.key] = cells
                sequenceUsed = max(sequenceUsed, edit.key)
            case .delete:
                rows[edit.key] = nil
            default:
                guard rows[edit.key] != nil else {
                    throw .cannotWrite(path: "", reason: "\(table.displayName) has no object with key \(edit.key)")
                }
                let leafIndex = edit.column.leafIndex
                guard leafIndex < width else {
                    throw .cannotWrite(path: "", reason: "\(table.displayName) has no column at leaf index \(leafIndex)")
                }
                rows[edit.key]?[leafIndex] = try TableRebuilder.cell(for: edit.change, column: edit.column)
            }
        }
        var columns = table.allColumns
        if let shape {
            rows = try TableRebuilder.reshaped(rows, to: shape)
            columns = shape.columns.map(\.described)
        }
        let keys = rows.keys.sorted()
        let newRoot = try writeTree(keys: keys, rows: rows, columns: columns)
        if let root = table.objects.root { try freed.addSubtree(root) }
        var objectKeySequence: Int64?
        if top.size > 9, sequenceUsed >= 0 {
            let next = ObjectKeys.nextSequence(after: [sequenceUsed], hasPrimaryKey: table.primaryKey != nil)
            var current: Int64 = 0
            if case let .tagged(value) = try top.slot(9) { current = value }
            objectKeySequence = max(current, next)
        }
        if let shape {
            return try TableSchemaWriter(writer: writer, file: file, reshape: shape, top: top, freed: freed)
                .write(root: newRoot, indexes: try searchIndexes(keys: keys, rows: rows, reshape: shape), objectKeySequence: objectKeySequence)
        }
        var topSlots = try (0..<top.size).map { index throws(RealmFormatError) in try top.int(index) }
        topSlots[2] = newRoot
        if top.size > 6, case let .tagged(version) = try top.slot(6) { topSlots[6] = ((version + 1) << 1) | 1 }
        if let objectKeySequence { topSlots[9] = (objectKeySequence << 1) | 1 }
        if let indexes = try searchIndexes(keys: keys, rows: rows) { topSlots[4] = indexes }
        freed.add(top)
        return try writer.integers(topSlots, hasRefs: true)
    }

    /// Every object of the table by key, each column as a cell by leaf index (`width` of them;
    /// holes are `.absent`, added columns start as a new object's).
    private func readRows(width: Int, added: [TableReshape.Column]) throws(RealmFormatError) -> [Int64: [Cell]] {
        var rows: [Int64: [Cell]] = [:]
        let stored = table.allColumns
        let collections = CollectionReader(file: file)
        var blank = [Cell](repeating: .absent, count: width)
        for column in added { blank[column.leafIndex] = TableRebuilder.defaultCell(column.described) }
        try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            var readers: [ColumnLeafReader] = []
            for column in stored { readers.append(try ColumnLeafReader(leaf: leaf, column: column)) }
            for row in 0..<leaf.count {
                var cells = blank
                for (column, reader) in zip(stored, readers) {
                    if column.isBacklink {
                        cells[column.leafIndex] = .origins(try reader.backlinks(at: row))
                    } else {
                        cells[column.leafIndex] = .value(try TableRebuilder.stored(try reader.value(at: row), collections: collections))
                    }
                }
                rows[try leaf.key(at: row)] = cells
            }
        }
        return rows
    }

    /// A value as read from the file, collections read out (recursively where nested in Mixed):
    /// typed lists and sets as `.list`, lists of Mixed as `.mixedList`, dictionaries as entries.
    static func stored(_ value: RealmValue, collections: CollectionReader) throws(RealmFormatError) -> NewValue {
        guard case let .collection(collection) = value else { return .scalar(value) }
        if collection.kind == .dictionary { return try TableEditor.newValue(value, collections: collections) }
        if collection.elementType == .mixed && collection.kind == .list { return try TableEditor.newValue(value, collections: collections) }
        return .list(try collections.elements(of: collection))
    }

    /// What a new object holds in `column` before any value is given.
    static func defaultCell(_ column: Column) -> Cell {
        if column.isBacklink { return .origins([]) }
        switch column.collection {
        case .dictionary?: return .value(.dictionary([]))
        case .list?, .set?: return .value(column.type == .mixed && column.collection == .list ? .mixedList([]) : .list([]))
        case nil: return .value(.scalar(TableAppender.defaultValue(column)))
        }
    }

    /// The cell a staged change leaves.
    static func cell(for change: FileEditor.Change, column: Column) throws(RealmFormatError) -> Cell {
        switch change {
        case let .value(value): return .value(.scalar(value))
        case let .linkList(keys): return .value(.list(keys.map { .link(table: column.targetTableKey ?? 0, key: $0) }))
        case let .backlinks(keys): return .origins(keys)
        case let .replace(value): return .value(value)
        case .create, .delete:
            throw .cannotWrite(path: "", reason: "internal error: \(column.name) cannot take a whole-object change")
        }
    }

    /// Leaves of at most 256 objects (relative keys from the leaf's first key, compact where
    /// they run 0, 1, 2...), then the inner nodes above them. A leaf index no column uses
    /// holds 0 (§5.1).
    private func writeTree(keys: [Int64], rows: [Int64: [Cell]], columns: [Column]) throws(RealmFormatError) -> Int64 {
        let encoder = LeafEncoder(writer: writer)
        let trees = ClusterTreeWriter(writer: writer)
        let capacity = ClusterTreeWriter.leafCapacity
        let singleLeaf = keys.count <= capacity
        var byLeaf: [Int: Column] = [:]
        for column in columns { byLeaf[column.leafIndex] = column }
        let width = (byLeaf.keys.max() ?? -1) + 1
        var leaves: [(ref: Int64, offset: Int64, count: Int)] = []
        var start = 0
        repeat {
            let end = min(start + capacity, keys.count)
            let leafKeys = Array(keys[start..<end])
            var refs: [Int64] = []
            for leafIndex in 0..<width {
                guard let column = byLeaf[leafIndex] else {
                    refs.append(0)
                    continue
                }
                var cells: [Cell] = []
                for key in leafKeys {
                    guard let row = rows[key] else { continue }
                    cells.append(row[leafIndex])
                }
                refs.append(try columnNode(cells, column: column, encoder: encoder))
            }
            leaves.append(try trees.leaf(keys: leafKeys, columnRefs: refs, offset: singleLeaf ? 0 : leafKeys[0]))
            start = end
        } while start < keys.count
        guard let root = try trees.root(over: leaves) else {
            throw .cannotWrite(path: "", reason: "internal error: no cluster tree for \(table.displayName)")
        }
        return root
    }

    private func columnNode(_ cells: [Cell], column: Column, encoder: LeafEncoder) throws(RealmFormatError) -> Int64 {
        if column.isBacklink {
            var slots: [NodeWriter.Slot] = []
            for cell in cells {
                guard case let .origins(keys) = cell else { throw mismatch(column) }
                switch keys.count {
                case 0: slots.append(.null)
                case 1: slots.append(.number(keys[0]))
                default: slots.append(.ref(try encoder.integerTree(keys)))
                }
            }
            return try writer.refs(slots)
        }
        var values: [NewValue] = []
        for cell in cells {
            guard case let .value(value) = cell else { throw mismatch(column) }
            values.append(value)
        }
        if column.collection != nil {
            var slots: [NodeWriter.Slot] = []
            for value in values {
                slots.append(try TableWriter.collectionRoot(value, type: column.isLink ? .link : column.type,
                                                            isNullable: column.isNullable, encoder: encoder))
            }
            return try writer.refs(slots)
        }
        if column.type == .mixed { return try encoder.mixedLeaf(values) }
        let scalars: [RealmValue] = values.map { if case let .scalar(value) = $0 { return value } else { return .null } }
        if column.type == .link {
            return try writer.integers(scalars.map { if case let .link(_, key) = $0 { return key + 1 } else { return 0 } })
        }
        return try encoder.leaf(scalars, type: column.type, nullable: column.isNullable)
    }

    private func mismatch(_ column: Column) -> RealmFormatError {
        .cannotWrite(path: "", reason: "internal error: a staged change does not fit \(table.displayName).\(column.name)")
    }

    /// Every search index of the table, rebuilt from the new rows (§7.3).
    private func searchIndexes(keys: [Int64], rows: [Int64: [Cell]]) throws(RealmFormatError) -> Int64? {
        let indexed = table.allColumns.filter { $0.searchIndexRef != nil }
        guard !indexed.isEmpty, let array = try top.child(4, "search indexes") else { return nil }
        var slots = try (0..<array.size).map { index throws(RealmFormatError) in try array.int(index) }
        for column in indexed {
            var entries: [(key: Int64, data: [UInt8])] = []
            for key in keys {
                guard let row = rows[key], case let .value(.scalar(value)) = row[column.leafIndex],
                      let data = SearchIndexWriter.indexData(value) else {
                    throw .cannotWrite(path: "", reason: "cannot index the values of \(table.displayName).\(column.name)")
                }
                if column.isFullTextIndexed {
                    for word in SearchIndexWriter.words(of: data) { entries.append((key, word)) }
                } else {
                    entries.append((key, data))
                }
            }
            if let oldRoot = column.searchIndexRef { try freed.addSubtree(try file.mapped.bytes.node(at: oldRoot, context: "search index")) }
            slots[column.leafIndex] = try SearchIndexWriter(writer: writer).write(entries)
        }
        freed.add(array)
        return try writer.integers(slots, hasRefs: true)
    }
}
