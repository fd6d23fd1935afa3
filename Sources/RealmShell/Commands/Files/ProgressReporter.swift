#if canImport(Glibc)
import Glibc
#endif
import RealmFormat
import RealmInterchange

/// A progress line on standard error, drawn only when it is a terminal.
public final class ProgressReporter: ProgressListener {
    let total: Int
    let label: String
    private let enabled: Bool
    private let terminal = StandardOutput(descriptor: 2)
    private var lastPercent = -1

    /// `drawn: false` for work no one at the terminal started (`serve` answering a page).
    public init(total: Int, label: String, drawn: Bool = true) {
        self.total = total
        self.label = label
        enabled = drawn && isatty(2) == 1
    }

    public func update(_ done: Int) {
        guard enabled, total > 0 else { return }
        let percent = done * 100 / total
        guard percent != lastPercent else { return }
        lastPercent = percent
        let filled = percent / 5
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled)
        terminal.write("\r\(label) \(bar) \(percent)% (\(done)/\(total) objects)")
        terminal.flush()
    }

    public func finish() {
        if enabled && lastPercent >= 0 {
            terminal.write("\r\u{1B}[2K")
            terminal.flush()
        }
    }
}
