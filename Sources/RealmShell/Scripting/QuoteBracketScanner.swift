import RealmInterchange

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
