import RealmFormat
import RealmInterchange

/// Prints objects of one class as rows: for people a label column (`#`), optionally the object
/// (`Task[3]`), then one column per property; in the JSON modes each object in the canonical
/// encoding of the dumps with its `_key` (what `--json` has always printed for `find`).
public struct ObjectRowPrinter: ObjectRowSink {
    let table: Table
    let showsObject: Bool
    let catalog: Catalog
    let printer: RowPrinter
    private let columns: [Column]
    private let encoder: CanonicalValueEncoder

    /// `showsObject` adds a column naming each object, for rows whose label is not the object's
    /// position (query results, elements of a list of links).
    init(table: Table, labelHeader: String, showsObject: Bool = false, catalog: Catalog, session: Session) {
        self.table = table
        self.showsObject = showsObject
        self.catalog = catalog
        columns = table.columns
        encoder = CanonicalValueEncoder(file: catalog.file)
        let objectColumn = showsObject ? [OutputColumn("object")] : []
        printer = session.rowPrinter(
            [OutputColumn(labelHeader, alignment: .right)] + objectColumn + columns.map { column in
                OutputColumn(column.name, alignment: column.collection == nil && [.int, .float, .double].contains(column.type) ? .right : .left)
            })
    }

    public func add(label: String, object: ObjectHandle) throws(BrowserError) {
        if printer.wantsJSON {
            printer.add([], json: try Self.json(of: object, columns: columns, encoder: encoder))
            return
        }
        let formatter = ValueFormatter()
        var cells = [Cell(text: label, json: label, kind: .number)]
        if showsObject {
            let name = "\(table.displayName)[\(object.position)]"
            cells.append(Cell(text: name, kind: .link, shortText: "[\(object.position)]"))
        }
        for column in columns {
            do {
                cells.append(formatter.outputCell(try object.value(of: column), link: catalog.linkLabel))
            } catch {
                cells.append(Cell(text: "<unreadable>"))
            }
        }
        printer.add(cells)
    }

    public func finish(notes: [String]) {
        printer.finish(notes: notes)
    }

    /// `{"_key": 3, "name": "Barn owl", ...}`: the object as the dumps encode it.
    public static func json(of object: ObjectHandle, columns: [Column], encoder: CanonicalValueEncoder) throws(BrowserError) -> String {
        do throws(RealmFormatError) {
            var line = "{\"_key\": \(try object.key)"
            for column in columns {
                line += ", "
                CanonicalValueEncoder.appendJSONString(column.name, to: &line)
                line += ": "
                try encoder.encode(try object.value(of: column), inMixed: column.type == .mixed, into: &line)
            }
            return line + "}"
        } catch {
            throw .file(error)
        }
    }
}
