import RealmFormat

/// Renders objects of one class as a table: a label column, then one column per property.
enum ObjectRowsRenderer {
    /// `showsObject` adds a column naming each object (`Task[3]`), for rows whose label is not
    /// the object's position (elements of a list of links).
    static func render(table: Table, rows: [(label: String, object: ObjectHandle)], labelHeader: String,
                       showsObject: Bool = false, catalog: Catalog, output: OutputSink) {
        let columns = table.columns
        let objectHeader = showsObject ? ["object"] : []
        var renderer = TableRenderer(
            headers: [labelHeader] + objectHeader + columns.map(\.name),
            alignments: [.right] + objectHeader.map { _ in .left } + columns.map { column in
                column.collection == nil && [.int, .float, .double].contains(column.type) ? .right : .left
            })
        let formatter = ValueFormatter()
        for (label, object) in rows {
            var cells = [label]
            if showsObject { cells.append("\(table.displayName)[\(object.position)]") }
            for column in columns {
                do {
                    cells.append(formatter.cell(try object.value(of: column), link: catalog.linkLabel))
                } catch {
                    cells.append("<unreadable>")
                }
            }
            renderer.append(cells)
        }
        renderer.render(to: output)
    }
}
