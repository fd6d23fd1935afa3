/// Runs commands without a terminal (`-c`, `-f FILE`, piped stdin) and decides the exit status.
///
/// A failing command is reported with where it came from and the run goes on, like sqlite3
/// reading a script; the exit status then says that something failed. With `bail` (`--bail`)
/// the run stops at the first failure instead, so a script never acts on a state it did not expect.
public struct ScriptRunner {
    public let session: Session
    public let errors: OutputSink
    /// Stop at the first failing command.
    public var bail = false

    public init(session: Session, errors: OutputSink, bail: Bool = false) {
        self.session = session
        self.errors = errors
        self.bail = bail
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
                report("\(error)", origin: origin)
                succeeded = false
                if bail { break }
            }
        }
        return succeeded
    }

    /// Runs lines until the input ends or `quit`, joining the lines of a statement that goes on
    /// (open quotes or brackets, a trailing `\`); then refuses to drop uncommitted changes.
    /// `source` names the input in error messages (`error (app.rbs, line 3): ...`).
    public func run(lines: some Sequence<String>, source: String? = nil) -> ExitStatus {
        var status = runWithoutFinishing(lines: lines, source: source)
        if !finish() { status = .failure }
        return status
    }

    /// `run(lines:source:)` without the end-of-input check, for several inputs in a row
    /// (`-c` then `-f FILE`); call `finish()` after the last one.
    public func runWithoutFinishing(lines: some Sequence<String>, source: String? = nil) -> ExitStatus {
        var status = ExitStatus.success
        var accumulator = StatementAccumulator()
        var firstLine = 1
        func origin(_ first: Int) -> String { (source.map { "\($0), " } ?? "") + "line \(first)" }
        for (index, line) in lines.enumerated() {
            if !accumulator.isContinuing { firstLine = index + 1 }
            guard let statement = accumulator.add(line) else { continue }
            if !run(line: statement, origin: origin(firstLine)) {
                status = .failure
                if bail { return status }
            }
            if session.wantsToQuit { return status }
        }
        if let unfinished = accumulator.flush(), !run(line: unfinished, origin: origin(firstLine)) {
            status = .failure
        }
        return status
    }

    /// At the end of all input: staged changes that were never committed are an error.
    public func finish() -> Bool {
        guard session.hasPendingChanges else { return true }
        report("the input ended with \(session.pendingChanges.count) uncommitted change(s); nothing was written (end with 'commit')", origin: nil)
        return false
    }

    private func report(_ message: String, origin: String?) {
        session.output.flush()
        errors.line("error" + (origin.map { " (\($0))" } ?? "") + ": " + message)
        errors.flush()
    }
}
