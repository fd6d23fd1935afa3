/// Runs commands without a terminal (`-c`, piped stdin) and decides the exit status.
///
/// A failing command is reported with where it came from and the run goes on, like sqlite3
/// reading a script; the exit status then says that something failed.
public struct ScriptRunner {
    public let session: Session
    public let errors: OutputSink

    public init(session: Session, errors: OutputSink) {
        self.session = session
        self.errors = errors
    }

    public enum ExitStatus: Int32 {
        case success = 0
        case failure = 1
        case usage = 2
    }

    /// Runs every statement of one input line; returns false if any failed.
    @discardableResult
    public func run(line: String, origin: String?) -> Bool {
        var succeeded = true
        for statement in StatementSplitter.statements(in: line) {
            if session.wantsToQuit { break }
            do {
                try session.execute(statement)
            } catch {
                session.output.flush()
                errors.line("error" + (origin.map { " (\($0))" } ?? "") + ": \(error)")
                errors.flush()
                succeeded = false
            }
        }
        return succeeded
    }

    /// Runs lines until the input ends or `quit`.
    public func run(lines: some Sequence<String>) -> ExitStatus {
        var status = ExitStatus.success
        for (number, line) in lines.enumerated() {
            if !run(line: line, origin: "line \(number + 1)") { status = .failure }
            if session.wantsToQuit { break }
        }
        if session.hasPendingChanges {
            errors.line("error: the input ended with \(session.pendingChanges.count) uncommitted change(s); nothing was written (end with 'commit')")
            errors.flush()
            status = .failure
        }
        return status
    }
}
