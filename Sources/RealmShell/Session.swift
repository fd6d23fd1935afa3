import RealmFormat
import RealmInterchange

/// One user's conversation with the browser: the open file, the listing `more` continues, and
/// where output goes. The REPL, `-c` and piped scripts all drive the same `Session`.
public final class Session {
    /// Where commands write: the sink given at creation, or a file (`output`, `once`).
    public var output: OutputSink { router }
    let router: OutputRouter
    /// Where the session reports that it reloaded the file, and (in csv, json and jsonl modes)
    /// what commands did (standard error in the executable); nil: with the output.
    public var notices: OutputSink?
    /// Runs before every check that the file kept its version (after a read command, and in
    /// `requireUnchangedFile`): tests commit from another editor here to exercise the retry
    /// deterministically.
    public var beforeVersionCheck: (() -> Void)?
    /// Asks the user a question and returns the answer line (nil at end of input). Set when a
    /// person is at a terminal; nil in scripts, where nothing can be asked.
    public var askUser: ((String) -> String?)?
    /// Set when a command confirmed mid-way that what it read is one version (then it wrote).
    var versionConfirmed = false
    /// Set while a command reads a version registered in a running app's lock file
    /// (`PinnedRead`): it cannot change under the command, so nothing needs re-checking.
    var readsPinnedVersion = false
    /// Whether reloads after another process's commits are announced ("reloaded: …"). `watch`
    /// turns it off while it runs: its own header names every version it shows.
    var announcesReloads = true
    /// Runs each time `watch` looks for a new version: tests commit from another editor here,
    /// so a watch's versions follow each other deterministically.
    public var whileWatching: (() -> Void)?
    /// What the last read command found about a Realm app having the file open.
    public internal(set) var appPresence = AppPresence.unknown
    public private(set) var catalog: Catalog?
    /// Rows a listing shows before `more` is needed.
    public var pageSize = 20
    /// What stops a running command part-way: the driver gives `CommandInterrupts.cancellation`
    /// (Ctrl-C) and clears it before each command; a session of its own otherwise, so tests
    /// can interrupt one session without touching another.
    public var cancellation = Cancellation()
    /// Set by `quit`; the driver stops reading commands.
    public private(set) var wantsToQuit = false
    /// How rows print (`mode`): `table` for people; `csv`, `json`, `jsonl` whole results for scripts.
    public var outputMode: OutputMode = .table
    /// Whether tables and CSV start with the column names (`headers on|off`).
    public var showsHeaders = true
    /// Whether each command is followed by its run time (`timer on|off`).
    public var showsTimer = false
    /// What the standard output is (colors, width, pager); plain unless the driver detects a terminal.
    public var terminal = TerminalSettings.plain {
        didSet {
            let settings = terminal
            router.usePager(settings.pager, height: { settings.lines }, width: { settings.columns })
        }
    }
    /// Where the user stands, where `back` goes, what `more` and `sort` continue.
    var navigation = Navigation()
    /// Where the user stands (`cd`); empty at the top.
    public var path: [NavigationStep] { navigation.path }
    var listing: Listing? {
        get { navigation.listing }
        set { navigation.listing = newValue }
    }
    var lastQuery: (tableName: String, text: String)? {
        get { navigation.lastQuery }
        set { navigation.lastQuery = newValue }
    }
    /// The open write transaction (`begin`), holding Realm's lock file until commit or rollback.
    var transaction: FileEditor?
    /// What the open transaction will change, for `status`.
    public internal(set) var pendingChanges: [String] = []
    /// `import csv`: per file path and table, exported `_key` -> the key the object got.
    var importedKeys: [String: [String: [Int64: Int64]]] = [:]

    public init(output: OutputSink) {
        router = OutputRouter(standard: output)
    }

    /// The style rows print in now: colors and the terminal width only reach the terminal.
    public var outputStyle: OutputStyle {
        let toTerminal = router.isStandardOutput
        return OutputStyle(mode: outputMode, showsHeaders: showsHeaders,
                           colors: toTerminal && terminal.colors,
                           width: toTerminal ? terminal.columns : nil)
    }

    /// Where a page that starts at `start` ends: the range's end, a page for people, or the
    /// whole listing in the modes programs read (csv, json, jsonl).
    func pageEnd(from start: Int, upperBound: Int? = nil) -> Int {
        upperBound ?? (outputMode.isMachineReadable ? Int.max : start + pageSize)
    }

    /// A printer for one command's rows in the current style.
    func rowPrinter(_ columns: [OutputColumn], layout: RowPrinter.Layout = .grid) -> RowPrinter {
        RowPrinter(columns: columns, style: outputStyle, layout: layout, output: output)
    }

    public var file: RealmFile? { catalog?.file }
    /// The process environment, for `REALM_BROWSER_KEY` (nil in tests that do not set one).
    public var environment: [String: String]?

    /// Opens `path` read-only (decrypting it with `key` when one is given), replacing the open
    /// file only when the new one reads correctly.
    public func open(path: String, key: EncryptionKey? = nil) throws(BrowserError) {
        try open(path: path, pinned: nil, key: key)
        if let source = file?.source {
            // An older file is converted at open: the user is told, once, what it is and why
            // nothing can be changed in it.
            let channel = notices ?? output
            channel.line(OlderFormatText.notice(source))
            channel.flush()
        }
    }

    /// Opens `path` at the header's version, or at a version registered in the app's lock file.
    func open(path: String, pinned: PinnedVersion?, key: EncryptionKey?) throws(BrowserError) {
        try requireNoPendingChanges(before: "opening another file")
        transaction = nil
        do {
            let file: RealmFile
            if let pinned {
                file = try RealmFile(path: path, pinned: pinned, key: key)
            } else {
                file = try OpeningBesideAWriter.newest(path: path, key: key)
            }
            if catalog?.file.path != path { appPresence = .unknown }
            catalog = Catalog(file: file)
            // Another file: nothing to go back to or continue; the last query's text stays for `sort`.
            navigation = Navigation(lastQuery: navigation.lastQuery)
        } catch {
            throw .file(error)
        }
    }

    /// Tells the user what a command did ("staged: …", "committed …", "wrote …"). In the modes
    /// programs read (csv, json, jsonl) standard output carries only data, so that
    /// `realm-browser f.realm --json -c '…' | jq` parses: there these messages go to `notices`
    /// (standard error in the executable).
    func confirm(_ text: String) {
        guard outputMode.isMachineReadable, let notices else {
            output.line(text)
            return
        }
        output.flush()
        notices.line(text)
        notices.flush()
    }

    /// Runs one statement (a command and its arguments).
    public func execute(_ statement: String) throws(BrowserError) {
        guard let (command, arguments) = try Session.command(in: statement) else { return }
        // Timed from here, so that the time covers reading, printing and any retry; the
        // `timer` command itself is not timed.
        let timer = showsTimer && command.name != TimerCommand.spec.name ? CommandTimer() : nil
        defer {
            output.flush()
            router.commandFinished()
        }
        try EditingCommands.refuseOnImage(command, session: self)
        do {
            try Cancellation.running(with: cancellation) { () throws(BrowserError) in
                try ConsistentRead.run(command, arguments: arguments, session: self)
            }
        } catch .file(.interrupted) {
            throw .interrupted
        } catch let .unknownClass(name, suggestion) {
            if let transaction, transaction.stagedClassNames.contains(name) {
                throw .notNow("class \(name) is added by this transaction and exists once it is committed: 'commit' first, then use it")
            }
            throw .unknownClass(name, suggestion: suggestion)
        }
        if let timer { confirm(timer.report) }
    }

    /// The command a statement names and its arguments; nil for an empty statement or a comment.
    /// Shared by `execute` and `watch`, which runs a command of its own again and again.
    static func command(in statement: String) throws(BrowserError) -> (CommandSpec, String)? {
        let (name, arguments) = StatementSplitter.command(in: statement)
        guard !name.isEmpty, !name.hasPrefix("#") else { return nil }
        guard let command = CommandRegistry.command(named: name) else {
            throw .unknownCommand(name, suggestion: Suggestion.closest(to: name, among: CommandRegistry.allNames))
        }
        // 'commit now' or 'info Specimen' would otherwise run as if the words were not there.
        if command.arguments.isEmpty && !arguments.isEmpty {
            throw .usage("\(command.name) takes no arguments ('\(arguments)' is left over)")
        }
        return (command, arguments)
    }

    /// Throws if another process committed since the file was opened: commands that write
    /// files after reading (compact) call it before writing, so a torn read is never saved.
    func requireUnchangedFile() throws(BrowserError) {
        guard transaction == nil, !readsPinnedVersion, let file else { return }
        beforeVersionCheck?()
        guard (try? file.liveVersion()) == file.openedVersion else {
            throw .fileChanged(path: file.path, attempts: 1)
        }
        versionConfirmed = true
    }

    /// Opens the newest version of the file after another process committed, keeping the
    /// navigation path, the back history and a class listing where they still resolve.
    func reloadKeepingNavigation(pinned: PinnedVersion? = nil) throws(BrowserError) {
        let saved = navigation
        try reopen(pinned: pinned)
        if let catalog {
            let resolver = PathResolver(catalog: catalog)
            navigation.previousPaths = saved.previousPaths.map { $0.map(\.label).joined() }
                .compactMap { labels in labels.isEmpty ? [] : try? resolver.resolve(labels, from: []) }
        }
        // A class listing continues by position; a collection's or a result's would not mean the same.
        if case .table? = saved.listing { navigation.listing = saved.listing }
        navigation.lastQuery = saved.lastQuery
    }

    /// Opens the current file again after a commit, keeping the navigation path where it can.
    func reopen(pinned: PinnedVersion? = nil) throws(BrowserError) {
        guard let file else { return }
        let labels = path.map(\.label).joined()
        pendingChanges = []
        try open(path: file.path, pinned: pinned, key: file.mapped.key)
        if !labels.isEmpty, let catalog, let restored = try? PathResolver(catalog: catalog).resolve(labels, from: []) {
            navigation.path = restored
        }
    }

    /// The prompt shows where the user stands (`realm Specimen[3].category> `) and, with a `*`,
    /// that a write transaction is open.
    public var prompt: String {
        let marker = transaction == nil ? "" : "*"
        return path.isEmpty ? "realm\(marker)> " : "realm\(marker) " + path.map(\.label).joined() + "> "
    }

    /// Whether a write transaction is open (`begin`), holding Realm's lock file.
    public var hasOpenTransaction: Bool { transaction != nil }

    /// Runs `body` with everything it prints captured, not shown; returns the text and the
    /// error `body` threw (its partial output is returned too, for the caller to drop).
    public func capture(_ body: () throws(BrowserError) -> Void) -> (text: String, error: BrowserError?) {
        router.capture(body)
    }

    /// Whether a transaction holds changes that are not committed yet.
    public var hasPendingChanges: Bool { !pendingChanges.isEmpty }
    public var pendingChangeCount: Int { pendingChanges.count }

    func requireNoPendingChanges(before action: String) throws(BrowserError) {
        guard pendingChanges.isEmpty else { throw .pendingChanges(count: pendingChanges.count, action: action) }
    }

    /// Moves to `newPath`, remembering the current one for `back`.
    func move(to newPath: [NavigationStep]) {
        navigation.move(to: newPath)
    }

    public func requireCatalog() throws(BrowserError) -> Catalog {
        guard let catalog else { throw .noFileOpen }
        return catalog
    }

    func quit() {
        wantsToQuit = true
    }
}
