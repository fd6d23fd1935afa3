import RealmFormat

/// Renders a page of a class as a table and remembers where `more` continues.
enum ObjectListing {
    static func render(table: Table, from start: Int, to end: Int, catalog: Catalog, session: Session) throws(BrowserError) {
        let count = table.objects.count
        let name = table.displayName
        guard start < count || (start == 0 && count == 0) else {
            throw .positionOutOfRange(className: name, position: start, count: count)
        }
        let stop = min(end, count)
        var rows: [(label: String, object: ObjectHandle)] = []
        var position = start
        while position < stop {
            let first = try catalog.object(in: table, position: position)
            var row = first.row
            while row < first.leaf.count && position < stop {
                rows.append((String(position), ObjectHandle(table: table, leaf: first.leaf, row: row)))
                row += 1
                position += 1
            }
        }
        if !rows.isEmpty {
            ObjectRowsRenderer.render(table: table, rows: rows, labelHeader: "#", catalog: catalog, output: session.output)
        }
        session.output.line(PageFooter.text(start: start, stop: stop, count: count, noun: "\(name) objects", pageSize: session.pageSize))
        session.listing = stop < count ? .table(name: table.name, next: stop) : nil
    }
}

/// The line under a page: what is shown and how to see more.
enum PageFooter {
    static func text(start: Int, stop: Int, count: Int, noun: String, pageSize: Int) -> String {
        if count == 0 { return "(no \(noun))" }
        if stop < count { return "(\(start)..\(stop) of \(count) \(noun); 'more' shows the next \(pageSize))" }
        return "(\(start)..\(stop) of \(count) \(noun))"
    }
}
