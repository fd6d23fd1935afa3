import RealmFormat
import RealmQuery

/// A value typed after `PROPERTY =` in `create` and `update`, read the way the property needs
/// it: a single value as in the query language, a whole list or set (`{"a", "b"}`) or
/// dictionary (`{"k": 1}`), a link to an object (`Category[1]`, also in a Mixed property), or
/// an embedded object (`{ city: "Oslo" }`). It is parsed once and staged for each object.
enum AssignedValue {
    /// A single value without links, which `create` can give the new object directly.
    case scalar(RealmValue)
    /// A collection, a link or a Mixed link, staged with the backlinks it adds.
    case stored(NewValue)
    /// A new embedded object (nil: none).
    case embedded(EmbeddedObjectLiteral?, target: String)

    /// `text` read for `column` of `table`.
    static func parse(_ text: String, column: Column, table: Table, session: Session) throws(BrowserError) -> AssignedValue {
        let catalog = try session.requireCatalog()
        if column.isLink, column.collection == nil, let target = column.targetTableKey.flatMap({ catalog.file.table(withKey: $0) }) {
            if target.kind == .embedded {
                let isNull = text == "null" || text == "nil"
                return .embedded(isNull ? nil : try EmbeddedObjectLiteral(text, for: target), target: target.name)
            }
            let linked = try SetCommand.linkTarget(text, column: column, catalog: catalog, session: session)
            return .stored(.scalar(linked.map { .link(table: $0.table.key, key: $0.key) } ?? .null))
        }
        if let kind = column.collection {
            let target = CollectionEditing.Target(table: table, key: -1, column: column, label: "\(table.displayName).\(column.name)",
                                                  subscripts: [])
            if kind == .dictionary {
                guard let (keys, values) = try CollectionEditing.entries(text, for: target, session: session) else {
                    throw .invalidValue("\(target.label) is a dictionary, written in braces: {\"a\": 1, \"b\": 2} (or {})")
                }
                return .stored(.dictionary(zip(keys, values).map { DictionaryEntry(key: $0, value: .scalar($1)) }))
            }
            guard let values = try CollectionEditing.elements(text, for: target, session: session) else {
                throw .invalidValue("\(target.label) is a \(kind), written in braces: {1, 2, 3} (or {})")
            }
            return .stored(.list(values))
        }
        // A Mixed property can hold a link to any object: `mixed = Target[3]`.
        if column.type == .mixed, (try? QueryArguments.value(of: text)) == nil, let link = try CollectionEditing.objectLink(text, catalog: catalog) {
            return .stored(.scalar(link))
        }
        return .scalar(try ValueCoercion.value(typed: text, for: column, className: table.displayName))
    }

    /// The value as messages show it.
    func shown(session: Session) -> String {
        switch self {
        case let .scalar(value), let .stored(.scalar(value)):
            return CollectionEditing.shown(value, session: session)
        case let .stored(.list(values)):
            return "{" + values.map { CollectionEditing.shown($0, session: session) }.joined(separator: ", ") + "}"
        case let .stored(.dictionary(entries)):
            return "{" + entries.map { entry in
                let value = if case let .scalar(scalar) = entry.value { CollectionEditing.shown(scalar, session: session) } else { "…" }
                return "\"\(entry.key)\": \(value)"
            }.joined(separator: ", ") + "}"
        case .stored(.mixedList):
            return "[…]"
        case let .embedded(literal, _):
            return literal?.description ?? "null"
        }
    }

    /// Stages the value as property `column` of the object with `key` (all or nothing).
    func stage(in editor: FileEditor, column: Column, table: Table, key: Int64) throws(RealmFormatError) {
        switch self {
        case let .scalar(value):
            try editor.set(value, column: column, table: table, key: key)
        case let .stored(value):
            try editor.replaceStored(value, column: column, table: table, key: key)
        case let .embedded(literal, targetName):
            guard let target = editor.file.table(named: targetName) else {
                throw .cannotWrite(path: editor.path, reason: "the file changed; open it again")
            }
            try editor.setEmbedded(try literal?.columns(in: target, path: editor.path), column: column, table: table, key: key)
        }
    }
}
