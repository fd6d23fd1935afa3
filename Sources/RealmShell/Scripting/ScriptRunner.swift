import RealmInterchange

/// Runs commands without a terminal (`-c`, `-f FILE`, piped stdin) and decides the exit status.
///
/// A failing command is reported with where it came from and the run goes on, like sqlite3
/// reading a script; the exit status then says that something failed. With `bail` (`--bail`)
/// the run stops at the first failure instead, so a script never acts on a state it did not expect.
///
/// Ctrl-C (`CommandInterrupts`) stops the command running and the rest of the input, `--bail`
/// or not, as in psql and sqlite3: the statements after it were written for a state the
/// interrupted one did not make. The exit status is then 130 (128 + SIGINT, as shells report).
/// `watch` is the exception: Ctrl-C is how it ends, and the script goes on after it.
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

    /// Whether Ctrl-C stopped the run (the session's cancellation was requested).
    public var wasInterrupted: Bool { session.cancellation.isRequested }

    /// Runs every statement of one input line; returns false if any failed.
    @discardableResult
    public func run(line: String, origin: String?) -> Bool {
        var succeeded = true
        let statements = StatementSplitter.statements(in: line)
        for (index, statement) in statements.enumerated() {
            if session.wantsToQuit { break }
            if wasInterrupted { return false }
            do {
                try session.execute(statement)
            } catch {
                // 'line 1' alone does not say which of 'a; b; c' failed.
                let place = statements.count > 1 ? (origin.map { "\($0), " } ?? "") + "statement \(index + 1)" : origin
                succeeded = false
                if case .interrupted = error {
                    // Not an error of the statement: said plainly, as psql does.
                    session.output.flush()
                    errors.line("interrupted" + (place.map { " (\($0))" } ?? ""))
                    errors.flush()
                    return false
                }
                report("\(error)", origin: place)
                if bail || wasInterrupted { break }
            }
        }
        return succeeded
    }

    /// Runs lines until the input ends or `quit`, joining the lines of a statement that goes on
    /// (open quotes or brackets, a trailing `\`); then refuses to drop uncommitted changes.
    /// `source` names the input in error messages (`error (app.rbs, line 3): ...`).
    public func run(lines: some Sequence<String>, source: String? = nil) -> ExitStatus {
        var status = runWithoutFinishing(lines: lines, source: source)
        if !finish() && status != .interrupted { status = .failure }
        return status
    }

    /// `run(lines:source:)` without the end-of-input check, for several inputs in a row
    /// (`-c` then `-f FILE`); call `finish()` after the last one.
    public func runWithoutFinishing(lines: some Sequence<String>, source: String? = nil) -> ExitStatus {
        var status = ExitStatus.success
        var accumulator = StatementAccumulator()
        var firstLine = 1
        func origin(_ first: Int) -> String { (source.map { "\($0), " } ?? "") + "line \(first)" }
        for (index, rawLine) in lines.enumerated() {
            // Editors on Windows start text with a byte-order mark; it is not part of the command.
            let line = index == 0 && rawLine.hasPrefix("\u{FEFF}") ? String(rawLine.dropFirst()) : rawLine
            if !accumulator.isContinuing { firstLine = index + 1 }
            if wasInterrupted { return .interrupted }
            guard let statement = accumulator.add(line) else { continue }
            if !run(line: statement, origin: origin(firstLine)) {
                status = .failure
                if wasInterrupted { return .interrupted }
                if bail { return status }
            }
            if session.wantsToQuit { return status }
        }
        // Piped input read while Ctrl-C came ends early; what it held is not run.
        if wasInterrupted { return .interrupted }
        if let unfinished = accumulator.flush(), !run(line: unfinished, origin: origin(firstLine)) {
            status = .failure
        }
        return wasInterrupted ? .interrupted : status
    }

    /// At the end of all input: staged changes that were never committed are an error.
    public func finish() -> Bool {
        guard session.hasPendingChanges else { return true }
        let count = session.pendingChanges.count
        report("the input ended with \(count) uncommitted change\(count == 1 ? "" : "s"); nothing was written (end with 'commit')", origin: nil)
        return false
    }

    private func report(_ message: String, origin: String?) {
        session.output.flush()
        errors.line("error" + (origin.map { " (\($0))" } ?? "") + ": " + message)
        errors.flush()
    }
}
