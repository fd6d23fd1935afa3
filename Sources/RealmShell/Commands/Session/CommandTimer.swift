#if canImport(Glibc)
import Glibc
import RealmInterchange
#endif

/// The clocks of one command: started before it runs, read after it, printed as
/// `Run Time: real 0.012 user 0.010 sys 0.002`.
struct CommandTimer {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private let cpuStart: (user: Double, system: Double)

    init() {
        start = clock.now
        cpuStart = CommandTimer.cpuSeconds()
    }

    var report: String {
        let elapsed = clock.now - start
        let real = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let cpu = CommandTimer.cpuSeconds()
        return "Run Time: real \(CommandTimer.seconds(real)) user \(CommandTimer.seconds(cpu.user - cpuStart.user)) sys \(CommandTimer.seconds(cpu.system - cpuStart.system))"
    }

    private static func cpuSeconds() -> (user: Double, system: Double) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime), seconds(usage.ru_stime))
    }

    /// Three decimals, as sqlite3 prints them.
    static func seconds(_ value: Double) -> String {
        let thousandths = Int64((max(0, value) * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
