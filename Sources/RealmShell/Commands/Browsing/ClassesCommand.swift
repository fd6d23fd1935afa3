import RealmFormat

/// `classes [--all]`: the user's classes with their object counts (from the trees, no scan).
public enum ClassesCommand {
    static let spec = CommandSpec(
        name: "classes", aliases: ["tables"], arguments: "[--all]",
        summary: "list classes and their object counts (--all adds internal tables)",
        access: .oneVersion, completion: ArgumentCompletion { $0.words(["--all"]) },
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        let words = StatementSplitter.words(in: arguments)
        guard words.allSatisfy({ $0 == "--all" }) else { throw .usage("classes [--all]") }
        let showAll = words.contains("--all")
        // Table mode keeps the compact `Name  count` list; the other modes get named columns.
        let printer = session.rowPrinter(columns, layout: .list)
        let rows = self.rows(of: catalog, all: showAll)
        for row in rows { printer.add(row.cells) }
        printer.finish(notes: rows.isEmpty ? [showAll ? "(no tables)" : "(no classes; 'classes --all' shows internal tables)"] : [])
    }

    public static let columns = [OutputColumn("class"), OutputColumn("objects", alignment: .right), OutputColumn("kind")]

    /// The classes (with `all`, every table) and their rows: name, object count, kind.
    public static func rows(of catalog: Catalog, all: Bool) -> [(table: Table, cells: [Cell])] {
        catalog.file.tables.filter { all || $0.className != nil }.map { table in
            let kind = table.className == nil ? "internal" : table.kind == .topLevel ? "class" : "\(table.kind)"
            let kindCell = Cell(text: kind == "class" ? "" : "(\(kind))", raw: kind, json: "\"\(kind)\"")
            return (table, [.string(table.displayName), .number(table.objects.count), kindCell])
        }
    }
}
