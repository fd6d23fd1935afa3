import RealmShell
import RealmFormat
import RealmInterchange

/// The REPL's one-line text of every value `serve` lists, beside the canonical JSON of the same
/// objects: the page shows values exactly as the REPL's tables do (no second value formatter in
/// JavaScript) and follows links from here.
enum ServeCells {
    /// A grid cell longer than this is cut (`"cut": true`); the page asks for the object for the
    /// whole value, so a 16 MiB string is not sent with every page.
    static let cutLength = 200

    /// One object's cells: a JSON array, one cell per column.
    static func row(_ object: ObjectHandle, columns: [Column], catalog: Catalog) -> String {
        var row = "["
        for (index, column) in columns.enumerated() {
            if index > 0 { row += ", " }
            row += Self.cell((try? object.value(of: column)), catalog: catalog, cut: true)
        }
        return row + "]"
    }

    /// `{"text": T}` and, for a link to one object, `"link": {"class": C, "key": K}`; for a
    /// collection, `"open": true` (its elements are in the object's view); `"cut": true` when
    /// the text was cut. A value that cannot be read shows as the REPL shows it, `<unreadable>`.
    static func cell(_ value: RealmValue?, catalog: Catalog, cut: Bool) -> String {
        guard let value else { return "{\"text\": \"<unreadable>\"}" }
        var text = ValueFormatter().text(value, link: catalog.linkLabel)
        var json = "{\"text\": "
        var wasCut = false
        if cut, text.count > cutLength {
            text = String(text.prefix(cutLength - 1)) + "…"
            wasCut = true
        }
        CanonicalValueEncoder.appendJSONString(text, to: &json)
        if wasCut { json += ", \"cut\": true" }
        switch value {
        case let .link(table, key), let .typedLink(table, key):
            if let target = catalog.file.table(withKey: table) {
                json += ", \"link\": {\"class\": "
                CanonicalValueEncoder.appendJSONString(target.displayName, to: &json)
                json += ", \"key\": \(key)}"
            }
        case .collection: json += ", \"open\": true"
        default: break
        }
        return json + "}"
    }
}
