import RealmFormat
import RealmInterchange
import RealmModels

/// `models LANGUAGE [CLASS]`: model classes for a Realm SDK that match the open file's schema,
/// as Realm Studio offered, so an app can open the file with exactly this schema. `models grdb
/// [CLASS...]`: GRDB records for the tables `export sqlite [CLASS...]` writes, for an app that
/// leaves Realm.
enum ModelsCommand {
    /// A language, then a class.
    static let completion = ArgumentCompletion { context in
        if context.position == 0 { return context.words(ModelLanguage.allCases.map(\.rawValue) + ["grdb"]) }
        return context.position == 1 || context.argumentWords.first?.lowercased() == "grdb" ? context.classNames() : []
    }

    static let usage = "models swift|kotlin|java|js|ts|csharp [CLASS], or models grdb [CLASS...]"

    static let spec = CommandSpec(
        name: "models", aliases: ["model"], arguments: "swift|kotlin|java|js|ts|csharp [CLASS] | grdb [CLASS...]",
        summary: "model definitions for a Realm SDK matching the schema; grdb: GRDB records for export sqlite's tables",
        access: .newestVersion, completion: ModelsCommand.completion,
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        let words = StatementSplitter.words(in: arguments)
        if words.first?.lowercased() == "grdb" { return try runGRDB(Array(words.dropFirst()), catalog: catalog, session: session) }
        guard (1...2).contains(words.count) else { throw .usage(usage) }
        guard let language = ModelLanguage.named(words[0]) else {
            throw .invalidValue("unknown language '\(words[0])'; " + usage)
        }
        var classes = ModelSchema(file: catalog.file).classes
        guard !classes.isEmpty else {
            throw .invalidValue("the file has no classes (tables named class_...) to write models for; 'classes --all' lists its tables")
        }
        if words.count == 2 {
            let table = try catalog.table(named: words[1])
            classes = classes.filter { $0.name == table.className }
        }
        let fileName = catalog.file.path.split(separator: "/").last.map(String.init) ?? catalog.file.path
        session.output.write(language.source(for: classes, fileName: fileName))
    }

    /// The records of the SQLite file `export sqlite FILE [CLASS...]` writes: the same tables,
    /// from the same `SQLiteLayout`.
    static func runGRDB(_ names: [String], catalog: Catalog, session: Session) throws(BrowserError) {
        let file = catalog.file
        let tables = try ExportCommand.sqliteTables(names, catalog: catalog, embedded: "its records come with the classes that own them")
        let fileName = file.path.split(separator: "/").last.map(String.init) ?? file.path
        session.output.write(GRDBRecordWriter.source(for: SQLiteLayout(file: file, tables: tables), fileName: fileName))
    }
}
