/// A command users can type, and what it needs: how it reads the open file (which decides what
/// `ConsistentRead` does around it) and how its arguments complete. Everything the session,
/// `help`, `watch` and completion know about a command is here, so adding one is adding its spec.
public struct CommandSpec: Sendable {
    public let name: String
    public let aliases: [String]
    /// Arguments as shown in help, e.g. `CLASS [FROM..TO]`.
    public let arguments: String
    public let summary: String
    public let access: FileAccess
    public let completion: ArgumentCompletion
    let run: @Sendable (_ arguments: String, _ session: Session) throws(BrowserError) -> Void

    init(name: String, aliases: [String], arguments: String, summary: String, access: FileAccess,
         completion: ArgumentCompletion, run: @escaping @Sendable (_ arguments: String, _ session: Session) throws(BrowserError) -> Void) {
        self.name = name
        self.aliases = aliases
        self.arguments = arguments
        self.summary = summary
        self.access = access
        self.completion = completion
        self.run = run
    }
}

/// How a command reads the open file.
public enum FileAccess: Sendable {
    /// Reads only the open file and the session's navigation state: it reads one version
    /// (the one a running app registered, or the newest, checked afterwards) and runs again,
    /// its output discarded, when another process committed meanwhile.
    case oneVersion
    /// Does not read the open file (`open`, `help`, `generate`): runs as it is, even when the
    /// file went away, and another process's commits are no reason to reopen it.
    case none
    /// Runs other commands itself, each through `ConsistentRead` with the guarantees of its
    /// own access (`watch`); never held or run again as a whole.
    case runsCommands
    /// Changes the file or the session's state from the newest version (editing commands):
    /// catches up with other processes' commits first, then runs once.
    case newestVersion
}
