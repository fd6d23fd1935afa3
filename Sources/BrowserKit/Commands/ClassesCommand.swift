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
        if tables.isEmpty {
            session.output.line(showAll ? "(no tables)" : "(no classes; 'classes --all' shows internal tables)")
            return
        }
        let nameWidth = tables.map { $0.displayName.count }.max() ?? 0
        let counts = tables.map { String($0.objects.count) }
        let countWidth = counts.map(\.count).max() ?? 0
        for (table, count) in zip(tables, counts) {
            var line = table.displayName.padding(to: nameWidth) + "  " + String(repeating: " ", count: countWidth - count.count) + count
            if table.className == nil { line += "  (internal)" } else if table.kind != .topLevel { line += "  (\(table.kind))" }
            session.output.line(line)
        }
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
