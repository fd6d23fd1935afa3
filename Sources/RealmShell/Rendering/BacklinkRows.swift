import RealmFormat
import RealmInterchange

/// `backlinks` outside table mode: one row per linking object, `from` (the class and property
/// holding the link) and `object`; in JSON the object is a canonical `{"$link": [table, key]}`.
enum BacklinkRows {
    static func print(_ object: ObjectHandle, catalog: Catalog, session: Session) throws(BrowserError) {
        let printer = session.rowPrinter([OutputColumn("from"), OutputColumn("object")])
        let title = "\(object.table.displayName)[\(object.position)]"
        var total = 0
        for column in object.table.backlinkColumns {
            let keys: [Int64]
            do { keys = try ColumnLeafReader(leaf: object.leaf, column: column).backlinks(at: object.row) } catch { throw .file(error) }
            let origin = SchemaCommand.origin(of: column, catalog: catalog)
            let originTable = column.targetTableKey.flatMap { catalog.file.table(withKey: $0) }
            total += keys.count
            for key in keys {
                var json = "{\"$link\": ["
                CanonicalValueEncoder.appendJSONString(originTable?.name ?? "?", to: &json)
                json += ", \(key)]}"
                let label = originTable.map { catalog.linkLabel(table: $0.key, key: key) } ?? "object key \(key)"
                printer.add([.string(origin), Cell(text: label, json: json, kind: .link)])
            }
        }
        printer.finish(notes: total == 0 ? ["(no object links to \(title))"] : [])
    }
}
