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
