#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Holds back one command's output until it is taller than the window; then starts the pager
/// (`$PAGER`, default `less -FRX`) and streams everything through it. Short results go straight
/// to the terminal when the command ends, so the pager never flashes up for three lines.
final class PagingOutput: OutputSink {
    private let base: OutputSink
    private let command: String
    private let height: () -> Int?
    private var pending = ""
    private var pendingLines = 0
    private var pipe: UnsafeMutablePointer<FILE>?
    private var previousPipeHandler: sighandler_t?
    /// The pager could not start: this command streams to the terminal.
    private var passthrough = false

    /// `height` is read when a command starts writing (the window may have been resized).
    init(base: OutputSink, command: String, height: @escaping () -> Int?) {
        self.base = base
        self.command = command
        self.height = height
    }

    /// Whether the pager is running (for tests).
    var isPaging: Bool { pipe != nil }

    func write(_ text: String) {
        if let pipe {
            fputs(text, pipe)
            return
        }
        if passthrough {
            base.write(text)
            return
        }
        pending += text
        pendingLines += text.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        // Leave a line for the prompt that follows.
        if let rows = height(), pendingLines >= rows {
            startPager()
        }
    }

    /// Nothing leaves before the command ends, unless the pager already runs.
    func flush() {
        if let pipe { fflush(pipe) } else if passthrough { base.flush() }
    }

    /// The command is over: wait for the pager (the user quits it), or print what was held back.
    func commandFinished() {
        if let pipe {
            pclose(pipe)
            self.pipe = nil
            if let previousPipeHandler { signal(SIGPIPE, previousPipeHandler) }
            previousPipeHandler = nil
        } else if !pending.isEmpty {
            base.write(pending)
            base.flush()
        }
        pending = ""
        pendingLines = 0
        passthrough = false
    }

    private func startPager() {
        base.flush()
        // Quitting the pager early closes the pipe; that must not kill the browser.
        previousPipeHandler = signal(SIGPIPE, SIG_IGN)
        guard let opened = popen(command, "w") else {
            if let previousPipeHandler { signal(SIGPIPE, previousPipeHandler) }
            previousPipeHandler = nil
            base.write(pending)
            pending = ""
            passthrough = true
            return
        }
        pipe = opened
        fputs(pending, opened)
        pending = ""
    }
}
