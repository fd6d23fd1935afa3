import RealmInterchange

/// Joins input lines into whole statements: a long query may span several lines.
///
/// A statement goes on to the next line while a quote or a bracket (`(`, `[`, `{`) is open, or
/// when the line ends with `\` (which is dropped). The REPL shows a continuation prompt while
/// `isContinuing`; scripts (`-f`, piped input) join lines the same way, so a query pasted from
/// the terminal into a file runs the same.
public struct StatementAccumulator {
    private var pending: [String] = []

    public init() {}

    /// Whether the lines so far leave a statement open.
    public var isContinuing: Bool { !pending.isEmpty }

    /// Adds one line; returns the complete text when the statement (or statements) end on it.
    public mutating func add(_ line: String) -> String? {
        if pending.isEmpty, line.trimmingWhitespace().hasPrefix("#") { return line }
        if line.hasSuffix("\\"), !Self.hasOpenQuote(pending + [line]) {
            pending.append(String(line.dropLast()))
            return nil
        }
        pending.append(line)
        guard Self.isComplete(pending.joined(separator: "\n")) else { return nil }
        return flush()
    }

    /// The open statement as it stands (at the end of the input), or nil when none is open.
    public mutating func flush() -> String? {
        guard !pending.isEmpty else { return nil }
        defer { pending = [] }
        return pending.joined(separator: "\n")
    }

    /// Whether `text` closes every quote and bracket it opens.
    public static func isComplete(_ text: String) -> Bool {
        let state = scan(text)
        return state.quote == nil && state.depth == 0
    }

    static func hasOpenQuote(_ lines: [String]) -> Bool {
        scan(lines.joined(separator: "\n")).quote != nil
    }

    /// Quotes and bracket depth at the end of `text`, with the rules `StatementSplitter` uses
    /// (backslash escapes inside quotes; `#` after a space, outside quotes and brackets, starts a
    /// comment whose quotes and brackets open nothing: `count Dog  # Bob's`).
    static func scan(_ text: String) -> (quote: Character?, depth: Int) {
        var quote: Character?
        var depth = 0
        var escaped = false
        var inComment = false
        var previous: Character?
        for character in text {
            defer { previous = character }
            if inComment {
                if character == "\n" { inComment = false }
                continue
            }
            if escaped { escaped = false; continue }
            if let open = quote {
                if character == "\\" { escaped = true } else if character == open { quote = nil }
                continue
            }
            switch character {
            case "\"", "'": quote = character
            case "[", "(", "{": depth += 1
            case "]", ")", "}": depth = max(0, depth - 1)
            case "#" where depth == 0 && StatementSplitter.startsComment(after: previous): inComment = true
            default: break
            }
        }
        return (quote, depth)
    }
}
