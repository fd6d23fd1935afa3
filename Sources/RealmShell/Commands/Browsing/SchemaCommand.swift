import RealmFormat
import RealmInterchange

/// `schema [CLASS]`: properties with their types, optionality, keys, indexes and link targets.
enum SchemaCommand {
    /// A class or `--dot` first, a class after `--dot`.
    static let completion = ArgumentCompletion { context in
        if context.position == 0 { return context.classNames(["--dot"]) }
        return context.argumentWords.first == "--dot" && context.position == 1 ? context.classNames() : []
    }

    static let spec = CommandSpec(
        name: "schema", aliases: ["describe"], arguments: "[CLASS] [--dot]",
        summary: "show the properties of a class (or of every class); --dot: the class graph for Graphviz",
        access: .oneVersion, completion: SchemaCommand.completion,
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        var words = StatementSplitter.words(in: arguments)
        if let flag = words.firstIndex(of: "--dot") {
            words.remove(at: flag)
            guard words.count <= 1 else { throw .usage("schema [CLASS] [--dot]") }
            let only = try words.first.map { name throws(BrowserError) in [try catalog.table(named: name)] }
            let name = catalog.file.path.split(separator: "/").last.map(String.init) ?? "realm"
            session.output.write(SchemaGraph(file: catalog.file, catalogName: name).dot(only: only))
            return
        }
        guard words.count <= 1 else { throw .usage("schema [CLASS] [--dot]") }
        guard session.outputMode == .table else {
            let tables = try words.first.map { name throws(BrowserError) in [try catalog.table(named: name)] } ?? catalog.file.classTables
            SchemaRows.print(tables, catalog: catalog, into: session.rowPrinter(SchemaRows.columns))
            return
        }
        if let name = words.first {
            describe(try catalog.table(named: name), catalog: catalog, output: session.output, withTitle: false)
            return
        }
        if catalog.file.classTables.isEmpty {
            // As 'classes' says it, rather than printing nothing at all.
            session.output.line("(no classes; 'classes --all' lists the internal tables, 'schema TABLE' shows one)")
        }
        for (index, table) in catalog.file.classTables.enumerated() {
            if index > 0 { session.output.line() }
            describe(table, catalog: catalog, output: session.output, withTitle: true)
        }
    }

    static func describe(_ table: Table, catalog: Catalog, output: OutputSink, withTitle: Bool) {
        if withTitle {
            let kind = table.kind == .topLevel ? "" : ", \(table.kind)"
            output.line("\(table.displayName) (\(table.objects.count) objects\(kind))")
        }
        let indent = withTitle ? "  " : ""
        let columns = table.columns
        let width = columns.map { TextWidth.of($0.name) }.max() ?? 0
        for column in columns {
            output.line(indent + column.name.padding(to: width) + "  " + SchemaVocabulary.typeDescription(column, in: catalog.file))
        }
        for backlink in table.backlinkColumns {
            output.line(indent + "(linked from " + SchemaVocabulary.origin(of: backlink, in: catalog.file) + ")")
        }
    }
}
