import RealmFormat

/// One user's conversation with the browser: the open file, the listing `more` continues, and
/// where output goes. The REPL, `-c` and piped scripts all drive the same `Session`.
public final class Session {
    public let output: OutputSink
    public private(set) var catalog: Catalog?
    /// Rows a listing shows before `more` is needed.
    public var pageSize = 20
    /// Set by `quit`; the driver stops reading commands.
    public private(set) var wantsToQuit = false
    var listing: Listing?
    /// `table` for people, `json` (JSON lines, whole results) for scripts.
    public var outputMode: OutputMode = .table
    /// The class and text of the last `find`, for `sort`.
    var lastQuery: (tableName: String, text: String)?
    /// Where the user stands (`cd`); empty at the top.
    public internal(set) var path: [NavigationStep] = []
    /// Earlier paths, for `back`.
    var previousPaths: [[NavigationStep]] = []

    public init(output: OutputSink) {
        self.output = output
    }

    public var file: RealmFile? { catalog?.file }

    /// Opens `path` read-only, replacing the open file only when the new one reads correctly.
    public func open(path: String) throws(BrowserError) {
        do {
            catalog = Catalog(file: try RealmFile(path: path))
            listing = nil
            self.path = []
            previousPaths = []
        } catch {
            throw .file(error)
        }
    }

    /// Runs one statement (a command and its arguments).
    public func execute(_ statement: String) throws(BrowserError) {
        let (name, arguments) = StatementSplitter.command(in: statement)
        guard !name.isEmpty, !name.hasPrefix("#") else { return }
        guard let command = CommandRegistry.command(named: name) else {
            throw .unknownCommand(name, suggestion: Suggestion.closest(to: name, among: CommandRegistry.allNames))
        }
        defer { output.flush() }
        try command.run(arguments, self)
    }

    /// Opens the current file again after a commit, keeping the navigation path where it can.
    func reopen() throws(BrowserError) {
        guard let file else { return }
        let labels = path.map(\.label).joined()
        try open(path: file.path)
        if !labels.isEmpty, let catalog, let restored = try? PathResolver(catalog: catalog).resolve(labels, from: []) {
            path = restored
        }
    }

    /// The prompt shows where the user stands: `realm Specimen[3].category> `.
    public var prompt: String {
        path.isEmpty ? "realm> " : "realm " + path.map(\.label).joined() + "> "
    }

    /// Moves to `newPath`, remembering the current one for `back`.
    func move(to newPath: [NavigationStep]) {
        previousPaths.append(path)
        path = newPath
    }

    func requireCatalog() throws(BrowserError) -> Catalog {
        guard let catalog else { throw .noFileOpen }
        return catalog
    }

    func quit() {
        wantsToQuit = true
    }
}

/// What `more` continues: a class listing or a collection, from the next position.
enum Listing {
    case table(name: String, next: Int)
    case collection(CollectionSummary, name: String, next: Int)
    case results(QueryResult, next: Int)
}

/// How results are printed.
public enum OutputMode {
    case table
    case json
}
