#if canImport(Glibc)
import Glibc
#endif
import RealmFormat

/// Ctrl-C stops the running command, not the session: SIGINT requests the process's
/// `Cancellation`, which the command's long loops check (once per cluster leaf read or written,
/// every 256 records of an import) and which unwinds them as `BrowserError.interrupted` to the
/// runner. Output files are written under temporary names (`ReplacingFileOutput`, the new-file
/// writer), so what is left on disk is the old file or the whole new one.
///
/// The handler is installed for the whole run, REPL and scripts alike; `watch` and a pinned
/// read's `TerminationRelease` put their own handlers over it for a while and restore it.
public enum CommandInterrupts {
    /// What SIGINT requests. Made before the handler exists, so the handler never initialises it.
    public static let cancellation = Cancellation(requestAfterChecks: testCountdown())

    /// Test hook: `REALM_BROWSER_INTERRUPT_AFTER=N` requests the cancellation at its Nth check, as
    /// if Ctrl-C came exactly then, so the tests interrupt mid-command without racing the machine.
    private static func testCountdown() -> Int? {
        getenv("REALM_BROWSER_INTERRUPT_AFTER").flatMap { Int(String(cString: $0)) }
    }

    /// Installs the SIGINT handler that requests `cancellation`. `handler` replaces the plain
    /// one (the REPL's also clears the line being typed); it must be async-signal-safe where
    /// it runs outside readline. A process started with SIGINT ignored (`nohup`, `&` in a shell
    /// script) keeps ignoring it; one started with it blocked has it unblocked, as `watch` does. `SA_RESTART`: a read or write under way goes on, and the
    /// command stops at its next check rather than failing on `EINTR`.
    public static func install(handler: (@convention(c) (Int32) -> Void)? = nil) {
        _ = cancellation
        var previous = sigaction()
        sigaction(SIGINT, nil, &previous)
        if previous.sa_flags & SA_SIGINFO == 0,
           unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
            return
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler ?? { _ in CommandInterrupts.cancellation.request() }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, nil)
        // A SIGINT blocked by the parent (inherited mask) would never reach the handler.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
    }

    /// A check for loops over records rather than leaves (import): every 256th index.
    static func check(at index: Int) throws(BrowserError) {
        guard index & 255 == 0 else { return }
        do { try Cancellation.check() } catch { throw .interrupted }
    }
}
