import RealmFormat
import RealmInterchange
import RealmQuery

/// `set CLASS[_key = K].PROPERTY = VALUE` on an object created earlier in the open transaction:
/// it is not in the file yet, so the catalog cannot resolve it, but the editor knows it (its key
/// is printed by `create`).
extension SetCommand {
    /// Stages the change when `pathText` names a staged object; false when it does not.
    static func setStagedObject(_ pathText: String, valueText: String, session: Session) throws(BrowserError) -> Bool {
        guard let editor = session.transaction, let (className, key, property) = stagedAddress(pathText) else { return false }
        let catalog = try session.requireCatalog()
        let table = try catalog.table(named: className)
        guard let column = table.column(named: property) else { throw .unknownProperty(className: table.displayName, name: property) }
        let exists: Bool
        exists = try readingFile { () throws(RealmFormatError) in try editor.exists(table: table, key: key) }
        guard exists else { return false }
        let location = "\(table.displayName)[_key = \(key)].\(property)"
        if column.isLink && column.collection == nil {
            let target = try linkTarget(valueText, column: column, catalog: catalog, session: session)
            let label = target.map { catalog.linkLabel(table: $0.table.key, key: $0.key) } ?? "null"
            try Transaction.change(session: session, unchanged: unchangedLink("\(location) = \(label)", session: session)) { editor throws(RealmFormatError) -> String? in
                try editor.setLink(to: target?.key, column: column, table: table, key: key) ? "\(location) = \(label)" : nil
            }
            return true
        }
        let value = try ValueCoercion.value(typed: valueText, for: column, className: table.displayName)
        try Transaction.change(session: session, description: "\(location) = \(ValueFormatter().preview(value, link: { _, _ in "" }))") { editor throws(RealmFormatError) in
            try editor.set(value, column: column, table: table, key: key)
        }
        return true
    }

    /// `Class[_key = K].property` split into its parts.
    private static func stagedAddress(_ text: String) -> (className: String, key: Int64, property: String)? {
        guard let open = text.firstIndex(of: "["), let close = text.firstIndex(of: "]"), open < close else { return nil }
        let className = String(text[..<open]).trimmingWhitespace()
        let inside = text[text.index(after: open)..<close].split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace() }
        let rest = String(text[text.index(after: close)...]).trimmingWhitespace()
        guard inside.count == 2, inside[0] == ObjectAddress.keyProperty, let key = Int64(inside[1]),
              rest.hasPrefix("."), !className.isEmpty else { return nil }
        let property = String(rest.dropFirst()).trimmingWhitespace()
        guard !property.isEmpty, !property.contains("."), !property.contains("[") else { return nil }
        return (className, key, property)
    }
}
