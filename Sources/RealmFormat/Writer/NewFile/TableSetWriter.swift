/// Writes every table of a new file and the group top above them; returns the top's ref.
struct TableSetWriter {
    let writer: NodeWriter
    let tables: [StreamedTable]
    /// The backlink entries of every link column (and of every Mixed column per target table).
    let backlinks: [BacklinkIndex]

    /// A column as it will be stored: public columns first, then backlink columns.
    struct StoredColumn {
        var name: String
        var key: Int64
        var type: ColumnType
        /// For backlink columns: the origin table and the origin column's index in it.
        var origin: (table: Int, column: Int)?
        /// For link columns: the target table and the key of its backlink column.
        var target: (table: Int, backlinkKey: Int64)?
        var attributes: Int
        /// For backlink columns whose origin is not in the tables being written (schema edits):
        /// the key of the origin link column.
        var oppositeColumnKey: Int64? = nil
    }

    func write(progress: (Int) -> Void) throws(RealmFormatError) -> Int64 {
        let layouts = try columnLayouts()
        var tableRefs: [Int64] = []
        var written = 0
        for (index, table) in tables.enumerated() {
            tableRefs.append(try TableWriter(writer: writer, table: table, tableKey: Int64(index), columns: layouts[index],
                                             layouts: layouts, backlinks: try backlinks(of: index, layouts)).write { count in
                progress(written + count)
            })
            written += table.count
        }
        let names = try LeafEncoder(writer: writer).names(tables.map(\.name))
        let tableList = try writer.refs(tableRefs.map { .ref($0) })
        let gaps = writer.gaps
        let positions = try writer.integers(gaps.map { Int64($0.position) })
        let lengths = try writer.integers(gaps.map { Int64($0.length) })
        let versions = try writer.integers(gaps.map { _ in 0 })
        // The top is written last, 64 bits wide so its size (and the logical size it records) is known.
        let topBytes = 8 + 11 * 8
        let topRef = writer.position + topBytes > (writer.position / NodeWriter.sectionSize + 1) * NodeWriter.sectionSize
            ? Int64((writer.position / NodeWriter.sectionSize + 1) * NodeWriter.sectionSize) : Int64(writer.position)
        let logicalSize = topRef + Int64(topBytes)
        let slots: [NodeWriter.Slot] = [
            .ref(names), .ref(tableList), .number(logicalSize), .ref(positions), .ref(lengths), .ref(versions),
            .number(1), .number(2), .null, .number(1), .number(0),
        ]
        let ref = try writer.integers(slots.map(\.raw), hasRefs: true, minimumWidth: 64)
        guard ref == topRef else {
            throw .cannotWrite(path: "", reason: "internal error: the top array landed at \(ref), not \(topRef)")
        }
        return ref
    }

    /// Leaf indexes, column keys and attributes of every table, with a backlink column for each
    /// link column that targets the table.
    func columnLayouts() throws(RealmFormatError) -> [[StoredColumn]] {
        var layouts: [[StoredColumn]] = tables.map { _ in [] }
        var sequence: [Int64] = tables.map { _ in 0 }
        func key(table: Int, leaf: Int, type: ColumnType, attributes: Int) -> Int64 {
            let tag = (sequence[table] ^ Int64(table)) & 0xFFFF_FFFF
            sequence[table] += 1
            return Int64(leaf) | Int64(type.rawValue) << 16 | Int64(attributes & 0xFF) << 22 | tag << 30
        }
        for (index, table) in tables.enumerated() {
            for (leaf, column) in table.columns.enumerated() {
                var attributes = column.isNullable ? ColumnAttribute.nullable : 0
                switch column.collection {
                case .list?: attributes |= ColumnAttribute.list
                case .set?: attributes |= ColumnAttribute.set
                case .dictionary?: attributes |= ColumnAttribute.dictionary
                case nil: break
                }
                if column.type == .link && column.collection == nil { attributes |= ColumnAttribute.nullable }
                let columnKey = key(table: index, leaf: leaf, type: column.type, attributes: attributes)
                var indexBits = column.isIndexed && table.primaryKey != column.name ? ColumnAttribute.indexed : 0
                if column.isFullTextIndexed { indexBits |= ColumnAttribute.fullText }
                indexBits |= attributes
                layouts[index].append(StoredColumn(name: column.name, key: columnKey, type: column.type,
                                                   origin: nil, target: nil, attributes: indexBits))
            }
        }
        for (index, table) in tables.enumerated() {
            for (columnIndex, column) in table.columns.enumerated() where column.type == .link {
                guard let target = column.targetTable, target >= 0, target < tables.count else {
                    throw .cannotWrite(path: "", reason: "link column \(table.name).\(column.name) has no target table")
                }
                let leaf = layouts[target].count
                let backlinkKey = key(table: target, leaf: leaf, type: .backlink, attributes: 0)
                layouts[target].append(StoredColumn(name: "", key: backlinkKey, type: .backlink,
                                                    origin: (index, columnIndex), target: nil, attributes: 0))
                layouts[index][columnIndex].target = (target, backlinkKey)
            }
        }
        // Mixed properties can link to any table: each target gets a backlink column on demand,
        // whose opposite entries point back at the Mixed property (whose own stay null).
        for (index, table) in tables.enumerated() {
            for (columnIndex, column) in table.columns.enumerated() where column.type == .mixed {
                for target in (table.mixedLinkTargets[columnIndex] ?? []).sorted() where target >= 0 && target < tables.count {
                    let leaf = layouts[target].count
                    let backlinkKey = key(table: target, leaf: leaf, type: .backlink, attributes: 0)
                    layouts[target].append(StoredColumn(name: "", key: backlinkKey, type: .backlink,
                                                        origin: (index, columnIndex), target: nil, attributes: 0))
                }
            }
        }
        return layouts
    }

    /// The given backlink entries of table `target`'s backlink columns, by leaf index. Every
    /// backlink column needs them: a column written without would lose links silently.
    private func backlinks(of target: Int, _ layouts: [[StoredColumn]]) throws(RealmFormatError) -> [Int: BacklinkIndex] {
        var result: [Int: BacklinkIndex] = [:]
        for (leaf, column) in layouts[target].enumerated() {
            guard let origin = column.origin else { continue }
            guard let index = backlinks.first(where: {
                $0.targetTable == target && $0.originTable == origin.table && $0.originColumn == origin.column
            }), index.targetCount == tables[target].count else {
                throw .cannotWrite(path: "", reason: "internal error: no backlink entries for the \(tables[target].count) objects "
                                   + "of \(tables[target].name) from \(tables[origin.table].name).\(tables[origin.table].columns[origin.column].name)")
            }
            result[leaf] = index
        }
        return result
    }

    /// Keys of the objects a value links to (single links and lists or sets of links).
    static func linkedKeys(_ value: NewValue) -> [Int64] {
        switch value {
        case let .scalar(.link(_, key)): return [key]
        case let .list(elements):
            return elements.compactMap { if case let .link(_, key) = $0 { return key } else { return nil } }
        case let .dictionary(entries):
            return entries.compactMap { entry in
                switch entry.value {
                case let .scalar(.link(_, key)), let .scalar(.typedLink(_, key)): return key
                default: return nil
                }
            }
        default: return []
        }
    }

    /// Every (table, key) a Mixed value links to, including inside nested collections.
    static func mixedLinks(_ value: NewValue) -> [(table: Int, key: Int64)] {
        switch value {
        case let .scalar(.link(table, key)), let .scalar(.typedLink(table, key)): return [(Int(table), key)]
        case .scalar: return []
        case let .list(elements): return elements.flatMap { mixedLinks(.scalar($0)) }
        case let .mixedList(elements): return elements.flatMap(mixedLinks)
        case let .dictionary(entries): return entries.flatMap { mixedLinks($0.value) }
        }
    }
}
