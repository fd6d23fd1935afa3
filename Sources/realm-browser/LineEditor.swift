import RealmShell
import CReadline
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

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

    /// Whether readline is reading a line: Ctrl-C then drops the line, not a command.
    static let atPrompt = Atomic<Bool>(false)
    /// Set when Ctrl-C dropped a line; main drops the statement it was continuing too.
    static let discarded = Atomic<Bool>(false)
    /// The prompt a dropped line starts again with (the first line of a statement's).
    nonisolated(unsafe) static var freshPrompt: UnsafeMutablePointer<CChar>?

    static func start(session: Session) {
        LineEditor.session = session
        // Ctrl-C at the prompt drops the line being typed, as in bash and psql; while a command
        // runs it stops that command (`CommandInterrupts`). readline catches SIGINT while it
        // reads, restores this handler and re-sends the signal at a point where its own
        // functions may be called, so the handler may redraw the prompt then.
        // The statics the handler reads are made before it can run: a lazy initialisation
        // inside a signal handler could deadlock.
        _ = atPrompt.load(ordering: .relaxed)
        _ = discarded.load(ordering: .relaxed)
        CommandInterrupts.install { _ in
            guard LineEditor.atPrompt.load(ordering: .relaxed) else {
                CommandInterrupts.cancellation.request()
                return
            }
            LineEditor.discarded.store(true, ordering: .relaxed)
            // Redrawn only when readline re-sent the signal from its own handling; a Ctrl-C in
            // the instant before or after readline runs is a real signal context, where its
            // functions (which allocate) must not be called: the line is only marked dropped.
            guard rl_readline_state & UInt(RL_STATE_SIGHANDLER) != 0 else { return }
            rl_replace_line("", 1)
            rl_point = 0
            rl_crlf()
            rl_on_new_line()
            if let fresh = LineEditor.freshPrompt { rl_set_prompt(fresh) }
            rl_redisplay()
        }
        rl_readline_name = UnsafePointer(strdup("realm-browser"))
        rl_attempted_completion_function = complete
        // Key paths (`category.name`, `tasks.@count`, `Item[3]`) are one word for completion.
        rl_completer_word_break_characters = UnsafePointer(strdup(Completer.wordBreakCharacters))
        using_history()
        stifle_history(historyLimit)
        _ = read_history(historyPath)
        // Each line is appended as it is entered, so a killed session keeps its history.
        let descriptor = open(historyPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        if descriptor >= 0 { close(descriptor) }
    }

    /// The next line, or nil at end of input (Ctrl-D). `fresh` is the prompt to show after
    /// Ctrl-C drops the line (where `prompt` continues a statement).
    static func readLine(prompt: String, fresh: String) -> String? {
        free(freshPrompt)
        freshPrompt = strdup(fresh)
        guard let raw = reading({ readline(prompt) }) else { return nil }
        defer { free(raw) }
        let line = String(cString: raw)
        // A key typed with `open FILE --key KEY` never reaches the history file.
        let revealsKey = line.split(whereSeparator: \.isWhitespace).contains("--key")
        if !line.trimmingCharacters().isEmpty && !revealsKey {
            let previous = history_length > 0 ? history_get(history_base + history_length - 1) : nil
            if previous.map({ String(cString: $0.pointee.line) }) != line {
                add_history(line)
                _ = append_history(1, historyPath)
            }
        }
        return line
    }

    /// The answer to a question (kept out of the history), or nil at end of input.
    static func answer(prompt: String) -> String? {
        free(freshPrompt)
        freshPrompt = strdup(prompt)
        guard let raw = reading({ readline(prompt) }) else { return nil }
        defer { free(raw) }
        return String(cString: raw)
    }

    /// Runs readline with Ctrl-C dropping the line rather than stopping a command.
    private static func reading(_ body: () -> UnsafeMutablePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
        atPrompt.store(true, ordering: .relaxed)
        defer { atPrompt.store(false, ordering: .relaxed) }
        return body()
    }

    /// Whether Ctrl-C dropped a line since the last call.
    static func takeDiscarded() -> Bool {
        discarded.exchange(false, ordering: .relaxed)
    }

    /// The prompt for the next line of a statement that goes on, as wide as `prompt`.
    static func continuationPrompt(for prompt: String) -> String {
        String(repeating: " ", count: max(0, prompt.count - 5)) + "...> "
    }

    static let historyLimit: Int32 = 2000

    static func finish() {
        _ = history_truncate_file(historyPath, historyLimit)
    }

    private static let complete: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, start, end in
        guard let session = LineEditor.session, let buffer = rl_line_buffer else { return nil }
        // Completion looks at the line up to the cursor; offsets from readline are in bytes.
        let bytes = Array(String(cString: buffer).utf8)
        let line = String(decoding: bytes.prefix(Int(end)), as: UTF8.self)
        let readlineStart = String(decoding: bytes.prefix(Int(start)), as: UTF8.self).count
        // Our word may start earlier (break characters inside brackets do not count); readline
        // replaces only from its own start, so candidates lose the part before it.
        let wordStart = min(Completer.wordStart(in: line), readlineStart)
        guard let whole = Completer.candidates(line: line, wordStart: wordStart, session: session) else {
            return nil
        }
        let skipped = String(line.dropFirst(wordStart).prefix(readlineStart - wordStart))
        let candidates = whole.filter { $0.hasPrefix(skipped) }.map { String($0.dropFirst(skipped.count)) }
        rl_attempted_completion_over = 1
        // `SORT(` and `category.` go on without a space.
        if candidates.count == 1, let last = candidates[0].last, "(.".contains(last) { rl_completion_suppress_append = 1 }
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
