#if canImport(Glibc)
import Glibc
import RealmInterchange
#endif

/// `timer on|off`: after each command, how long it took, as sqlite3's `.timer` prints it:
/// wall-clock time and the CPU time spent in the process and in the kernel for it.
enum TimerCommand {
    static let spec = CommandSpec(
        name: "timer", aliases: [".timer"], arguments: "[on|off]",
        summary: "after each command, its run time: real (wall clock), user and sys (CPU) seconds",
        access: .none, completion: .firstWord { ["on", "off"] },
        run: { arguments, session throws(BrowserError) in
            switch arguments.trimmingWhitespace().lowercased() {
            case "": session.output.line(session.showsTimer ? "on" : "off")
            case "on": session.showsTimer = true
            case "off": session.showsTimer = false
            default: throw .usage("timer on|off")
            }
        })
}
