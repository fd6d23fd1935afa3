import RealmFormat

/// One table of the SQLite file `export sqlite` writes (docs/sqlite-export.md): the objects of
/// a class, or the elements of one list, set or dictionary property of a class.
public struct SQLiteTable: Sendable {
    public enum Content: Sendable {
        /// A row per object of the class (embedded objects included), in key order.
        case objects(Table)
        /// A row per element of the property `column` of every object of `owner`.
        case collection(owner: Table, column: Column)
    }

    public let name: String
    public let content: Content
    public let columns: [SQLiteColumn]
    public let indexes: [SQLiteIndex]

    /// The kind of collection a collection table holds; nil for a table of objects.
    public var collection: CollectionKind? {
        if case let .collection(_, column) = content { return column.collection }
        return nil
    }

    /// `CREATE TABLE`: the columns in order, then the table's own constraints. Lists and
    /// dictionaries are keyed by (owner, position) and (owner, key) and stored in that order
    /// (`WITHOUT ROWID`): the owner's elements lie together, and the key is the owner's index.
    /// A set is unique per owner (with the type, for Mixed elements, so that 1 and '1' stay two).
    public var createStatement: String {
        var parts = columns.map(\.definition)
        let quoted = columns.map { SQLiteNames.quoted($0.name) }
        var rowid = true
        switch collection {
        case .list?, .dictionary?:
            parts.append("PRIMARY KEY (\(quoted[0]), \(quoted[1]))")
            rowid = false
        case .set?:
            parts.append("UNIQUE (" + quoted.joined(separator: ", ") + ")")
        case nil:
            break
        }
        return "CREATE TABLE \(SQLiteNames.quoted(name)) (" + parts.joined(separator: ", ") + ")" + (rowid ? "" : " WITHOUT ROWID")
    }

    /// `INSERT` with one parameter per column, in column order.
    public var insertStatement: String { insertStatement(rows: 1) }

    /// `INSERT` of `rows` rows of parameters, those whose first column (`_key`, `owner`) is
    /// NULL left out: a last, partial batch binds NULL there in the rows it does not fill.
    public func insertStatement(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        guard rows > 1 else { return "INSERT INTO \(SQLiteNames.quoted(name)) VALUES " + row }
        return "INSERT INTO \(SQLiteNames.quoted(name)) SELECT * FROM (VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ") + ") WHERE column1 IS NOT NULL"
    }
}

/// A column of an exported table and what it holds.
public struct SQLiteColumn: Sendable {
    public enum Role: Sendable {
        /// `_key`, the object key: the table's `INTEGER PRIMARY KEY`.
        case objectKey
        /// An embedded object's owner in the table with this key (from the object's backlink).
        case owner(UInt32)
        /// A property's value; a Mixed property's (or typed link's) value without its type.
        case property(Column)
        /// The Realm type of a Mixed property's value (or of a typed link's), as text.
        case propertyType(Column)
        /// A collection table's owner (`owner`), a list element's position (`position`), a
        /// dictionary entry's key (`key`), the element (`value`) and a Mixed element's type
        /// (`value_type`).
        case collectionOwner, position, entryKey, element, elementType
    }

    public let name: String
    public let role: Role
    /// The declared type: INTEGER, REAL, TEXT, BLOB, or none for a Mixed value, which keeps
    /// the storage class of what it holds.
    public let type: String
    public let notNull: Bool
    public let unique: Bool
    /// The table whose `_key` the values are; nil when they point nowhere (or nowhere exported).
    public let references: String?
    /// What SQLite does to this column when the row it references is deleted (with
    /// `PRAGMA foreign_keys=ON`), as Realm would: `CASCADE` for an owner and for a list's or
    /// set's element (Realm drops it), `SET NULL` for a link and a dictionary's value.
    public let onDelete: String?
    /// The Realm type of the values (properties and elements; `.int` for keys and positions).
    public let realmType: ColumnType

    var definition: String {
        var text = SQLiteNames.quoted(name)
        if !type.isEmpty { text += " " + type }
        if case .objectKey = role { text += " PRIMARY KEY" }
        if notNull { text += " NOT NULL" }
        if unique { text += " UNIQUE" }
        if let references {
            text += " REFERENCES \(SQLiteNames.quoted(references))(\"_key\")"
            if let onDelete { text += " ON DELETE " + onDelete }
        }
        return text
    }
}

/// An index of the exported file: on every column that references another table (unless the
/// table's own key starts with it) and on every column Realm indexes.
public struct SQLiteIndex: Sendable {
    public let name: String
    public let column: String

    func createStatement(on table: String) -> String {
        "CREATE INDEX \(SQLiteNames.quoted(name)) ON \(SQLiteNames.quoted(table)) (\(SQLiteNames.quoted(column)))"
    }
}
