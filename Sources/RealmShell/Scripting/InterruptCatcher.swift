#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Turns Ctrl-C (SIGINT) into a flag for as long as a long-running command wants to stop
/// cleanly rather than end the process: `watch` checks it between its sleeps and returns to the
/// prompt (or, in a script, to the next statement).
///
/// Installed only while such a command runs, and the earlier disposition is put back after, so
/// Ctrl-C elsewhere behaves as before: `CommandInterrupts`' handler, which stops other commands
/// part-way (for `watch`, Ctrl-C is the normal end, not an interruption). A handler may only do async-signal-safe work: it sets a
/// lock-free atomic and returns. The read inside may register in a running app's lock file;
/// `TerminationRelease` then installs its own handler over this one and, finding an earlier
/// handler, calls it instead of ending the process: the registration stays for the read's
/// normal `leave`, and the flag is set all the same.
final class InterruptCatcher {
    /// Set by the handler; cleared when a catcher is installed.
    private static let raised = Atomic<Bool>(false)
    private var previous = sigaction()
    private var previousMask = sigset_t()
    private var restored = false

    /// Installs the handler. Without `SA_RESTART`, so a sleep in progress ends at once. A
    /// process started with SIGINT ignored (`nohup`, `&` in a shell script) keeps ignoring it:
    /// whoever started it asked for that. SIGINT blocked on this thread (a parent's mask,
    /// inherited) is unblocked meanwhile, since the command asked for Ctrl-C to reach it.
    init() {
        InterruptCatcher.raised.store(false, ordering: .sequentiallyConsistent)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in InterruptCatcher.raised.store(true, ordering: .sequentiallyConsistent) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, &previous)
        if previous.sa_flags & SA_SIGINFO == 0,
           unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
            sigaction(SIGINT, &previous, nil)
        }
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, &previousMask)
    }

    deinit { restore() }

    /// Whether SIGINT arrived since the catcher was installed.
    var interrupted: Bool { InterruptCatcher.raised.load(ordering: .sequentiallyConsistent) }

    /// Puts back the disposition SIGINT had before (once).
    func restore() {
        guard !restored else { return }
        restored = true
        sigaction(SIGINT, &previous, nil)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }

    /// Sleeps `seconds`, in steps of at most 50 ms, returning early when interrupted; returns
    /// whether it was.
    func sleep(_ seconds: Double) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + .nanoseconds(Int64(seconds * 1e9))
        while !interrupted {
            let left = deadline - clock.now
            guard left > .zero else { return false }
            let nanoseconds = min(left, .milliseconds(50)).components
            var pause = timespec(tv_sec: Int(nanoseconds.seconds), tv_nsec: Int(nanoseconds.attoseconds / 1_000_000_000))
            // EINTR (the signal itself) ends the pause early; the loop looks at the flag again.
            _ = nanosleep(&pause, nil)
        }
        return true
    }
}
