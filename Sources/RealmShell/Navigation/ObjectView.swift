import RealmFormat
import RealmInterchange

/// One object, one property per line: full values, links as `Class[position] "label"`,
/// embedded objects inline, collections with their size and first elements, and who links here.
enum ObjectView {
    static let previewLength = 70

    /// Table mode prints the view below; the other modes print the object as one record with
    /// full values (JSON: the canonical object with `_key`).
    static func render(_ object: ObjectHandle, catalog: Catalog, session: Session) throws(BrowserError) {
        guard session.outputMode != .table else {
            try render(object, catalog: catalog, output: session.output, paint: session.outputStyle.paint)
            return
        }
        let columns = object.table.columns
        let printer = session.rowPrinter([OutputColumn("object"), OutputColumn("_key", alignment: .right)]
                                         + columns.map { OutputColumn($0.name) }, layout: .record)
        if printer.wantsJSON {
            printer.add([], json: try ObjectRowPrinter.json(of: object, columns: columns, encoder: CanonicalValueEncoder(file: catalog.file)))
        } else {
            let key: Int64
            key = try readingFile { () throws(RealmFormatError) in try object.key }
            var cells = [Cell(text: "\(object.table.displayName)[\(object.position)]", kind: .link),
                         Cell(text: String(key), json: String(key), kind: .number)]
            for column in columns {
                do throws(RealmFormatError) {
                    let value = try object.value(of: column)
                    var cell = ValueFormatter().outputCell(value, link: catalog.linkLabel)
                    if case .string = value {} else if case .null = value {} else {
                        cell.text = try describe(value, column: column, catalog: catalog, depth: 0)
                        cell.raw = cell.text
                    }
                    cells.append(cell)
                } catch {
                    cells.append(Cell(text: "<unreadable: \(error)>"))
                }
            }
            printer.add(cells)
        }
        printer.finish()
    }

    /// A single value (`show Specimen[3].name`): its full text, or a one-field record.
    static func render(_ value: RealmValue, catalog: Catalog, session: Session) throws(BrowserError) {
        let formatter = ValueFormatter()
        guard session.outputMode != .table else {
            session.output.line(formatter.detail(value, link: catalog.linkLabel))
            return
        }
        let printer = session.rowPrinter([OutputColumn("value")], layout: .record)
        var json = ""
        if printer.wantsJSON {
            do { try CanonicalValueEncoder(file: catalog.file).encode(value, inMixed: false, into: &json) } catch { throw .file(error) }
        }
        var cell = formatter.outputCell(value, link: catalog.linkLabel, json: json)
        if case .string = value { cell.text = formatter.detail(value, link: catalog.linkLabel) }
        printer.add([cell])
        printer.finish()
    }

    static func render(_ object: ObjectHandle, catalog: Catalog, output: OutputSink, paint: TextPaint) throws(BrowserError) {
        let table = object.table
        let key: Int64
        key = try readingFile { () throws(RealmFormatError) in try object.key }
        let kind = table.kind == .embedded ? ", embedded" : ""
        output.line(paint.header("\(table.displayName)[\(object.position)]") + "  (object key \(key)\(kind))")
        let columns = table.columns
        let backlinks = table.backlinkColumns
        let width = max(columns.map { TextWidth.of($0.name) }.max() ?? 0, backlinks.isEmpty ? 0 : TextWidth.of("linked from"))
        for column in columns {
            var text: String
            do {
                let value = try object.value(of: column)
                text = try describe(value, column: column, catalog: catalog, depth: 0)
                switch value {
                case .null: text = paint.cell(text, kind: .null)
                case .link, .typedLink: if !text.hasSuffix("}") { text = paint.cell(text, kind: .link) }  // not an inline embedded object
                default: break
                }
            } catch {
                text = "<unreadable: \(error)>"
            }
            output.line("  " + column.name.padding(to: width) + "  " + text)
        }
        for column in backlinks {
            let keys: [Int64]
            keys = try readingFile { () throws(RealmFormatError) in try ColumnLeafReader(leaf: object.leaf, column: column).backlinks(at: object.row) }
            guard !keys.isEmpty else { continue }
            let origin = SchemaVocabulary.origin(of: column, in: catalog.file)
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
            let type = SchemaVocabulary.typeDescription(column, in: catalog.file).split(separator: " (").first.map(String.init) ?? ""
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
