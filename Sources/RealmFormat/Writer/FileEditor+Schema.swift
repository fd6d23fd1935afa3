/// Schema edits: new classes and new properties, committed like any other change.
extension FileEditor {
    /// Stages a new, empty class (`class_NAME`) with properties of scalar types.
    /// The property types realm-core accepts as a primary key (optional ones too).
    static let primaryKeyTypes: Set<ColumnType> = [.int, .string, .objectId, .uuid]

    public func addClass(_ name: String, columns: [NewColumn], primaryKey: String?) throws(RealmFormatError) {
        let tableName = Table.classPrefix + name
        guard !name.isEmpty, tableName.utf8.count <= 63 else { throw .cannotWrite(path: path, reason: "a class name has 1 to 57 bytes") }
        guard file.table(named: tableName) == nil, !newTables.contains(where: { $0.name == tableName }) else {
            throw .cannotWrite(path: path, reason: "class \(name) already exists")
        }
        for column in columns where column.type == .link || column.type == .typedLink || column.type == .backlink {
            throw .cannotWrite(path: path, reason: "\(column.name): links in new classes are not supported yet")
        }
        guard Set(columns.map(\.name)).count == columns.count else { throw .cannotWrite(path: path, reason: "property names must differ") }
        if let primaryKey {
            guard let column = columns.first(where: { $0.name == primaryKey && $0.collection == nil }) else {
                throw .cannotWrite(path: path, reason: "the primary key \(primaryKey) is not one of the properties")
            }
            // Realm opens only these primary-key types; any other would make the file unusable.
            guard FileEditor.primaryKeyTypes.contains(column.type) else {
                throw .cannotWrite(path: path, reason: "\(primaryKey) cannot be the primary key: Realm's primary keys are int, string, objectId or uuid properties")
            }
        }
        newTables.append(NewTable(name: tableName, columns: columns, primaryKey: primaryKey, keys: [], values: columns.map { _ in [] }, keySequence: 0))
    }


    /// Stages a new property on every object of `table` (its zero value, or null if optional).
    public func addProperty(_ column: NewColumn, to table: Table) throws(RealmFormatError) {
        guard column.type != .link && column.type != .typedLink && column.type != .backlink && column.collection == nil else {
            throw .cannotWrite(path: path, reason: "\(column.name): only single values of scalar types can be added as properties yet")
        }
        guard table.column(named: column.name) == nil else {
            throw .cannotWrite(path: path, reason: "\(table.displayName) already has a property \(column.name)")
        }
        guard !edits.contains(where: { $0.table.slot == table.slot }) else {
            throw .cannotWrite(path: path, reason: "commit the other changes to \(table.displayName) before changing its schema")
        }
        edits.append(Edit(table: table, key: -1, column: table.allColumns[0], change: .addColumn(column)))
        mayHaveSchemaChange = true
    }
}
