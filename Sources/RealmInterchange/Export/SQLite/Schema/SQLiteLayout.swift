import RealmFormat

/// The SQLite schema `export sqlite` writes for some tables of a realm, as docs/sqlite-export.md
/// states it: the export writes it and `models grdb` declares it, so both agree by construction.
///
/// A table per exported class (embedded ones included), named by its class (a table that is not
/// a class by its raw name), with `_key` first, an embedded class's `_owner_<Class>` columns next,
/// then a column per single-valued property in declared order, a Mixed one followed by
/// `<name>_type`. Then a table per list, set and dictionary property, `<Class>_<property>`.
/// Names are given in that order, tables before collection tables before indexes and, in a
/// table, keys and owners before properties before types: a name already taken (in any case, as
/// SQLite compares them) goes to whoever asked first, and a later one gets `_2` appended
/// (`renames` says so). The same schema always gives the same names.
public struct SQLiteLayout: Sendable {
    public let tables: [SQLiteTable]
    /// Each name that is not the one the mapping gives first, with why.
    public let renames: [String]

    /// Type names of Mixed values (`<name>_type`, `value_type`); a link is `link:<Class>`.
    public static func typeName(of value: RealmValue, file: RealmFile, names: [UInt32: String]) -> String? {
        switch value {
        case .null: return nil
        case .int: return "int"
        case .bool: return "bool"
        case .float: return "float"
        case .double: return "double"
        case .string: return "string"
        case .binary: return SchemaVocabulary.userTypeName(.binary)
        case .timestamp: return SchemaVocabulary.userTypeName(.timestamp)
        case .objectId: return "objectId"
        case .decimal: return "decimal128"
        case .uuid: return "uuid"
        case let .link(table, _), let .typedLink(table, _):
            return "link:" + (names[table] ?? file.table(withKey: table)?.displayName ?? "?")
        case let .collection(collection): return collection.kind == .dictionary ? "dictionary" : "list"
        }
    }

    /// The SQLite table name of each exported realm table, by table key.
    public let tableNames: [UInt32: String]

    public init(file: RealmFile, tables exported: [Table]) {
        var names = SQLiteNames()
        var renames: [String] = []
        func claim(_ preferred: String, for what: String, in space: inout SQLiteNames) -> String {
            let name = space.claim(preferred)
            if name != preferred { renames.append("\(what) is \(SQLiteNames.quoted(name)): \(SQLiteNames.quoted(preferred)) was taken") }
            return name
        }
        var tableNames: [UInt32: String] = [:]
        for table in exported {
            tableNames[table.key] = claim(table.displayName, for: "class \(table.displayName)", in: &names)
        }
        var collectionNames: [String: String] = [:]
        for table in exported {
            guard let owner = tableNames[table.key] else { continue }
            for column in table.columns where column.collection != nil {
                collectionNames["\(table.key)/\(column.name)"] = claim(owner + "_" + column.name,
                                                                     for: "\(table.displayName).\(column.name)", in: &names)
            }
        }
        var built: [SQLiteTable] = []
        for table in exported {
            guard let name = tableNames[table.key] else { continue }
            var builder = TableBuilder(file: file, tableNames: tableNames)
            built.append(builder.objects(table, named: name, claim: { claim($0, for: $1, in: &$2) }))
            for column in table.columns where column.collection != nil {
                let collection = collectionNames["\(table.key)/\(column.name)"] ?? name + "_" + column.name
                built.append(builder.collection(column, of: table, ownerName: name, named: collection))
            }
        }
        // Index names share the namespace of tables; given last, they never rename a table.
        tables = built.map { table in
            SQLiteTable(name: table.name, content: table.content, columns: table.columns, indexes: table.indexes.map { index in
                SQLiteIndex(name: claim(index.name, for: "the index of \(table.name).\(index.column)", in: &names), column: index.column)
            })
        }
        self.renames = renames
        self.tableNames = tableNames
    }
}

/// The columns of one table of the layout, with the index each needs (named as preferred;
/// `SQLiteLayout` makes the names unique across the file).
private struct TableBuilder {
    let file: RealmFile
    let tableNames: [UInt32: String]

    typealias Claim = (String, String, inout SQLiteNames) -> String

    mutating func objects(_ table: Table, named name: String, claim: Claim) -> SQLiteTable {
        var space = SQLiteNames()
        var columns: [SQLiteColumn] = []
        var indexes: [SQLiteIndex] = []
        columns.append(SQLiteColumn(name: claim("_key", "\(name)._key", &space), role: .objectKey, type: "INTEGER", notNull: false,
                                    unique: false, references: nil, onDelete: nil, realmType: .int))
        for owner in Self.owners(of: table, in: file) {
            let ownerName = file.table(withKey: owner)?.displayName ?? "?"
            let column = SQLiteColumn(name: claim("_owner_" + ownerName, "the owner column of \(name)", &space), role: .owner(owner),
                                      type: "INTEGER", notNull: false, unique: false, references: tableNames[owner],
                                      onDelete: "CASCADE", realmType: .link)
            columns.append(column)
            indexes.append(index(name, column.name))
        }
        let properties = table.columns.filter { $0.collection == nil }
        let propertyNames = properties.map { claim($0.name, "property \(table.displayName).\($0.name)", &space) }
        for (column, columnName) in zip(properties, propertyNames) {
            let references = column.isLink ? column.targetTableKey.flatMap { tableNames[$0] } : nil
            columns.append(SQLiteColumn(name: columnName, role: .property(column), type: Self.declaredType(column.type),
                                        notNull: Self.isRequired(column), unique: column.isPrimaryKey, references: references,
                                        onDelete: references == nil ? nil : "SET NULL", realmType: column.type))
            if references != nil || (column.isIndexed && !column.isPrimaryKey) || column.isFullTextIndexed {
                indexes.append(index(name, columnName))
            }
            if Self.carriesType(column) {
                columns.append(SQLiteColumn(name: claim(columnName + "_type", "the type of \(table.displayName).\(column.name)", &space),
                                            role: .propertyType(column), type: "TEXT", notNull: false, unique: false,
                                            references: nil, onDelete: nil, realmType: .string))
            }
        }
        return SQLiteTable(name: name, content: .objects(table), columns: columns, indexes: indexes)
    }

    func collection(_ column: Column, of table: Table, ownerName: String, named name: String) -> SQLiteTable {
        var columns = [SQLiteColumn(name: "owner", role: .collectionOwner, type: "INTEGER", notNull: true, unique: false,
                                    references: ownerName, onDelete: "CASCADE", realmType: .link)]
        switch column.collection {
        case .list?:
            columns.append(SQLiteColumn(name: "position", role: .position, type: "INTEGER", notNull: true, unique: false,
                                        references: nil, onDelete: nil, realmType: .int))
        case .dictionary?:
            columns.append(SQLiteColumn(name: "key", role: .entryKey, type: "TEXT", notNull: true, unique: false,
                                        references: nil, onDelete: nil, realmType: .string))
        default:
            break
        }
        let references = column.isLink ? column.targetTableKey.flatMap { tableNames[$0] } : nil
        // Lists and sets never hold a null link (Realm drops the element); a dictionary's may be null.
        let notNull = column.isLink ? column.collection != .dictionary : Self.isRequired(column)
        columns.append(SQLiteColumn(name: "value", role: .element, type: Self.declaredType(column.type), notNull: notNull,
                                    unique: false, references: references,
                                    onDelete: references == nil ? nil : column.collection == .dictionary ? "SET NULL" : "CASCADE",
                                    realmType: column.type))
        if Self.carriesType(column) {
            columns.append(SQLiteColumn(name: "value_type", role: .elementType, type: "TEXT", notNull: false, unique: false,
                                        references: nil, onDelete: nil, realmType: .string))
        }
        // The owner leads the table's key (or its UNIQUE constraint): that is its index.
        let indexes = references == nil ? [] : [index(name, "value")]
        return SQLiteTable(name: name, content: .collection(owner: table, column: column), columns: columns, indexes: indexes)
    }

    private func index(_ table: String, _ column: String) -> SQLiteIndex {
        SQLiteIndex(name: "index_\(table)_on_\(column)", column: column)
    }

    /// The classes owning an embedded class's objects: the origins of its backlink columns,
    /// each once, in the order of those columns. None for a class that is not embedded.
    static func owners(of table: Table, in file: RealmFile) -> [UInt32] {
        guard table.kind == .embedded else { return [] }
        var owners: [UInt32] = []
        for backlink in table.backlinkColumns {
            guard let origin = backlink.targetTableKey, !owners.contains(origin) else { continue }
            owners.append(origin)
        }
        return owners
    }

    /// Mixed values (and typed links, whose target varies) carry their type beside them.
    static func carriesType(_ column: Column) -> Bool {
        column.type == .mixed || column.type == .typedLink
    }

    /// A value that is never null is declared `NOT NULL` (links and Mixed values may always be null).
    static func isRequired(_ column: Column) -> Bool {
        !column.isNullable && !column.isLink && !carriesType(column)
    }

    static func declaredType(_ type: ColumnType) -> String {
        switch type {
        case .int, .bool, .link, .legacyLinkList: return "INTEGER"
        case .float, .double: return "REAL"
        case .string, .timestamp, .decimal128, .objectId, .uuid: return "TEXT"
        case .binary: return "BLOB"
        case .mixed, .typedLink, .backlink: return ""
        }
    }
}
