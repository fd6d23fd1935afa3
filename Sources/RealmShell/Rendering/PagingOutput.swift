#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RealmInterchange

/// Holds back one command's output until it is taller than the window; then starts the pager
/// (`$PAGER`, default `less -FRX`) and streams everything through it. Short results go straight
/// to the terminal when the command ends, so the pager never flashes up for three lines.
final class PagingOutput: OutputSink {
    private let base: OutputSink
    private let command: String
    private let height: () -> Int?
    private let width: () -> Int?
    private var pending = ""
    /// Screen rows the held-back text takes: long lines wrap, color codes take no room.
    private var pendingRows = 0
    private var lineLength = 0
    private var inEscape = false
    private var pipe: UnsafeMutablePointer<FILE>?
    /// SIGPIPE and SIGINT handlers to restore when the pager ends.
    private var previousHandlers: (pipe: sighandler_t?, interrupt: sighandler_t?)?
    /// The pager could not start: this command streams to the terminal.
    private var passthrough = false

    /// `height` and `width` are read as the command writes (the window may have been resized).
    init(base: OutputSink, command: String, height: @escaping () -> Int?, width: @escaping () -> Int? = { nil }) {
        self.base = base
        self.command = command
        self.height = height
        self.width = width
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
        countRows(in: text)
        // Leave a line for the prompt that follows.
        if let rows = height(), pendingRows >= rows {
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
            restoreSignals()
        } else if !pending.isEmpty {
            base.write(pending)
            base.flush()
        }
        pending = ""
        pendingRows = 0
        lineLength = 0
        passthrough = false
    }

    private func countRows(in text: String) {
        let columns = max(1, width() ?? Int.max)
        // By grapheme cluster and terminal columns (`TextWidth`): 中 takes two, é as e + U+0301 one.
        for character in text {
            if inEscape {
                // An SGR sequence ends with its letter (`\u{1B}[2m`).
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else if character.isNewline {
                pendingRows += lineLength == 0 ? 1 : 1 + (lineLength - 1) / columns
                lineLength = 0
            } else {
                lineLength += TextWidth.of(character)
            }
        }
    }

    /// `LESS` as git sets it when unset: quit if one screen (-F), colors (-R), no clearing (-X).
    private func startPager() {
        setenv("LESS", "FRX", 0)
        base.flush()
        guard let opened = popen(command, "w") else {
            base.write(pending)
            pending = ""
            passthrough = true
            return
        }
        // Quitting the pager early closes the pipe, and Ctrl-C in the pager reaches the browser
        // too: neither may end the session. (Set after popen, so the pager keeps the defaults.)
        previousHandlers = (signal(SIGPIPE, SIG_IGN), signal(SIGINT, SIG_IGN))
        pipe = opened
        fputs(pending, opened)
        pending = ""
    }

    private func restoreSignals() {
        if let previousHandlers {
            signal(SIGPIPE, previousHandlers.pipe)
            signal(SIGINT, previousHandlers.interrupt)
        }
        previousHandlers = nil
    }
}
