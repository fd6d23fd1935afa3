import RealmFormat

/// The value of a single link property as `create` and `update` take it, like `set` does: an
/// object (`Category[1]`, `Category[name = "Birds"]`), `null`, or for a link to an embedded
/// class a new embedded object `{ PROPERTY: VALUE, ... }`. Without it those commands refused
/// links with "expected one value".
enum LinkValue {
    case object(table: Table, key: Int64)
    case null
    case embedded(EmbeddedObjectLiteral?, target: Table)

    /// nil when `column` is not a single link (the text is then an ordinary value).
    init?(_ text: String, column: Column, catalog: Catalog, session: Session) throws(BrowserError) {
        guard column.isLink, column.collection == nil, let targetKey = column.targetTableKey,
              let target = catalog.file.table(withKey: targetKey) else { return nil }
        if target.kind == .embedded {
            let isNull = text == "null" || text == "nil"
            self = .embedded(isNull ? nil : try EmbeddedObjectLiteral(text, for: target), target: target)
            return
        }
        if let found = try SetCommand.linkTarget(text, column: column, catalog: catalog, session: session) {
            self = .object(table: found.table, key: found.key)
        } else {
            self = .null
        }
    }

    func description(catalog: Catalog) -> String {
        switch self {
        case let .object(table, key): return catalog.linkLabel(table: table.key, key: key)
        case .null: return "null"
        case let .embedded(literal, _): return literal?.description ?? "null"
        }
    }

    /// Stages the link of the object `key` (already staged or in the file).
    func stage(into editor: FileEditor, column: Column, table: Table, key: Int64) throws(RealmFormatError) {
        switch self {
        case let .object(_, target): try editor.setLink(to: target, column: column, table: table, key: key)
        case .null: try editor.setLink(to: nil, column: column, table: table, key: key)
        case let .embedded(literal, target):
            guard let targetTable = editor.file.table(named: target.name) else {
                throw .cannotWrite(path: editor.path, reason: "the file changed; open it again")
            }
            try editor.setEmbedded(try literal?.columns(in: targetTable, path: editor.path), column: column, table: table, key: key)
        }
    }
}
