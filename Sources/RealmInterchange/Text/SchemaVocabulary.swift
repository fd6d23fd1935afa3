import RealmFormat

/// How a property's type is named to users: `schema`, the REPL's renderers, `serve` and the
/// messages of import and export all say it the same way.
public enum SchemaVocabulary {
    /// Type names as Realm's SDKs and Realm Studio spell them.
    public static func userTypeName(_ type: ColumnType) -> String {
        switch type {
        case .timestamp: return "date"
        case .binary: return "data"
        default: return type.description
        }
    }

    /// `string (optional)`, `list of Task`, `link -> Category`, `int (primary key)`.
    public static func typeDescription(_ column: Column, in file: RealmFile) -> String {
        var element: String
        if column.isLink {
            let target = column.targetTableKey.flatMap { file.table(withKey: $0) }?.displayName ?? "?"
            element = column.collection == nil ? "link -> \(target)" : target
        } else {
            element = userTypeName(column.type)
        }
        var notes: [String] = []
        if let collection = column.collection {
            element = "\(collection) of \(element)"
            if column.isNullable && !column.isLink { notes.append("optional elements") }
        } else if column.isNullable {
            notes.append("optional")
        }
        if column.isPrimaryKey { notes.append("primary key") } else if column.isIndexed { notes.append("indexed") }
        if column.isFullTextIndexed { notes.append("full-text indexed") }
        return notes.isEmpty ? element : element + " (" + notes.joined(separator: ", ") + ")"
    }

    /// `Person.banks` for the backlink column fed by Person's `banks` property.
    public static func origin(of backlink: Column, in file: RealmFile) -> String {
        guard let tableKey = backlink.targetTableKey, let origin = file.table(withKey: tableKey) else { return "?" }
        let property = origin.columns.first { $0.key == backlink.oppositeColumnKey }?.name ?? "?"
        return "\(origin.displayName).\(property)"
    }
}
