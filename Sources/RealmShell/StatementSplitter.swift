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
        guard let space = trimmed.firstIndex(where: \.isWhitespace) else { return (trimmed, "") }
        return (String(trimmed[..<space]), String(trimmed[space...]).trimmingWhitespace())
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

/// Follows quotes and brackets one character at a time, so the statement splitter, the
/// completer and the command and path parsers share one notion of "outside quotes and
/// brackets" instead of each keeping a copy of the same loop.
///
/// The options keep each caller's exact rules: whether a backslash escapes the next character
/// inside quotes, whether `(` and `{` nest like `[`, and whether an unmatched closing bracket
/// is ignored (clamped at zero) or drives the depth negative.
struct QuoteBracketScanner {
    /// A backslash inside quotes escapes the next character (so `'it\'s'` stays one quote).
    let honoursEscapes: Bool
    /// Only `[` and `]` nest; `(`, `{` and their closers are plain characters.
    let squareBracketsOnly: Bool
    /// An unmatched closing bracket leaves the depth at zero instead of going negative.
    let clampsDepth: Bool
    private(set) var depth = 0
    private(set) var quote: Character?
    private var escaped = false

    init(honoursEscapes: Bool = false, squareBracketsOnly: Bool = false, clampsDepth: Bool = false) {
        self.honoursEscapes = honoursEscapes
        self.squareBracketsOnly = squareBracketsOnly
        self.clampsDepth = clampsDepth
    }

    /// Takes in `character`; true when it is an ordinary character outside quotes (not a quote
    /// mark or a bracket), so callers test `depth == 0` to find top-level separators.
    mutating func isPlain(_ character: Character) -> Bool {
        if let open = quote {
            if honoursEscapes && escaped {
                escaped = false
            } else if honoursEscapes && character == "\\" {
                escaped = true
            } else if character == open {
                quote = nil
            }
            return false
        }
        switch character {
        case "\"", "'":
            quote = character
            return false
        case "[":
            depth += 1
            return false
        case "]":
            depth = clampsDepth ? max(0, depth - 1) : depth - 1
            return false
        case "(" where !squareBracketsOnly, "{" where !squareBracketsOnly:
            depth += 1
            return false
        case ")" where !squareBracketsOnly, "}" where !squareBracketsOnly:
            depth = clampsDepth ? max(0, depth - 1) : depth - 1
            return false
        default:
            return true
        }
    }
}
