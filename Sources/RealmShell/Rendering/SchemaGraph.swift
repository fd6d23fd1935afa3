import RealmFormat
import RealmInterchange

/// `schema --dot`: the class graph in Graphviz DOT, so that
/// `realm-browser app.realm -c 'schema --dot' | dot -Tpng > schema.png` draws the schema.
///
/// Each class is a node whose HTML-like table lists its properties (one port per row); links
/// are solid edges from the property's row to the target class (`(list)`, `(set)`,
/// `(dictionary)` for collections, a diamond at the owner for embedded objects); backlinks
/// are rows `linked from Origin.property` with a dashed edge back to the origin class.
struct SchemaGraph {
    let file: RealmFile
    let catalogName: String

    /// The graph of `tables` (all classes when nil); edges only between drawn classes.
    func dot(only tables: [Table]? = nil) -> String {
        let drawn = tables ?? file.classTables
        let drawnKeys = Set(drawn.map(\.key))
        var text = "digraph \(Self.identifier(catalogName)) {\n"
        text += "  graph [rankdir=LR, fontname=\"Helvetica\"];\n"
        text += "  node [shape=plain, fontname=\"Helvetica\", fontsize=11];\n"
        text += "  edge [fontname=\"Helvetica\", fontsize=10];\n"
        var edges: [String] = []
        for table in drawn {
            text += "\n  \(Self.identifier(table.displayName)) [label=<\(label(for: table))>];\n"
            for (index, column) in table.columns.enumerated() where column.isLink {
                guard let key = column.targetTableKey, drawnKeys.contains(key), let target = file.table(withKey: key) else { continue }
                var attributes = ["label=" + Self.identifier(column.name + (column.collection.map { " (\($0))" } ?? ""))]
                if column.collection != nil { attributes.append("arrowhead=crow") }
                if target.kind == .embedded { attributes += ["dir=both", "arrowtail=diamond"] }
                edges.append("  \(Self.identifier(table.displayName)):p\(index) -> \(Self.identifier(target.displayName)) [\(attributes.joined(separator: ", "))];")
            }
            for (index, backlink) in origins(of: table).enumerated() where drawnKeys.contains(backlink.origin.key) {
                edges.append("  \(Self.identifier(table.displayName)):b\(index) -> \(Self.identifier(backlink.origin.displayName)) [style=dashed, arrowhead=empty, constraint=false];")
            }
        }
        if !edges.isEmpty { text += "\n" + edges.joined(separator: "\n") + "\n" }
        return text + "}\n"
    }

    /// The node's table: the class name, a row per property, a row per backlink.
    func label(for table: Table) -> String {
        let kind = table.kind == .topLevel ? "" : " (\(table.kind))"
        var rows = ["<tr><td bgcolor=\"#dde4ee\"><b>\(Self.html(table.displayName))</b>\(Self.html(kind))</td></tr>"]
        let catalog = Catalog(file: file)
        for (index, column) in table.columns.enumerated() {
            let text = column.name + ": " + SchemaVocabulary.typeDescription(column, in: catalog.file)
            rows.append("<tr><td port=\"p\(index)\" align=\"left\">\(Self.html(text))</td></tr>")
        }
        for (index, backlink) in origins(of: table).enumerated() {
            let text = "linked from \(backlink.origin.displayName).\(backlink.property)"
            rows.append("<tr><td port=\"b\(index)\" align=\"left\"><i>\(Self.html(text))</i></td></tr>")
        }
        return "<table border=\"0\" cellborder=\"1\" cellspacing=\"0\" cellpadding=\"4\">" + rows.joined() + "</table>"
    }

    /// The classes and properties that link to `table` (its backlink columns).
    func origins(of table: Table) -> [(origin: Table, property: String)] {
        table.backlinkColumns.compactMap { column in
            guard let key = column.targetTableKey, let origin = file.table(withKey: key), origin.className != nil,
                  let property = origin.columns.first(where: { $0.key == column.oppositeColumnKey }) else { return nil }
            return (origin, property.name)
        }
    }

    /// A DOT ID: always quoted, with `"` and `\` escaped.
    static func identifier(_ text: String) -> String {
        var escaped = "\""
        for character in text {
            if character == "\"" || character == "\\" { escaped.append("\\") }
            if character == "\n" { escaped += "\\n"; continue }
            escaped.append(character)
        }
        return escaped + "\""
    }

    /// Text inside an HTML-like label.
    static func html(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
