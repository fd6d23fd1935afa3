#if canImport(Glibc)
import Glibc
#endif
import RealmFormat
import RealmInterchange

/// `export json|csv [CLASS | result] FILE`: objects for other tools. One class or the last
/// `find` result goes to FILE; without a class, JSON writes every class into one file (a member
/// per class) and CSV writes one `CLASS.csv` per class into the directory FILE.
/// `export sqlite FILE [CLASS...]`: the whole realm, or the classes named, as one SQLite file
/// with its relations (`ExportCommand+SQLite`).
public enum ExportCommand {
    /// `json`, `csv` or `sqlite`, then a class, `result` or a file name (sqlite: a file, then classes).
    static let completion = ArgumentCompletion { context in
        if context.position == 0 { return context.words(["json", "csv", "sqlite"]) }
        if context.argumentWords.first?.lowercased() == "sqlite" { return context.position == 1 ? nil : context.classNames() }
        if context.position == 1, !context.word.contains("/") {
            let names = context.classNames(["result"])
            if !names.isEmpty { return names }
        }
        return nil
    }

    static let usage = "export json|csv [CLASS | result] FILE   (no CLASS: every class; 'result': the last find)\n"
        + "       export sqlite FILE [CLASS...]        (no CLASS: the whole file, relations kept)"

    static let spec = CommandSpec(
        name: "export", aliases: [], arguments: "json|csv [CLASS | result] FILE | sqlite FILE [CLASS...]",
        summary: "write a class, the last find result, or every class as JSON or CSV (links as primary keys or object keys); sqlite: the whole file as one SQLite database, relations kept",
        access: .oneVersion, completion: ExportCommand.completion,
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    public enum Format: String, Sendable {
        case json, csv
    }

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        let words = StatementSplitter.words(in: arguments)
        if words.first?.lowercased() == "sqlite" {
            try runSQLite(Array(words.dropFirst()), catalog: catalog, session: session)
            return
        }
        guard words.count == 2 || words.count == 3, let format = Format(rawValue: words[0].lowercased()) else { throw .usage(usage) }
        let path = words[words.count - 1]
        try OpenFileGuard.refuse(path, in: session)
        let encoder = ExportValueEncoder(file: catalog.file)
        guard words.count == 3 else {
            // 'export json Specimen' forgot the FILE: writing every class into a file named
            // Specimen would surprise; './Specimen' still means that file.
            let named = catalog.file.tables.contains { $0.className == path || $0.name == path }
            if named || ["result", "last"].contains(path.lowercased()) {
                throw .usage("export \(format.rawValue) \(path) FILE: name the file to write (or ./\(path) for every class into a file called \(path))")
            }
            let classes = catalog.file.classTables.filter { $0.kind != .embedded }
            guard !classes.isEmpty else {
                // An empty JSON object or an empty directory would look like a successful export.
                throw .invalidValue("the file has no classes (tables named class_...) to export; 'classes --all' lists its tables, 'export \(format.rawValue) TABLE FILE' exports one")
            }
            try exportAll(classes, format: format, path: path, encoder: encoder, session: session)
            return
        }
        let source = try self.source(named: words[1], session: session, catalog: catalog)
        let progress = ProgressReporter(total: source.count, label: "export")
        defer { progress.finish() }
        let output = try ReplacingFileOutput(path: path)
        try write(source, format: format, encoder: encoder, progress: progress, to: output)
        try output.commit()
        progress.finish()
        let what = source.keys == nil ? "" : " (last find result)"
        session.confirm("exported \(source.count) \(source.table.displayName) object\(source.count == 1 ? "" : "s")\(what) to \(path)")
    }

    /// Writes one class or result in `format` to `output` (a file here, a download in `serve`).
    public static func write(_ source: ExportSource, format: Format, encoder: ExportValueEncoder, progress: ProgressReporter,
                      to output: OutputSink) throws(BrowserError) {
        do throws(RealmFormatError) {
            switch format {
            case .json: try JSONExporter(encoder: encoder, progress: progress).write(source, to: output)
            case .csv:
                var done = 0
                try CSVExporter(encoder: encoder, progress: progress).write(source, to: output, done: &done)
            }
        } catch {
            throw .file(error)
        }
    }

    /// A class by name, or the last `find` result (`result`, `last`) when no class has that name.
    static func source(named name: String, session: Session, catalog: Catalog) throws(BrowserError) -> ExportSource {
        let isClass = catalog.file.tables.contains { $0.className == name || $0.name == name }
        if !isClass, ["result", "last"].contains(name.lowercased()) {
            guard let last = session.lastQuery else { throw .notNow("'export FORMAT result FILE' exports the last find; run find first") }
            let table = try catalog.table(named: last.tableName)
            return ExportSource(table: table, keys: try QueryRunner.run(last.text, on: table, catalog: catalog))
        }
        let table = try catalog.table(named: name)
        guard table.kind != .embedded else {
            throw .invalidValue("\(table.displayName) is an embedded class: its objects are exported inside their parents")
        }
        return ExportSource(table: table, keys: nil)
    }

    private static func exportAll(_ classes: [Table], format: Format, path: String, encoder: ExportValueEncoder,
                                  session: Session) throws(BrowserError) {
        let total = classes.reduce(0) { $0 + $1.objects.count }
        let progress = ProgressReporter(total: total, label: "export")
        defer { progress.finish() }
        switch format {
        case .json:
            let output = try ReplacingFileOutput(path: path)
            try readingFile { () throws(RealmFormatError) in try JSONExporter(encoder: encoder, progress: progress).write(classes: classes, to: output) }
            try output.commit()
            progress.finish()
            session.confirm("exported \(total) objects of \(classes.count) class\(classes.count == 1 ? "" : "es") to \(path)")
        case .csv:
            let created = try makeDirectory(path)
            // Every class is written before any file is renamed into place: an interrupted
            // export leaves none of them, not the first few, nor a directory it made.
            var outputs: [ReplacingFileOutput] = []
            var written = false
            defer {
                if !written {
                    for output in outputs { output.discard() }
                    if created { rmdir(path) }
                }
            }
            for table in classes { try OpenFileGuard.refuse(path + "/" + table.displayName + ".csv", in: session) }
            var done = 0
            for table in classes {
                let output = try ReplacingFileOutput(path: path + "/" + table.displayName + ".csv")
                outputs.append(output)
                do throws(RealmFormatError) {
                    try CSVExporter(encoder: encoder, progress: progress).write(ExportSource(table: table, keys: nil), to: output, done: &done)
                } catch {
                    throw .file(error)
                }
                output.flush()
            }
            for output in outputs { try output.commit() }
            written = true
            progress.finish()
            let files = classes.map { $0.displayName + ".csv" }.joined(separator: ", ")
            session.confirm("exported \(total) objects of \(classes.count) class\(classes.count == 1 ? "" : "es") to \(path)/ (\(files))")
        }
    }

    /// Creates the directory for per-class CSV files, accepting one that exists already;
    /// returns whether it made it.
    private static func makeDirectory(_ path: String) throws(BrowserError) -> Bool {
        if mkdir(path, 0o755) == 0 { return true }
        let reason = String(cString: strerror(errno))
        var status = stat()
        guard errno == EEXIST, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw .cannotWrite(path: path, reason: errno == EEXIST ? "it exists and is not a directory (CSV of every class needs a directory)" : reason)
        }
        return false
    }
}
