import RealmFormat

/// Renders a page of a list, set or dictionary: linked objects as a class table, other values
/// with their index (or key).
enum CollectionListing {
    static func render(_ collection: CollectionSummary, name: String, from start: Int, to end: Int,
                       catalog: Catalog, session: Session) throws(BrowserError) {
        let reader = CollectionReader(file: catalog.file)
        let output = session.output
        let formatter = ValueFormatter()
        let count: Int
        let stop: Int
        if collection.kind == .dictionary {
            let entries: [(key: RealmValue, value: RealmValue)]
            do { entries = try reader.entries(of: collection) } catch { throw .file(error) }
            count = entries.count
            stop = min(end, count)
            try checkStart(start, count: count, name: name)
            var renderer = TableRenderer(headers: ["key", "value"], alignments: [.left, .left])
            for entry in entries[min(start, count)..<stop] {
                renderer.append([formatter.cell(entry.key, link: catalog.linkLabel), formatter.cell(entry.value, link: catalog.linkLabel)])
            }
            if stop > start { renderer.render(to: output) }
        } else {
            let elements: [RealmValue]
            do { elements = try reader.elements(of: collection) } catch { throw .file(error) }
            count = elements.count
            stop = min(end, count)
            try checkStart(start, count: count, name: name)
            let page = Array(elements[min(start, count)..<stop].enumerated())
            if let target = collection.linkTarget.flatMap({ catalog.file.table(withKey: $0) }),
               !page.isEmpty, let rows = try linkedObjects(page.map { (start + $0.offset, $0.element) }, in: target, catalog: catalog) {
                ObjectRowsRenderer.render(table: target, rows: rows, labelHeader: "#", showsObject: true, catalog: catalog, output: output)
            } else {
                var renderer = TableRenderer(headers: ["#", "value"], alignments: [.right, .left])
                for (offset, element) in page {
                    renderer.append([String(start + offset), formatter.cell(element, link: catalog.linkLabel)])
                }
                if !page.isEmpty { renderer.render(to: output) }
            }
        }
        let noun = collection.kind == .dictionary ? "entries in \(name)" : "elements of \(name)"
        output.line(PageFooter.text(start: start, stop: stop, count: count, noun: noun, pageSize: session.pageSize))
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
