import RealmFormat

/// One object, one property per line: full values, links as `Class[position] "label"`,
/// embedded objects inline, collections with their size and first elements, and who links here.
enum ObjectView {
    static let previewLength = 70

    static func render(_ object: ObjectHandle, catalog: Catalog, output: OutputSink) throws(BrowserError) {
        let table = object.table
        let key: Int64
        do { key = try object.key } catch { throw .file(error) }
        let kind = table.kind == .embedded ? ", embedded" : ""
        output.line("\(table.displayName)[\(object.position)]  (object key \(key)\(kind))")
        let columns = table.columns
        let backlinks = table.backlinkColumns
        let width = max(columns.map(\.name.count).max() ?? 0, backlinks.isEmpty ? 0 : "linked from".count)
        for column in columns {
            let text: String
            do {
                text = try describe(try object.value(of: column), column: column, catalog: catalog, depth: 0)
            } catch {
                text = "<unreadable: \(error)>"
            }
            output.line("  " + column.name.padding(to: width) + "  " + text)
        }
        for column in backlinks {
            let keys: [Int64]
            do { keys = try ColumnLeafReader(leaf: object.leaf, column: column).backlinks(at: object.row) } catch { throw .file(error) }
            guard !keys.isEmpty else { continue }
            let origin = SchemaCommand.origin(of: column, catalog: catalog)
            output.line("  " + "linked from".padding(to: width) + "  \(origin) (\(keys.count) link\(keys.count == 1 ? "" : "s"); 'backlinks' lists them)")
        }
    }

    /// The full text of a value in the object view.
    static func describe(_ value: RealmValue, column: Column, catalog: Catalog, depth: Int) throws(RealmFormatError) -> String {
        let formatter = ValueFormatter()
        switch value {
        case let .link(tableKey, key) where depth < 3:
            guard let target = catalog.file.table(withKey: tableKey), target.kind == .embedded,
                  let object = try? catalog.object(in: target, key: key) else {
                return formatter.detail(value, link: catalog.linkLabel)
            }
            return try inline(object, catalog: catalog, depth: depth + 1)
        case let .collection(collection):
            let type = SchemaCommand.typeDescription(column, catalog: catalog).split(separator: " (").first.map(String.init) ?? ""
            let unit = collection.kind == .dictionary ? (collection.elementCount == 1 ? "entry" : "entries") : (collection.elementCount == 1 ? "item" : "items")
            let summary = "\(type), \(collection.elementCount) \(unit)"
            guard collection.elementCount > 0 else { return summary }
            return summary + ": " + preview(collection, catalog: catalog)
        default:
            return formatter.detail(value, link: catalog.linkLabel)
        }
    }

    /// `EmbeddedAddress { street: "Main St", city: "Oslo", zip: 1234 }`
    static func inline(_ object: ObjectHandle, catalog: Catalog, depth: Int) throws(RealmFormatError) -> String {
        var parts: [String] = []
        for column in object.table.columns {
            parts.append("\(column.name): " + (try describe(try object.value(of: column), column: column, catalog: catalog, depth: depth)))
        }
        return "\(object.table.displayName) { " + parts.joined(separator: ", ") + " }"
    }

    /// The first elements of a collection, cut to fit one line.
    static func preview(_ collection: CollectionSummary, catalog: Catalog) -> String {
        let reader = CollectionReader(file: catalog.file)
        let formatter = ValueFormatter()
        var parts: [String] = []
        if collection.kind == .dictionary {
            guard let entries = try? reader.entries(of: collection) else { return "[…]" }
            parts = entries.prefix(8).map { formatter.detail($0.key, link: catalog.linkLabel) + ": " + formatter.detail($0.value, link: catalog.linkLabel) }
        } else {
            guard let elements = try? reader.elements(of: collection) else { return "[…]" }
            parts = elements.prefix(8).map { formatter.detail($0, link: catalog.linkLabel) }
        }
        let (open, close) = collection.kind == .dictionary ? ("{", "}") : ("[", "]")
        var text = ""
        for (index, part) in parts.enumerated() {
            let piece = (index == 0 ? "" : ", ") + part
            if text.count + piece.count > previewLength {
                return open + text + (index == 0 ? "…" : ", …") + close
            }
            text += piece
        }
        let more = collection.elementCount > parts.count ? ", …" : ""
        return open + text + more + close
    }
}
