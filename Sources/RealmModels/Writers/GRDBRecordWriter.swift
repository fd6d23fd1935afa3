import RealmFormat
import RealmInterchange

/// GRDB record types for the SQLite file `export sqlite` writes (`models grdb`): one struct per
/// table of the same `SQLiteLayout` the export uses, so names, columns and foreign keys agree
/// by construction. Each is `Codable, FetchableRecord, PersistableRecord` with its table's
/// name, its columns in order (`CodingKeys` keep the SQLite names, `Columns` for the query
/// interface), and a `belongsTo` per foreign key with the matching `hasMany` in the table
/// referenced: a starting point for an app leaving Realm for GRDB.
///
/// Swift types follow docs/sqlite-export.md: INTEGER `Int64` (bool `Bool`), TEXT `String`
/// (dates, Decimal128, ObjectId and UUID keep their exact text), BLOB `Data`; a float or double
/// is `RealmReal`, which also reads the two texts the export stores for NaN and -0.0, and a
/// Mixed value `RealmMixed`, whatever SQLite holds with its `_type` column beside it. Both are
/// written into the file only when a table needs them.
public enum GRDBRecordWriter {
    public static func source(for layout: SQLiteLayout, fileName: String) -> String {
        // Types the records use keep their names: a class named Data or Column gets `_2`.
        var typeNames = SwiftNames(taken: ["Bool", "Column", "Data", "Database", "DatabaseValue", "ForeignKey", "Int64",
                                           "RealmMixed", "RealmReal", "String"])
        var types: [String: String] = [:]
        for table in layout.tables { types[table.name] = typeNames.claim(typeIdentifier(table.name)) }
        // The hasMany side of every foreign key, gathered per referenced table.
        var incoming: [String: [(source: SQLiteTable, column: SQLiteColumn)]] = [:]
        for table in layout.tables {
            for column in table.columns {
                if let target = column.references { incoming[target, default: []].append((table, column)) }
            }
        }
        var text = "// GRDB records for the SQLite file `realm-browser export sqlite` writes from \(fileName)\n"
            + "// (docs/sqlite-export.md), written by realm-browser from the file's schema.\n"
            + "import Foundation\nimport GRDB\n"
        var helpers: Set<String> = []
        for table in layout.tables {
            text += "\n" + declaration(of: table, types: types, incoming: incoming[table.name] ?? [], helpers: &helpers)
        }
        if helpers.contains("RealmReal") { text += "\n" + realHelper }
        if helpers.contains("RealmMixed") { text += "\n" + mixedHelper }
        return text
    }

    static func declaration(of table: SQLiteTable, types: [String: String],
                            incoming: [(source: SQLiteTable, column: SQLiteColumn)], helpers: inout Set<String>) -> String {
        let type = types[table.name] ?? typeIdentifier(table.name)
        var text = "/// Table \(quotedLiteral(table.name)): " + describe(table) + "\n"
        text += "struct \(type): Codable, FetchableRecord, PersistableRecord {\n"
        text += "    static let databaseTableName = \(quotedLiteral(table.name))\n\n"
        var members = SwiftNames(taken: ["databaseTableName", "CodingKeys", "Columns"])
        let properties = table.columns.map { members.claim(memberIdentifier($0.name)) }
        for (column, property) in zip(table.columns, properties) {
            let swiftType = swiftType(of: column)
            if swiftType.hasPrefix("Realm") { helpers.insert(swiftType) }
            text += "    var \(escaped(property)): \(swiftType)\(column.notNull || isKey(column) ? "" : "?")\n"
        }
        text += "\n    enum CodingKeys: String, CodingKey {\n"
        for (column, property) in zip(table.columns, properties) {
            text += "        case \(escaped(property)) = \(quotedLiteral(column.name))\n"
        }
        text += "    }\n\n    enum Columns {\n"
        for property in properties {
            text += "        static let \(escaped(property)) = Column(CodingKeys.\(escaped(property)))\n"
        }
        text += "    }\n"
        var associations: [String] = []
        for (column, property) in zip(table.columns, properties) {
            guard let target = column.references, let targetType = types[target] else { continue }
            let name = members.claim(property + "Record")
            associations.append("    static let \(escaped(name)) = belongsTo(\(targetType).self, key: \(quotedLiteral(name)), "
                                + "using: ForeignKey([\(quotedLiteral(column.name))]))")
        }
        for (source, column) in incoming {
            guard let sourceType = types[source.name] else { continue }
            let name = members.claim(memberIdentifier(source.name) + "Via" + upperFirst(memberIdentifier(column.name)))
            associations.append("    static let \(escaped(name)) = hasMany(\(sourceType).self, key: \(quotedLiteral(name)), "
                                + "using: ForeignKey([\(quotedLiteral(column.name))]))")
        }
        if !associations.isEmpty { text += "\n" + associations.joined(separator: "\n") + "\n" }
        return text + "}\n"
    }

    /// What the table holds, for its doc comment.
    static func describe(_ table: SQLiteTable) -> String {
        switch table.content {
        case let .objects(realm):
            return (realm.kind == .embedded ? "the embedded objects of " : "the objects of ") + realm.displayName + "."
        case let .collection(owner, column):
            let kind = column.collection.map { "\($0)" } ?? "collection"
            return "the elements of \(owner.displayName).\(column.name) (a \(kind))."
        }
    }

    /// `_key` is the rowid: present on every row read, and GRDB needs it non-optional to update.
    static func isKey(_ column: SQLiteColumn) -> Bool {
        if case .objectKey = column.role { return true }
        return false
    }

    static func swiftType(of column: SQLiteColumn) -> String {
        switch column.role {
        case .objectKey, .owner, .collectionOwner, .position: return "Int64"
        case .entryKey, .propertyType, .elementType: return "String"
        case .property, .element: break
        }
        switch column.realmType {
        case .int, .link, .legacyLinkList, .backlink: return "Int64"
        case .bool: return "Bool"
        case .float, .double: return "RealmReal"
        case .string, .timestamp, .decimal128, .objectId, .uuid: return "String"
        case .binary: return "Data"
        case .mixed, .typedLink: return "RealmMixed"
        }
    }

    // MARK: - Names

    /// A Swift type name for a table: letters, digits and `_` kept, anything else `_`, a leading
    /// digit prefixed with `_`.
    static func typeIdentifier(_ name: String) -> String {
        memberIdentifier(name)
    }

    static func memberIdentifier(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            let keep = scalar == "_" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
            scalars.append(keep ? scalar : "_")
        }
        var identifier = String(scalars)
        if identifier.isEmpty || identifier.first?.isNumber == true { identifier = "_" + identifier }
        return identifier
    }

    static func escaped(_ identifier: String) -> String {
        SwiftModelWriter.keywords.contains(identifier) || identifier == "_" ? "`\(identifier)`" : identifier
    }

    static func upperFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// A Swift string literal of `text` (names may hold quotes, backslashes, anything).
    static func quotedLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: literal += "\\u{\(String(scalar.value, radix: 16))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}

/// Identifiers given once each in one Swift scope: a later one equal to an earlier gets `_2`,
/// `_3`, ... (Swift's names are case-sensitive, unlike SQLite's).
struct SwiftNames {
    private var taken: Set<String>

    init(taken: Set<String> = []) { self.taken = taken }

    mutating func claim(_ preferred: String) -> String {
        var name = preferred
        var suffix = 2
        while taken.contains(name) {
            name = preferred + "_\(suffix)"
            suffix += 1
        }
        taken.insert(name)
        return name
    }
}
