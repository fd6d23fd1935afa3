import RealmFormat
import RealmInterchange

/// `dump [CLASS] [--out FILE]`: the whole file (or one class) as canonical JSON.
enum DumpCommand {
    /// Classes and `--out`, a file name after `--out`.
    static let completion = ArgumentCompletion { context in
        context.argumentWords.last == "--out" ? nil : context.classNames(["--out"])
    }

    static let usage = "dump [CLASS] [--out FILE]"

    static let spec = CommandSpec(
        name: "dump", aliases: [], arguments: "[CLASS] [--out FILE]",
        summary: "write every object (or one class) as canonical JSON, losslessly",
        access: .oneVersion, completion: DumpCommand.completion,
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        var words = StatementSplitter.words(in: arguments)
        var path: String?
        if let flag = words.firstIndex(of: "--out") {
            guard flag + 1 < words.count else { throw .usage(usage) }
            path = words[flag + 1]
            words.removeSubrange(flag...(flag + 1))
        }
        guard words.count <= 1 else { throw .usage(usage) }
        let tables = try words.first.map { name throws(BrowserError) in [try catalog.table(named: name)] } ?? catalog.file.tables
        if let path { try OpenFileGuard.refuse(path, in: session) }
        // Whole or not at all: Ctrl-C or an error leaves no half-written dump.
        let file = try path.map { path throws(BrowserError) in try ReplacingFileOutput(path: path) }
        let output: OutputSink = file ?? session.output
        try readingFile { () throws(RealmFormatError) in try DumpWriter(file: catalog.file).write(tables: tables, to: output) }
        output.flush()
        try file?.commit()
        if let path {
            let objects = tables.reduce(0) { $0 + $1.objects.count }
            session.confirm("wrote \(objects) objects in \(tables.count) table\(tables.count == 1 ? "" : "s") to \(path)")
        }
    }
}
