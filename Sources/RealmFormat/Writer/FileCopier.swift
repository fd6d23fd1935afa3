/// Turns an open file's tables into `NewTable`s, so that `RealmFileWriter` can write a fresh,
/// compacted format-24 copy with the same schema, objects and object keys.
public struct FileCopier {
    let file: RealmFile

    public init(file: RealmFile) {
        self.file = file
    }

    public func tables() throws(RealmFormatError) -> [NewTable] {
        var positions: [UInt32: Int] = [:]
        for (index, table) in file.tables.enumerated() { positions[table.key] = index }
        var result: [NewTable] = []
        for table in file.tables {
            result.append(try copy(table, positions: positions))
        }
        return result
    }

    private func copy(_ table: Table, positions: [UInt32: Int]) throws(RealmFormatError) -> NewTable {
        let columns = table.columns
        var newColumns: [NewColumn] = []
        for column in columns {
            try checkSupported(column, in: table)
            newColumns.append(NewColumn(
                name: column.name, type: column.isLink ? .link : column.type, isNullable: column.isNullable,
                collection: column.collection, targetTable: column.targetTableKey.flatMap { positions[$0] },
                isIndexed: column.isIndexed))
        }
        var keys: [Int64] = []
        var values: [[NewValue]] = columns.map { _ in [] }
        let collections = CollectionReader(file: file)
        do {
            try table.objects.forEachLeaf { leaf in
                let readers = try columns.map { try ColumnLeafReader(leaf: leaf, column: $0) }
                for row in 0..<leaf.count {
                    keys.append(try leaf.key(at: row))
                    for (index, reader) in readers.enumerated() {
                        let value = try reader.value(at: row)
                        if case let .collection(collection) = value {
                            values[index].append(.list(try collections.elements(of: collection).map { relinked($0, positions) }))
                        } else {
                            values[index].append(.scalar(relinked(value, positions)))
                        }
                    }
                }
            }
        } catch let error as RealmFormatError {
            throw error
        } catch {
            throw .cannotWrite(path: "", reason: "\(error)")
        }
        let highest = keys.max() ?? -1
        let sequence: Int64
        if table.primaryKey != nil {
            sequence = highest &+ 1
        } else {
            // The inverse of the squeezed key scheme: the next sequence number after `highest`.
            sequence = highest < 0 ? 0 : ((highest >> 16) << 8 | (highest & 0xFF)) &+ 1
        }
        return NewTable(name: table.name, kind: table.kind, columns: newColumns, primaryKey: table.primaryKey?.name,
                        keys: keys, values: values, keySequence: max(sequence, Int64(keys.count)))
    }

    /// Links name their target by table position in the new file.
    private func relinked(_ value: RealmValue, _ positions: [UInt32: Int]) -> RealmValue {
        guard case let .link(table, key) = value, let position = positions[table] else { return value }
        return .link(table: UInt32(position), key: key)
    }

    private func checkSupported(_ column: Column, in table: Table) throws(RealmFormatError) {
        let scalars: Set<ColumnType> = [.int, .bool, .float, .double, .string, .binary, .timestamp, .link, .legacyLinkList]
        let supported = scalars.contains(column.type) && (column.collection == nil || column.collection == .list)
            && !column.isFullTextIndexed
        guard supported else {
            let kind = column.collection.map { "\($0) of \(column.type)" } ?? "\(column.type)"
            throw .cannotWrite(path: "", reason: "copying \(table.displayName).\(column.name) (\(kind)\(column.isFullTextIndexed ? ", full-text index" : "")) is not supported yet; this writer handles int, bool, float, double, string, binary, date and link properties and lists of them")
        }
    }
}
