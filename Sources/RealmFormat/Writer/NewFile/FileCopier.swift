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
                isIndexed: column.isIndexed, isFullTextIndexed: column.isFullTextIndexed))
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
                        values[index].append(try converted(try reader.value(at: row), column: columns[index],
                                                           collections: collections, positions: positions))
                    }
                }
            }
        } catch let error as RealmFormatError {
            throw error
        } catch {
            throw .cannotWrite(path: "", reason: "\(error)")
        }
        return NewTable(name: table.name, kind: table.kind, columns: newColumns, primaryKey: table.primaryKey?.name,
                        keys: keys, values: values,
                        keySequence: ObjectKeys.nextSequence(after: keys, hasPrimaryKey: table.primaryKey != nil))
    }

    /// A value read from the file as a value to write: collections read out (recursively for
    /// collections nested in Mixed), links pointing at table positions in the new file, sets and
    /// dictionaries in format-24 order.
    func converted(_ value: RealmValue, column: Column?, collections: CollectionReader,
                           positions: [UInt32: Int]) throws(RealmFormatError) -> NewValue {
        guard case let .collection(collection) = value else { return .scalar(relinked(value, positions)) }
        if collection.kind == .dictionary {
            var entries: [DictionaryEntry] = []
            for entry in try collections.entries(of: collection) {
                guard case let .string(key) = entry.key else {
                    throw .cannotWrite(path: "", reason: "dictionaries with non-string keys are not supported by this writer")
                }
                entries.append(DictionaryEntry(key: key, value: try converted(entry.value, column: nil, collections: collections, positions: positions)))
            }
            if file.fileFormat < 24 { entries.sort { FormatOrder.bytes(Array($0.key.utf8), before: Array($1.key.utf8)) } }
            return .dictionary(entries)
        }
        let elements = try collections.elements(of: collection)
        if collection.elementType == .mixed && collection.kind == .list {
            var items: [NewValue] = []
            for element in elements {
                items.append(try converted(element, column: nil, collections: collections, positions: positions))
            }
            return .mixedList(items)
        }
        var values = elements.map { relinked($0, positions) }
        if collection.kind == .set && file.fileFormat < 24 { values.sort(by: FormatOrder.setElement) }
        return .list(values)
    }

    /// A link's table when the table is not among those written (only recovery meets one:
    /// the table could not be read, or a damaged value names a table that never existed).
    static let unknownTable = UInt32.max

    /// Links name their target by table position in the new file.
    private func relinked(_ value: RealmValue, _ positions: [UInt32: Int]) -> RealmValue {
        switch value {
        case let .link(table, key):
            return .link(table: positions[table].map { UInt32($0) } ?? FileCopier.unknownTable, key: key)
        case let .typedLink(table, key):
            return .typedLink(table: positions[table].map { UInt32($0) } ?? FileCopier.unknownTable, key: key)
        default:
            return value
        }
    }

    private func checkSupported(_ column: Column, in table: Table) throws(RealmFormatError) {
        guard column.type != .typedLink || column.collection == nil else {
            throw .cannotWrite(path: "", reason: "copying \(table.displayName).\(column.name) (a collection of typed links) is not supported yet")
        }
    }
}
