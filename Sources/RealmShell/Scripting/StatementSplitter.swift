import RealmInterchange

/// Splits a script line into statements and arguments, honouring quotes and brackets.
///
/// `-c "show Item[name = 'a;b']; info"` must run two commands, not three, so `;` only separates
/// statements outside quotes and brackets. Likewise `#` starts a comment (to the end of the
/// line) only outside quotes and brackets, and only after a space or at a statement's start, so
/// `count Dog   # how many` runs while `name == '#1'` and a path like `out#2.csv` keep their `#`
/// (the query language has no `#` operator).
public enum StatementSplitter {
    public static func statements(in text: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var scanner = QuoteBracketScanner(honoursEscapes: true, clampsDepth: true)
        var inComment = false
        for character in text {
            if inComment {
                guard character == "\n" else { continue }
                inComment = false
            }
            if scanner.isPlain(character) && scanner.depth == 0 {
                if character == "#" && startsComment(after: current.last) {
                    inComment = true
                    continue
                }
                if character == ";" {
                    statements.append(current)
                    current = ""
                    continue
                }
            }
            current.append(character)
        }
        statements.append(current)
        return statements.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// Whether a `#` outside quotes and brackets that follows `previous` (nil: nothing before
    /// it in the statement) starts a comment.
    static func startsComment(after previous: Character?) -> Bool {
        previous.map { $0.isWhitespace || $0 == ";" } ?? true
    }

    /// The first word and the rest of the line.
    public static func command(in statement: String) -> (name: String, arguments: String) {
        let trimmed = statement.trimmingWhitespace()
        guard let space = firstWhitespace(in: trimmed) else { return (trimmed, "") }
        return (String(trimmed[..<space]), String(trimmed[space...]).trimmingWhitespace())
    }

    /// Where the first whitespace Character starts. In ASCII text every Character is one byte
    /// but CR LF, which starts with its CR, so the bytes answer without Unicode properties
    /// (which were most of splitting a command from its arguments).
    static func firstWhitespace(in text: String) -> String.Index? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.firstIndex(where: \.isWhitespace) }
        return text.utf8.firstIndex { $0 == 0x20 || (0x09...0x0D).contains($0) }
    }

    /// Whitespace-separated words; quotes group words and are removed, brackets keep their content together.
    public static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var depth = 0
        var inWord = false
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            if character.isWhitespace && depth == 0 {
                if inWord { words.append(current) }
                current = ""
                inWord = false
                continue
            }
            inWord = true
            switch character {
            // Both quotes group words only outside brackets; inside, they stay part of the address.
            case "\"" where depth == 0, "'" where depth == 0: quote = character
            case "[": depth += 1; current.append(character)
            case "]": depth = max(0, depth - 1); current.append(character)
            default: current.append(character)
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
