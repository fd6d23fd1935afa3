import RealmFormat

/// Renders a page of a query result: the result index, the object, then its properties.
enum ResultListing {
    static func render(_ result: QueryResult, from start: Int, to end: Int, catalog: Catalog, session: Session) throws(BrowserError) {
        let count = result.keys.count
        guard start < count || start == 0 else {
            throw .positionOutOfRange(className: "the result", position: start, count: count)
        }
        let stop = min(end, count)
        var rows: [(label: String, object: ObjectHandle)] = []
        for index in start..<max(start, stop) {
            guard let object = try catalog.object(in: result.table, key: result.keys[index]) else { continue }
            rows.append((String(index), object))
        }
        if !rows.isEmpty {
            ObjectRowsRenderer.render(table: result.table, rows: rows, labelHeader: "#", showsObject: true,
                                      catalog: catalog, output: session.output)
        }
        session.output.line(PageFooter.text(start: start, stop: stop, count: count,
                                            noun: "matching \(result.table.displayName) objects", pageSize: session.pageSize))
        session.listing = stop < count ? .results(result, next: stop) : nil
    }
}

/// Whole results as JSON lines for scripts: one object per line with `_key` and its values in
/// the canonical encoding of the dumps.
enum ResultWriter {
    static func writeJSONLines(_ keys: [Int64], of table: Table, catalog: Catalog, output: OutputSink) throws(BrowserError) {
        let encoder = CanonicalValueEncoder(file: catalog.file)
        let columns = table.columns
        for key in keys {
            guard let object = try catalog.object(in: table, key: key) else { continue }
            var line = "{\"_key\": \(key)"
            for column in columns {
                line += ", "
                CanonicalValueEncoder.appendJSONString(column.name, to: &line)
                line += ": "
                do {
                    try encoder.encode(try object.value(of: column), inMixed: column.type == .mixed, into: &line)
                } catch {
                    throw .file(error)
                }
            }
            output.line(line + "}")
        }
    }
}
