import RealmFormat

/// `classes [--all]`: the user's classes with their object counts (from the trees, no scan).
enum ClassesCommand {
    static let spec = CommandSpec(
        name: "classes", aliases: ["tables"], arguments: "[--all]",
        summary: "list classes and their object counts (--all adds internal tables)",
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        let words = StatementSplitter.words(in: arguments)
        guard words.allSatisfy({ $0 == "--all" }) else { throw .usage("classes [--all]") }
        let showAll = words.contains("--all")
        let tables = catalog.file.tables.filter { showAll || $0.className != nil }
        // Table mode keeps the compact `Name  count` list; the other modes get named columns.
        let printer = session.rowPrinter([OutputColumn("class"), OutputColumn("objects", alignment: .right), OutputColumn("kind")],
                                         layout: .list)
        for table in tables {
            let kind = table.className == nil ? "internal" : table.kind == .topLevel ? "class" : "\(table.kind)"
            let kindCell = Cell(text: kind == "class" ? "" : "(\(kind))", raw: kind, json: "\"\(kind)\"")
            printer.add([.string(table.displayName), .number(table.objects.count), kindCell])
        }
        printer.finish(notes: tables.isEmpty ? [showAll ? "(no tables)" : "(no classes; 'classes --all' shows internal tables)"] : [])
    }
}
