import RealmFormat
import RealmInterchange

/// Renders a page of a list, set or dictionary: linked objects as a class table, other values
/// with their index (or key). In the JSON modes elements are `{"index": i, "value": v}` and
/// entries `{"key": k, "value": v}`, values in the canonical encoding of the dumps.
enum CollectionListing {
    static func render(_ collection: CollectionSummary, name: String, from start: Int, to end: Int,
                       catalog: Catalog, session: Session) throws(BrowserError) {
        let reader = CollectionReader(file: catalog.file)
        let encoder = CanonicalValueEncoder(file: catalog.file)
        let inMixed = collection.elementType == .mixed
        let formatter = ValueFormatter()
        let count: Int
        let stop: Int
        func notes(_ count: Int) -> [String] {
            let noun = collection.kind == .dictionary ? "entries in \(name)" : "elements of \(name)"
            return [PageFooter.text(start: start, stop: min(end, count), count: count, noun: noun, pageSize: session.pageSize)]
        }
        func cell(_ value: RealmValue, mixed: Bool, printer: RowPrinter) throws(BrowserError) -> Cell {
            guard printer.wantsJSON else { return formatter.outputCell(value, link: catalog.linkLabel) }
            var json = ""
            do { try encoder.encode(value, inMixed: mixed, into: &json) } catch { throw .file(error) }
            return formatter.outputCell(value, link: catalog.linkLabel, json: json)
        }
        if collection.kind == .dictionary {
            let entries: [(key: RealmValue, value: RealmValue)]
            entries = try readingFile { () throws(RealmFormatError) in try reader.entries(of: collection) }
            count = entries.count
            stop = min(end, count)
            try checkStart(start, count: count, name: name)
            let printer = session.rowPrinter([OutputColumn("key"), OutputColumn("value")])
            for entry in entries[min(start, count)..<stop] {
                printer.add([try cell(entry.key, mixed: false, printer: printer), try cell(entry.value, mixed: inMixed, printer: printer)])
            }
            printer.finish(notes: notes(count))
        } else {
            let elements: [RealmValue]
            elements = try readingFile { () throws(RealmFormatError) in try reader.elements(of: collection) }
            count = elements.count
            stop = min(end, count)
            try checkStart(start, count: count, name: name)
            let page = Array(elements[min(start, count)..<stop].enumerated())
            if let target = collection.linkTarget.flatMap({ catalog.file.table(withKey: $0) }),
               !page.isEmpty, let rows = try linkedObjects(page.map { (start + $0.offset, $0.element) }, in: target, catalog: catalog) {
                let printer = ObjectRowPrinter(table: target, labelHeader: "#", showsObject: true, catalog: catalog, session: session)
                for row in rows { try printer.add(label: row.label, object: row.object) }
                printer.finish(notes: notes(count))
            } else {
                let printer = session.rowPrinter([OutputColumn("#", alignment: .right), OutputColumn("value")])
                for (offset, element) in page {
                    let index = start + offset
                    let value = try cell(element, mixed: inMixed, printer: printer)
                    printer.add([.number(index), value], json: printer.wantsJSON ? "{\"index\": \(index), \"value\": \(value.json)}" : nil)
                }
                printer.finish(notes: notes(count))
            }
        }
        session.listing = stop < count ? .collection(collection, name: name, next: stop) : nil
    }

    private static func checkStart(_ start: Int, count: Int, name: String) throws(BrowserError) {
        guard start < count || start == 0 else {
            throw .positionOutOfRange(className: name, position: start, count: count)
        }
    }

    /// The objects behind a page of links, or nil if any element is not a link into `table`.
    private static func linkedObjects(_ page: [(Int, RealmValue)], in table: Table,
                                      catalog: Catalog) throws(BrowserError) -> [(label: String, object: ObjectHandle)]? {
        var rows: [(label: String, object: ObjectHandle)] = []
        for (index, element) in page {
            guard case let .link(tableKey, key) = element, tableKey == table.key,
                  let object = try catalog.object(in: table, key: key) else { return nil }
            rows.append((String(index), object))
        }
        return rows
    }
}
