import RealmFormat

/// Writes one class: a row per object, leaf by leaf in key order as `dump` reads them
/// (`LeafColumns`), and with each object the rows of its lists, sets and dictionaries. Nothing
/// is held per object beyond the row being bound, so memory does not grow with the table.
struct SQLiteTableWriter {
    let table: SQLiteTable
    /// The tables of the class's list, set and dictionary properties.
    let collectionTables: [SQLiteTable]
    let binding: SQLiteBinding

    /// Leaves read between two releases of the realm's mapped pages (about 64 MB of a typical file).
    static let leavesPerRelease = 1024

    /// Writes the rows; `done` counts objects across classes for `progress`, `leaves` the
    /// leaves read since the realm's pages were last given back.
    func write(_ realm: Table, connection: SQLiteConnection, progress: ProgressListener, done: inout Int,
               leaves: inout Int) throws(InterchangeError) {
        let file = binding.file
        let columns = realm.columns
        let statement = try connection.prepareInsert(into: table)
        var parameters = [Int32](repeating: 0, count: columns.count)
        var owners: [(parameter: Int32, backlinks: [Column])] = []
        for (offset, column) in table.columns.enumerated() {
            let parameter = Int32(offset + 1)
            switch column.role {
            case let .property(property):
                if let index = columns.firstIndex(where: { $0.key == property.key }) { parameters[index] = parameter }
            case let .owner(origin):
                owners.append((parameter, realm.backlinkColumns.filter { $0.targetTableKey == origin }))
            default:
                break
            }
        }
        var collections: [SQLiteCollectionInsert?] = []
        for column in columns {
            guard column.collection != nil else {
                collections.append(nil)
                continue
            }
            let collection = collectionTables.first { candidate in
                if case let .collection(_, property) = candidate.content { return property.key == column.key }
                return false
            }
            collections.append(try collection.map { table throws(InterchangeError) in
                try SQLiteCollectionInsert(table, column: column, connection: connection)
            })
        }
        let statements = [statement] + collections.compactMap { $0?.statement }
        let row = SQLiteRow(statement: statement, columns: columns, parameters: parameters, collections: collections,
                            reader: CollectionReader(file: file))
        let format = SQLiteRowFormat(row: row, binding: binding)
        let elements = columns.map { LeafColumns.elementsReadInPlace($0, file: file) }
        var out = ByteOutput(sink: DiscardedBytes())
        var count = done
        var leafCount = leaves
        do {
            try realm.objects.forEachLeaf { leaf in
                let values = try LeafColumns(leaf: leaf, columns: columns, elements: elements, format: format)
                let backlinks = try owners.map { owner in try owner.backlinks.map { try ColumnLeafReader(leaf: leaf, column: $0) } }
                for index in 0..<leaf.count {
                    let key = values.keys[index]
                    statement.bind(1, integer: key)
                    for (owner, readers) in zip(owners, backlinks) {
                        let origin = try readers.lazy.compactMap { try $0.backlinks(at: index).first }.first
                        if let origin { statement.bind(owner.parameter, integer: origin) } else { statement.bindNull(owner.parameter) }
                    }
                    for column in 0..<columns.count {
                        row.parameter = parameters[column]
                        collections[column]?.begin(owner: key)
                        try values.append(column: column, row: index, format: format, to: &out)
                    }
                    statement.endRow()
                    for statement in statements { try statement.checkFailure() }
                    count += 1
                    progress.update(count)
                }
                leafCount += 1
                if leafCount >= Self.leavesPerRelease {
                    leafCount = 0
                    file.mapped.releaseResidentPages()
                }
            }
            for statement in statements {
                statement.flush()
                try statement.checkFailure()
            }
        } catch let error as InterchangeError {
            throw error
        } catch let error as RealmFormatError {
            throw error == .interrupted ? .interrupted : .file(error)
        } catch {
            throw .file(.unexpectedNode(ref: 0, context: "export sqlite of \(realm.name)", detail: "\(error)"))
        }
        done = count
        leaves = leafCount
    }
}

/// Where the bytes of `SQLiteRowFormat` go: nowhere (it binds values; `LeafColumns` only
/// writes the separators of list elements).
private final class DiscardedBytes: OutputSink {
    func write(_ text: String) {}
    func write(bytes: UnsafeRawBufferPointer) {}
    func flush() {}
}
