import RealmDiff
import RealmFormat
import RealmInterchange

/// `diff OTHER` and `diff A B`: what differs between two Realm files — schema (classes,
/// properties, types, indexes, primary keys, embedded-ness) and objects (added, removed,
/// changed properties; matched by primary key, else by object key) — with a count per class.
/// It answers "what did this migration / this day of use change?" without dumping both files
/// and comparing text, which would report every shifted position and re-keyed link.
///
/// In the REPL and in scripts it succeeds whether or not the files differ (it fails only when it
/// cannot compare). `realm-browser diff A B` on the command line exits like diff(1) instead:
/// 0 identical, 1 different, 2 trouble (`commandLine`).
public enum DiffCommand {
    /// Its options, a class after `--class`, a file name otherwise.
    static let completion = ArgumentCompletion { context in
        if context.argumentWords.last == "--class" { return context.classNames() }
        return context.word.hasPrefix("-") ? context.words(["--class", "--json", "--key-file", "--key"]) : nil
    }

    static let usage = "diff OTHER | diff A B [--class CLASS] [--json] [--key-file KEYFILE | --key KEY]"
    static let commandLineUsage = "realm-browser diff A B [--class CLASS] [--json] [--key-file KEYFILE | --key KEY]"

    static let spec = CommandSpec(
        name: "diff", aliases: [], arguments: "OTHER | A B [--class CLASS] [--json] [--key-file KEYFILE]",
        summary: "compare the open file with OTHER (or file A with B): schema, then objects added, removed and changed per class; --json for programs",
        access: .oneVersion, completion: DiffCommand.completion,
        run: { arguments, session throws(BrowserError) in _ = try run(StatementSplitter.words(in: arguments), session) })

    /// `realm-browser diff A B ...`: the comparison with diff(1)'s exit status — 0 when the files
    /// hold the same schema and objects, 1 when they differ, 2 when they could not be compared
    /// (a file that does not open, a wrong key, bad arguments), the error on `errors`.
    public static func commandLine(_ words: [String], session: Session, errors: OutputSink) -> ExitStatus {
        do {
            let identical = try run(words, session, fromCommandLine: true)
            session.output.flush()
            return identical ? .success : .failure
        } catch {
            session.output.flush()
            errors.line("realm-browser: \(error)")
            errors.flush()
            return .usage
        }
    }

    /// Runs the comparison; returns whether the files are identical. `fromCommandLine`: usage
    /// messages name `realm-browser diff A B`, where no file is open and OTHER alone means nothing.
    static func run(_ arguments: [String], _ session: Session, fromCommandLine: Bool = false) throws(BrowserError) -> Bool {
        let usage = fromCommandLine ? commandLineUsage : DiffCommand.usage
        var words = arguments
        let keys = try KeyOptions.extract(from: &words)
        var json = session.outputMode.isJSON
        var className: String?
        var paths: [String] = []
        var index = 0
        while index < words.count {
            switch words[index] {
            case "--json": json = true
            case "--class":
                guard index + 1 < words.count else { throw .usage(usage + "  (--class needs a class name)") }
                index += 1
                className = words[index]
            case let word where word.hasPrefix("--"): throw .usage(usage + "  ('\(word)' is not an option of diff)")
            default: paths.append(words[index])
            }
            index += 1
        }
        guard paths.count == 1 || paths.count == 2 else { throw .usage(usage) }
        let open: Catalog?
        if paths.count == 1 {
            guard let catalog = session.catalog else {
                if fromCommandLine { throw .usage(usage + "  (two files to compare)") }
                throw .notNow("no Realm file is open to compare with \(paths[0]): open one first, or give two files: diff A B")
            }
            open = catalog
        } else {
            open = nil
        }
        for _ in 0..<ConsistentRead.attempts {
            // The files this command opens itself; the open file is ConsistentRead's to check.
            var opened: [RealmFile] = []
            let a: RealmFile
            if let open {
                a = open.file
            } else {
                a = try DiffCommand.open(paths[0], keys: keys, fallback: nil, session: session)
                opened.append(a)
            }
            let b = try DiffCommand.open(paths[paths.count - 1], keys: keys, fallback: a.mapped.key, session: session)
            opened.append(b)
            let catalogA = open ?? Catalog(file: a)
            let catalogB = Catalog(file: b)
            let only = try className.map { name throws(BrowserError) in try DiffCommand.resolve(name, catalogA, catalogB) }
            // Held until the files are known not to have changed while they were read.
            let buffer = BufferedOutput()
            var engine = DiffEngine(a: a, b: b, only: only)
            // A progress line on standard error while big files are compared (terminals only).
            var reporter: ProgressReporter?
            var done = 0
            engine.progress = (total: { reporter = ProgressReporter(total: $0, label: "diff") },
                               visited: { count in
                                   done += count
                                   reporter?.update(done)
                               })
            let result: DiffResult
            do {
                defer { reporter?.finish() }
                result = json ? try engine.run(DiffJSONRenderer(a: catalogA, b: catalogB, output: buffer))
                    : try engine.run(DiffTextRenderer(a: catalogA, b: catalogB, output: buffer))
            }
            session.beforeVersionCheck?()
            if opened.allSatisfy({ (try? $0.liveVersion()) == $0.openedVersion }) {
                buffer.forEachPiece { session.output.write(bytes: $0) }
                return result.identical
            }
        }
        throw .fileChanged(path: paths[paths.count - 1], attempts: ConsistentRead.attempts)
    }

    /// Opens a file to compare read-only, with the key given (which applies to whichever of the
    /// files is encrypted); without one, an encrypted file is tried with `fallback` (the other
    /// file's key: a copy of an encrypted file usually keeps it), then with `REALM_BROWSER_KEY`.
    private static func open(_ path: String, keys: KeyOptions, fallback: EncryptionKey?, session: Session) throws(BrowserError) -> RealmFile {
        if let key = try keys.key() {
            do {
                return try OpeningBesideAWriter.newest(path: path, key: key)
            } catch {
                // One key is given for both files: the plain one of the two opens without it.
                guard case .encryption(_, .notEncrypted) = error else { throw .file(error) }
            }
        }
        do {
            return try OpeningBesideAWriter.newest(path: path, key: nil)
        } catch {
            guard case .encryptedWithoutKey = error else { throw .file(error) }
            if let fallback, let file = try? OpeningBesideAWriter.newest(path: path, key: fallback) { return file }
            guard let key = try keys.key(environment: session.environment) else { throw .file(error) }
            return try readingFile { () throws(RealmFormatError) in try OpeningBesideAWriter.newest(path: path, key: key) }
        }
    }

    /// The class `--class` names, as the comparison names classes; it may exist in one file only.
    private static func resolve(_ name: String, _ a: Catalog, _ b: Catalog) throws(BrowserError) -> String {
        if let table = (try? a.table(named: name)) ?? (try? b.table(named: name)) { return table.displayName }
        let names = Array(Set(a.file.tables.map(\.displayName)).union(b.file.tables.map(\.displayName))).sorted()
        throw .unknownClass(name, suggestion: Suggestion.closest(to: name, among: names))
    }
}
