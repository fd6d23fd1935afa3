import RealmFormat

/// Renders a page of a class as a table and remembers where `more` continues.
enum ObjectListing {
    static func render(table: Table, from start: Int, to end: Int, catalog: Catalog, session: Session) throws(BrowserError) {
        let count = table.objects.count
        let name = table.displayName
        guard start < count || (start == 0 && count == 0) else {
            throw .positionOutOfRange(className: name, position: start, count: count)
        }
        let columns = table.columns
        var renderer = TableRenderer(
            headers: ["#"] + columns.map(\.name),
            alignments: [.right] + columns.map { column in
                column.collection == nil && [.int, .float, .double].contains(column.type) ? .right : .left
            })
        let formatter = ValueFormatter()
        let stop = min(end, count)
        var position = start
        while position < stop {
            let object = try catalog.object(in: table, position: position)
            let leaf = object.leaf
            let readers: [ColumnLeafReader?] = columns.map { try? ColumnLeafReader(leaf: leaf, column: $0) }
            var row = object.row
            while row < leaf.count && position < stop {
                var cells = [String(position)]
                for (column, reader) in zip(columns, readers) {
                    guard let reader else {
                        cells.append("<unreadable \(column.type)>")
                        continue
                    }
                    do {
                        cells.append(formatter.cell(try reader.value(at: row), link: catalog.linkLabel))
                    } catch {
                        cells.append("<unreadable>")
                    }
                }
                renderer.append(cells)
                row += 1
                position += 1
            }
        }
        renderer.render(to: session.output)
        if count == 0 {
            session.output.line("(\(name) has no objects)")
        } else if stop < count {
            session.output.line("(\(start)..\(stop) of \(count) \(name) objects; 'more' shows the next \(session.pageSize))")
        } else {
            session.output.line("(\(start)..\(stop) of \(count) \(name) objects)")
        }
        session.listing = stop < count ? Listing(tableName: table.name, nextPosition: stop) : nil
    }
}
