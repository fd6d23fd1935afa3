/// What the process tells its caller, the same everywhere: scripts (`-c`, `-f`, piped input),
/// `realm-browser diff` (diff(1)'s convention), `verify` and `recover` on the command line, and
/// `serve`.
public enum ExitStatus: Int32, Sendable {
    /// Everything ran: every statement succeeded, the files compared equal, the file is sound,
    /// the server stopped on a signal as asked.
    case success = 0
    /// Something failed: a statement (the script may have gone on), the files differ, problems
    /// were found, something could not be recovered, the server could not start.
    case failure = 1
    /// The command line could not be used (a wrong option, a missing argument), or `diff`
    /// could not compare the files at all (diff(1)'s "trouble").
    case usage = 2
    /// Ctrl-C stopped a script.
    case interrupted = 130
}
