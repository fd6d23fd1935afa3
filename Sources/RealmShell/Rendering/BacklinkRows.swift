import RealmFormat
import RealmInterchange

/// `backlinks` outside table mode: one row per linking object, `from` (the class and property
/// holding the link) and `object`; in JSON the object is a canonical `{"$link": [table, key]}`.
public enum BacklinkRows {
    public static let columns = [OutputColumn("from"), OutputColumn("object")]

    /// One row per object linking to `object` into `printer`.
    public static func print(_ object: ObjectHandle, catalog: Catalog, into printer: some RowSink) throws(BrowserError) {
        let title = "\(object.table.displayName)[\(object.position)]"
        let links = try entries(of: object, catalog: catalog)
        for link in links {
            var json = "{\"$link\": ["
            CanonicalValueEncoder.appendJSONString(link.table?.name ?? "?", to: &json)
            json += ", \(link.key)]}"
            let label = link.table.map { catalog.linkLabel(table: $0.key, key: link.key) } ?? "object key \(link.key)"
            printer.add([.string(link.origin), Cell(text: label, json: json, kind: .link)])
        }
        printer.finish(notes: links.isEmpty ? ["(no object links to \(title))"] : [])
    }

    /// Every object linking to `object`: the class and property holding the link
    /// (`Person.banks`), the linking object's table (nil in a damaged file) and its key.
    public static func entries(of object: ObjectHandle, catalog: Catalog) throws(BrowserError) -> [(origin: String, table: Table?, key: Int64)] {
        var links: [(origin: String, table: Table?, key: Int64)] = []
        for column in object.table.backlinkColumns {
            let keys = try readingFile { () throws(RealmFormatError) in try ColumnLeafReader(leaf: object.leaf, column: column).backlinks(at: object.row) }
            let origin = SchemaVocabulary.origin(of: column, in: catalog.file)
            let originTable = column.targetTableKey.flatMap { catalog.file.table(withKey: $0) }
            links += keys.map { (origin, originTable, $0) }
        }
        return links
    }
}
