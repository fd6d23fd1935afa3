import RealmFormat
import RealmInterchange

/// `schema` outside table mode: one row per property (and per incoming link), with the facts as
/// separate columns so that programs need not parse `link -> Category (optional)`.
public enum SchemaRows {
    public static let columns = [
        OutputColumn("class"), OutputColumn("property"), OutputColumn("type"), OutputColumn("target"),
        OutputColumn("optional"), OutputColumn("primaryKey"), OutputColumn("indexed"),
    ]

    /// One row per property and per incoming link of each table into `printer`.
    public static func print(_ tables: [Table], catalog: Catalog, into printer: some RowSink) {
        for table in tables {
            for column in table.columns {
                let target = column.isLink ? column.targetTableKey.flatMap { catalog.file.table(withKey: $0) }?.displayName : nil
                var type = column.isLink ? "link" : SchemaVocabulary.userTypeName(column.type)
                if let collection = column.collection { type = "\(collection) of \(type)" }
                printer.add([
                    .string(table.displayName), .string(column.name), .string(type), target.map(Cell.string) ?? .null,
                    .bool(column.isNullable), .bool(column.isPrimaryKey), .bool(column.isIndexed || column.isPrimaryKey),
                ])
            }
            for backlink in table.backlinkColumns {
                printer.add([
                    .string(table.displayName), .null, .string("linking objects"), .string(SchemaVocabulary.origin(of: backlink, in: catalog.file)),
                    .bool(false), .bool(false), .bool(false),
                ])
            }
        }
        printer.finish()
    }
}
