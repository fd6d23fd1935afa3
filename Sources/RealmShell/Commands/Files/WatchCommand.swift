#if canImport(Glibc)
import Glibc
#endif
import RealmFormat
import RealmInterchange

/// `watch [SECONDS] [--count N] [--full] COMMAND`: runs a read command again each time the file
/// gets a new version (an app committing to it) and shows what changed in its output, until
/// Ctrl-C (or N new versions).
///
/// Safe beside the writing app. Looking for a new version is `FileVersion.current`: an open,
/// an fstat and two small preads every SECONDS, no lock taken, so the app is never held up.
/// Each run of the command goes through `ConsistentRead.run` on its own, as if typed: pinned to
/// one version while an app holds the lock file, else checked and run again, so what it prints
/// is always one committed version, never a torn one. Nothing is held between runs (a pin held
/// for the whole watch would keep the app's freed space from reuse and grow its file).
///
/// What is printed, every block starting with a header line:
///
///     -- version 5 (12:03:01)                      the first run: the whole output
///     26
///     -- version 6 (12:03:04): 1 line removed, 1 added
///     - 26                                         what changed since the last block
///     + 27
///     -- version 7 (12:03:09): output unchanged
///     watch stopped after 2 new versions
///
/// The version is the file's (the top array's version, as `info` shows it), the time the local
/// time it was read; "file replaced" follows the time when another file took the path. With
/// `--full` each block has the whole output; in csv/json/jsonl modes it always has (diff lines
/// would not parse) and the headers go to standard error, so standard output is one result
/// after another.
enum WatchCommand {
    /// Its options, the commands it runs, then that command's own words.
    static let completion = ArgumentCompletion { context in
        Completer.watchCandidates(before: context.before, arguments: context.arguments, word: context.word, session: context.session)
    }

    static let arguments = "[SECONDS] [--count N] [--full] COMMAND"

    static let spec = CommandSpec(
        name: "watch", aliases: [], arguments: arguments,
        summary: "run a read command again at each new version of the file (an app commits), showing what changed; Ctrl-C stops",
        access: .runsCommands, completion: WatchCommand.completion,
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    /// The commands watch runs: they only read the open file and print what they read, so a
    /// run per version is a true account of each version. Navigation (`cd`, `back`, `more`)
    /// would move on at every run, and `export`, `compact`, `upgrade` write files they refuse
    /// to overwrite. All read `.oneVersion`, which gives each run one version.
    static let watchable = [ClassesCommand.spec, SchemaCommand.spec, ShowCommand.spec, FindCommand.spec, SortCommand.spec,
                            BacklinksCommand.spec, CountCommand.spec, StatsCommand.spec, DumpCommand.spec, InfoCommand.spec,
                            VerifyCommand.spec, DiffCommand.spec].map(\.name)

    /// Poll intervals allowed: a twentieth of a second (checks stay a small fraction of a
    /// core) up to a day.
    static let intervals: ClosedRange<Double> = 0.05...86_400

    struct Options: Equatable {
        var interval = 1.0
        var count: Int?
        var full = false
        /// The command to run, as typed (quotes and all).
        var statement = ""
    }

    /// Reads SECONDS and the options, in any order, up to the first word that is none of them:
    /// the command, whose own words (a `--full` of its own included) are left as they are.
    static func parse(_ arguments: String) throws(BrowserError) -> Options {
        var options = Options()
        var rest = arguments.trimmingWhitespace()
        var sawInterval = false
        while !rest.isEmpty {
            let (word, after) = StatementSplitter.command(in: rest)
            if word == "--full" {
                options.full = true
            } else if word == "--count" {
                let (number, remaining) = StatementSplitter.command(in: after)
                guard let count = Int(number), count > 0 else {
                    throw .usage("watch \(WatchCommand.arguments); --count takes a number of new versions, 1 or more (got '\(number)')")
                }
                options.count = count
                rest = remaining
                continue
            } else if word.hasPrefix("--") {
                throw .usage("watch \(WatchCommand.arguments); unknown option '\(word)'")
            } else if !sawInterval, let first = word.first, first.isNumber || "-+.".contains(first) {
                guard let seconds = Double(word), intervals.contains(seconds) else {
                    throw .usage("watch \(WatchCommand.arguments); SECONDS is how often to look for a new version, from 0.05 to 86400 (got '\(word)')")
                }
                options.interval = seconds
                sawInterval = true
            } else {
                break
            }
            rest = after
        }
        options.statement = rest
        return options
    }

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let options = try parse(arguments)
        guard let (command, commandArguments) = try Session.command(in: options.statement) else {
            throw .usage("watch \(WatchCommand.arguments), e.g. 'watch count Dog' or 'watch 0.5 show Dog'")
        }
        guard command.name != spec.name else {
            throw .notNow("watch cannot run watch: give it the command to run again, e.g. 'watch count Dog'")
        }
        guard watchable.contains(command.name) else {
            throw .notNow("watch runs commands that only read the file (\(watchable.joined(separator: ", "))); '\(command.name)' is not one of them")
        }
        guard session.transaction == nil else {
            throw .notNow("watch cannot run inside a write transaction: this session holds the file, so no one else can commit; 'commit' or 'rollback' first")
        }
        let file = try session.requireCatalog().file
        let catcher = InterruptCatcher()
        defer { catcher.restore() }
        session.announcesReloads = false
        defer { session.announcesReloads = true }
        try session.router.streamingPastPager { () throws(BrowserError) in
            var watch = Watch(session: session, command: command, arguments: commandArguments, options: options,
                              path: file.path, key: file.mapped.key)
            try watch.run(catcher)
        }
    }

    /// One `watch`: the last block shown and how many new versions were.
    private struct Watch {
        let session: Session
        let command: CommandSpec
        let arguments: String
        let options: Options
        let path: String
        let key: EncryptionKey?
        var lastText = ""
        var lastVersion: FileVersion?
        var newVersions = 0

        mutating func run(_ catcher: InterruptCatcher) throws(BrowserError) {
            // The first run's error (a typo, a class that is not there) ends the watch.
            let first = runCommand()
            if let error = first.error { throw error }
            show(first.text, version: first.version, failed: false)
            while !catcher.interrupted && newVersions < options.count ?? Int.max {
                if catcher.sleep(options.interval) { break }
                session.whileWatching?()
                do {
                    if try FileVersion.current(path: path, key: key) == lastVersion { continue }
                } catch {
                    // Unreadable for a moment (caught mid-commit) is for the read to sort out;
                    // a file that is not there any more ends the watch.
                    if access(path, F_OK) != 0 && errno == ENOENT {
                        session.output.flush()
                        throw .notNow("\(path) is gone (deleted or moved away); watch stopped after \(versions(newVersions))")
                    }
                }
                let next = runCommand()
                // The app kept committing through every retry: look again.
                if case .fileChanged? = next.error { continue }
                // A later error (the object watched was deleted) is what this version shows.
                let text = next.error.map { "error: \($0)\n" } ?? next.text
                guard next.version != lastVersion || text != lastText else { continue }
                newVersions += 1
                show(text, version: next.version, failed: next.error != nil)
            }
            if catcher.interrupted && session.terminal.isTerminal && session.router.isStandardOutput { session.output.line() }
            session.confirm("watch stopped after \(versions(newVersions))")
            // Now, while the output still goes past the pager: the prompt comes next.
            session.output.flush()
        }

        /// One run of the command, as `Session.execute` runs it, with its output collected.
        private func runCommand() -> (text: String, error: BrowserError?, version: FileVersion?) {
            let (command, arguments, session) = (self.command, self.arguments, self.session)
            let result = session.router.capture { () throws(BrowserError) in
                try ConsistentRead.run(command, arguments: arguments, session: session)
            }
            return (result.text, result.error, session.file?.openedVersion)
        }

        /// Prints one block: the header, then the whole output (the first, `--full`, the modes
        /// programs read) or the lines that changed. In those modes an error goes with the
        /// headers (standard error), so standard output stays parseable.
        private mutating func show(_ text: String, version: FileVersion?, failed: Bool) {
            var header = "-- version \(version.map { String($0.version) } ?? "?") (\(WatchCommand.clock())"
            if let lastVersion, let version, lastVersion.inode != version.inode || lastVersion.device != version.device {
                header += ", file replaced"
            }
            header += ")"
            let diff = lastVersion == nil ? nil : LineDiff(from: LineDiff.lines(of: lastText), to: LineDiff.lines(of: text))
            if let diff { header += ": " + diff.summary }
            session.confirm(header)
            if failed && session.outputMode.isMachineReadable {
                session.confirm(String(text.dropLast()))
            } else if let diff, !options.full, !session.outputMode.isMachineReadable {
                if !diff.changes.isEmpty { session.output.line(diff.text) }
            } else {
                session.output.write(text)
            }
            session.output.flush()
            lastText = text
            lastVersion = version
        }

        private func versions(_ count: Int) -> String {
            count == 1 ? "1 new version" : "\(count) new versions"
        }
    }

    /// The local time now, `HH:MM:SS`.
    static func clock() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    static let examples = """
      watch count Dog                      the number of dogs, again at each commit (every second)
      watch 0.2 show Dog                   look five times a second; the rows that changed
      watch find Task isCompleted == false SORT(createdAt DESC)
      watch --full stats Task              the whole output each time, not only what changed
      watch --count 3 count Dog            stop after 3 new versions (scripts)
      realm-browser app.realm -c 'watch 0.5 count Dog'   from the shell; Ctrl-C ends it, exit status 0

      Every block starts with '-- version V (HH:MM:SS)': the whole output first, then for each
      new version the lines that changed ('- old', '+ new') or 'output unchanged'. Each output
      is one committed version: pinned in the app's lock file while an app has the file open,
      else checked and run again; the app is never blocked (watch only reads the header
      between runs). Ctrl-C stops watch, not the session ('watch stopped after N new
      versions'); in a script the next statement runs. Runs: classes, schema, show, find, sort,
      backlinks, count, stats, dump, info, verify, diff; not inside a transaction.

    """
}
