/// Writes one table: its cluster tree (column leaves per 256 objects, encoded as the producer
/// hands each leaf's objects over), spec and top array.
struct TableWriter {
    let writer: NodeWriter
    let table: StreamedTable
    let tableKey: Int64
    let columns: [TableSetWriter.StoredColumn]
    /// The stored columns of every table, for the keys of origin columns.
    let layouts: [[TableSetWriter.StoredColumn]]
    /// Backlink column leaf index -> the origin keys of each object; a column without one has
    /// no entries (a class added by a schema edit has no objects linking to it yet).
    let backlinks: [Int: BacklinkIndex]
    /// Table top slot 5, the column-key sequence number that new keys' tags derive from; nil
    /// records the column count (whole files), schema edits record 0 as realm-core does.
    var columnKeySequence: Int64? = nil

    func write(progress: (Int) -> Void) throws(RealmFormatError) -> Int64 {
        let encoder = LeafEncoder(writer: writer)
        let capacity = ClusterTreeWriter.leafCapacity
        let trees = ClusterTreeWriter(writer: writer)
        let singleLeaf = table.count <= capacity
        // The search indexes are written after the tree, from entries gathered leaf by leaf.
        var indexEntries: [Int: [(key: Int64, data: [UInt8])]] = [:]
        var leaves: [(ref: Int64, offset: Int64, count: Int)] = []
        var start = 0
        while start < table.count {
            try Cancellation.check()
            let end = min(start + capacity, table.count)
            let rows = try table.rows(start..<end)
            try check(rows, count: end - start)
            var refs: [Int64] = []
            for (leafIndex, column) in columns.enumerated() {
                refs.append(try columnLeaf(leafIndex, column, rows: rows, firstRow: start, encoder: encoder))
            }
            try gatherIndexEntries(rows, into: &indexEntries)
            leaves.append(try trees.leaf(keys: rows.keys, columnRefs: refs, offset: singleLeaf ? 0 : rows.keys[0]))
            start = end
            progress(end)
        }
        let root: Int64
        if let tree = try trees.root(over: leaves) {
            root = tree
        } else {
            let none = StreamedRows(keys: [], values: table.columns.map { _ in [] })
            root = try trees.leaf(keys: [], columnRefs: try columns.enumerated().map { leafIndex, column throws(RealmFormatError) in
                try columnLeaf(leafIndex, column, rows: none, firstRow: 0, encoder: encoder)
            }, offset: 0).ref
        }
        return try top(clusterRoot: root, spec: try spec(), indexEntries: indexEntries)
    }

    /// A producer that hands over other than one value per key and column would misplace values.
    private func check(_ rows: StreamedRows, count: Int) throws(RealmFormatError) {
        guard rows.keys.count == count, rows.values.count == table.columns.count,
              rows.values.allSatisfy({ $0.count == count }) else {
            throw .cannotWrite(path: "", reason: "internal error: the producer of table \(table.name) gave "
                               + "\(rows.keys.count) keys and \(rows.values.count) columns for \(count) objects")
        }
    }

    private func columnLeaf(_ leafIndex: Int, _ column: TableSetWriter.StoredColumn, rows: StreamedRows, firstRow: Int,
                            encoder: LeafEncoder) throws(RealmFormatError) -> Int64 {
        if column.type == .backlink {
            let index = backlinks[leafIndex]
            var slots: [NodeWriter.Slot] = []
            for row in firstRow..<(firstRow + rows.keys.count) {
                let origins = try index?.origins(ofTarget: row) ?? []
                switch origins.count {
                case 0: slots.append(.null)
                case 1: slots.append(.number(origins[origins.startIndex]))
                default: slots.append(.ref(try encoder.integerTree(Array(origins))))
                }
            }
            return try writer.refs(slots)
        }
        let schema = table.columns[leafIndex]
        let values = rows.values[leafIndex]
        if schema.collection != nil {
            var slots: [NodeWriter.Slot] = []
            for value in values {
                slots.append(try TableWriter.collectionRoot(value, type: schema.type, isNullable: schema.isNullable, encoder: encoder))
            }
            return try writer.refs(slots)
        }
        if schema.type == .mixed {
            return try encoder.mixedLeaf(Array(values))
        }
        let scalars: [RealmValue] = values.map { if case let .scalar(value) = $0 { return value } else { return .null } }
        if schema.type == .link {
            return try writer.integers(scalars.map { if case let .link(_, key) = $0 { return key + 1 } else { return 0 } })
        }
        return try encoder.leaf(scalars, type: schema.type, nullable: schema.isNullable)
    }

    /// The search-index entries of one leaf's objects, for each indexed column (a full-text
    /// index holds each distinct word of the text).
    private func gatherIndexEntries(_ rows: StreamedRows,
                                    into entries: inout [Int: [(key: Int64, data: [UInt8])]]) throws(RealmFormatError) {
        for (leafIndex, column) in columns.enumerated() where isIndexed(leafIndex, column) {
            let schema = table.columns[leafIndex]
            for (offset, value) in rows.values[leafIndex].enumerated() {
                guard case let .scalar(scalar) = value, let data = SearchIndexWriter.indexData(scalar) else {
                    throw .cannotWrite(path: "", reason: "cannot index the values of \(table.name).\(column.name)")
                }
                if schema.isFullTextIndexed {
                    for word in SearchIndexWriter.words(of: data) { entries[leafIndex, default: []].append((rows.keys[offset], word)) }
                } else {
                    entries[leafIndex, default: []].append((rows.keys[offset], data))
                }
            }
        }
    }

    private func isIndexed(_ leafIndex: Int, _ column: TableSetWriter.StoredColumn) -> Bool {
        guard column.type != .backlink, leafIndex < table.columns.count else { return false }
        let schema = table.columns[leafIndex]
        return schema.isIndexed || schema.isFullTextIndexed || table.primaryKey == column.name
    }

    /// The root of one object's list, set or dictionary (null for an empty one); shared with
    /// `TableRebuilder`, which rewrites an existing table's collections the same way.
    static func collectionRoot(_ value: NewValue, type: ColumnType, isNullable: Bool,
                               encoder: LeafEncoder) throws(RealmFormatError) -> NodeWriter.Slot {
        switch value {
        case let .dictionary(entries):
            return entries.isEmpty ? .null : .ref(try encoder.dictionary(entries))
        case let .mixedList(elements):
            return elements.isEmpty ? .null : .ref(try encoder.mixedTree(elements))
        case let .list(elements):
            guard !elements.isEmpty else { return .null }
            if type == .mixed { return .ref(try encoder.mixedTree(elements.map(NewValue.scalar))) }
            if type == .link { return .ref(try encoder.integerTree(TableSetWriter.linkedKeys(value))) }
            return .ref(try encoder.tree(count: elements.count) { range throws(RealmFormatError) in
                try encoder.leaf(Array(elements[range]), type: type, nullable: isNullable)
            })
        case .scalar:
            return .null
        }
    }

    private func spec() throws(RealmFormatError) -> Int64 {
        // Dictionary columns record their key type (string) above the value type (§4.2).
        let types = try writer.integers(columns.map { column in
            Int64(column.type.rawValue) | (column.attributes & ColumnAttribute.dictionary != 0 ? Int64(ColumnType.string.rawValue) << 16 : 0)
        })
        let names = try LeafEncoder(writer: writer).names(columns.filter { $0.type != .backlink }.map(\.name))
        let attributes = try writer.integers(columns.map { Int64($0.attributes) })
        let keys = try writer.integers(columns.map(\.key))
        return try writer.refs([.ref(types), .ref(names), .ref(attributes), .null, .null, .ref(keys)])
    }

    private func top(clusterRoot: Int64, spec: Int64,
                     indexEntries: [Int: [(key: Int64, data: [UInt8])]]) throws(RealmFormatError) -> Int64 {
        var indexSlots: [NodeWriter.Slot] = []
        for (leafIndex, column) in columns.enumerated() {
            guard isIndexed(leafIndex, column) else {
                indexSlots.append(.null)
                continue
            }
            indexSlots.append(.ref(try SearchIndexWriter(writer: writer).write(indexEntries[leafIndex] ?? [])))
        }
        let searchIndexes = try writer.refs(indexSlots)
        let oppositeTables = try writer.integers(columns.map { column in
            if let target = column.target { return Int64(target.table) }
            if let origin = column.origin { return Int64(origin.table) }
            return 0x7FFF_FFFF
        })
        let oppositeColumns = try writer.integers(columns.map { column in
            if let target = column.target { return target.backlinkKey }
            if let key = column.oppositeColumnKey { return key }
            if let origin = column.origin { return layouts[origin.table][origin.column].key }
            return 0x7FFF_FFFF_FFFF_FFFF
        })
        let primaryKey: NodeWriter.Slot = table.primaryKey.flatMap { name in
            columns.first { $0.name == name && $0.type != .backlink }.map { .number($0.key) }
        } ?? .null
        let flags: Int64 = table.kind == .embedded ? 1 : (table.kind == .asymmetric ? 2 : 0)
        return try writer.refs([
            .ref(spec), .null, .ref(clusterRoot), .number(tableKey), .ref(searchIndexes), .number(columnKeySequence ?? Int64(columns.count)),
            .number(1), .ref(oppositeTables), .ref(oppositeColumns), .number(table.keySequence), .null,
            primaryKey, .number(flags), .null,
        ])
    }
}
