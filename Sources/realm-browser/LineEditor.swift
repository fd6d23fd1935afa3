import BrowserKit
import CReadline
#if canImport(Glibc)
import Glibc
#endif

/// GNU readline: line editing, a persistent history file and tab completion.
enum LineEditor {
    /// readline's C callbacks cannot capture context, so completion reads the session from here.
    nonisolated(unsafe) static var session: Session?
    nonisolated(unsafe) static var matches: [String] = []

    static var historyPath: String {
        if let custom = getenv("REALM_BROWSER_HISTORY") { return String(cString: custom) }
        let home = getenv("HOME").map { String(cString: $0) } ?? "."
        return home + "/.realm_browser_history"
    }

    static func start(session: Session) {
        LineEditor.session = session
        rl_readline_name = UnsafePointer(strdup("realm-browser"))
        rl_attempted_completion_function = complete
        using_history()
        stifle_history(2000)
        _ = read_history(historyPath)
    }

    /// The next line, or nil at end of input (Ctrl-D).
    static func readLine(prompt: String) -> String? {
        guard let raw = readline(prompt) else { return nil }
        defer { free(raw) }
        let line = String(cString: raw)
        if !line.trimmingCharacters().isEmpty {
            let previous = history_length > 0 ? history_get(history_base + history_length - 1) : nil
            if previous.map({ String(cString: $0.pointee.line) }) != line { add_history(line) }
        }
        return line
    }

    /// The answer to a question (kept out of the history), or nil at end of input.
    static func answer(prompt: String) -> String? {
        guard let raw = readline(prompt) else { return nil }
        defer { free(raw) }
        return String(cString: raw)
    }

    static func finish() {
        _ = write_history(historyPath)
    }

    private static let complete: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, start, _ in
        guard let session = LineEditor.session, let buffer = rl_line_buffer else { return nil }
        let line = String(cString: buffer)
        let prefixBytes = Array(line.utf8.prefix(Int(start)))
        let wordStart = String(decoding: prefixBytes, as: UTF8.self).count
        guard let candidates = Completer.candidates(line: line, wordStart: wordStart, session: session) else {
            return nil
        }
        rl_attempted_completion_over = 1
        LineEditor.matches = candidates
        return rl_completion_matches(text, generate)
    }

    private static let generate: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { _, state in
        let index = Int(state)
        guard index < LineEditor.matches.count else { return nil }
        return strdup(LineEditor.matches[index])
    }
}

extension String {
    func trimmingCharacters() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
