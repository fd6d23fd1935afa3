import RealmFormat
import RealmInterchange

/// `backlinks [PATH]`: every object that links to this one, grouped by class and property —
/// the inverse relationships Realm keeps but never shows as properties.
enum BacklinksCommand {
    static let spec = CommandSpec(
        name: "backlinks", aliases: ["links"], arguments: "[CLASS[N] | PATH]",
        summary: "list the objects that link to an object, by class and property",
        access: .oneVersion, completion: .objectPath,
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        let target = arguments.trimmingWhitespace()
        let path = target.isEmpty ? session.path : try PathResolver(catalog: catalog).resolve(target, from: session.path)
        guard case let .object(object)? = path.last?.location else {
            throw .usage("backlinks CLASS[N]  (or stand on an object with cd)")
        }
        guard session.outputMode == .table else {
            try BacklinkRows.print(object, catalog: catalog, into: session.rowPrinter(BacklinkRows.columns))
            return
        }
        let output = session.output
        let title = "\(object.table.displayName)[\(object.position)]"
        var total = 0
        for column in object.table.backlinkColumns {
            let keys: [Int64]
            keys = try readingFile { () throws(RealmFormatError) in try ColumnLeafReader(leaf: object.leaf, column: column).backlinks(at: object.row) }
            guard !keys.isEmpty else { continue }
            total += keys.count
            output.line("\(SchemaVocabulary.origin(of: column, in: catalog.file)) -> \(title)  (\(keys.count) link\(keys.count == 1 ? "" : "s"))")
            let originTable = column.targetTableKey.map { catalog.file.table(withKey: $0) } ?? nil
            for key in keys {
                output.line("  " + (originTable.map { catalog.linkLabel(table: $0.key, key: key) } ?? "object key \(key)"))
            }
        }
        if total == 0 { output.line("(no object links to \(title))") }
    }
}
