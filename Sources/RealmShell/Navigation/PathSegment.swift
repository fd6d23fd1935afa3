import RealmInterchange

/// One part of a key path as typed: a name (a class or a property, possibly empty) followed by
/// subscripts: `Specimen[3]`, `category`, `tasks[2]`, `intDict["a"]`.
public struct PathSegment: Equatable {
    public let name: String
    /// The text inside each `[...]`, trimmed.
    public let subscripts: [String]

    public init(name: String, subscripts: [String]) {
        self.name = name
        self.subscripts = subscripts
    }

    /// Splits `Specimen[3].category.tasks[0]` at the dots outside brackets and quotes.
    public static func parse(_ text: String) throws(BrowserError) -> [PathSegment] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var quote: Character?
        var escaped = false
        for character in text {
            if let open = quote {
                // A backslash escapes the next character, as in the query language's strings
                // (`dict["a\"]"]` is the key `a"]`).
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == open { quote = nil }
                current.append(character)
                continue
            }
            switch character {
            case "\"" where depth > 0, "'" where depth > 0: quote = character
            case "[": depth += 1
            case "]":
                guard depth > 0 else { throw .invalidAddress(text, reason: "a ']' without its '['") }
                depth -= 1
            case "." where depth == 0:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        guard quote == nil, depth == 0 else { throw .invalidAddress(text, reason: "an unclosed '[' or quote") }
        parts.append(current)
        var segments: [PathSegment] = []
        for part in parts {
            segments.append(try segment(part.trimmingWhitespace(), in: text))
        }
        return segments
    }

    private static func segment(_ part: String, in text: String) throws(BrowserError) -> PathSegment {
        guard !part.isEmpty else { throw .invalidAddress(text, reason: "an empty step in the path") }
        guard let open = part.firstIndex(of: "[") else { return PathSegment(name: part, subscripts: []) }
        let name = String(part[..<open]).trimmingWhitespace()
        var subscripts: [String] = []
        var rest = Substring(part[open...])
        while !rest.isEmpty {
            guard rest.first == "[", let close = closingBracket(in: rest) else {
                throw .invalidAddress(text, reason: "unexpected '\(rest)' after '\(name)'")
            }
            subscripts.append(String(rest[rest.index(after: rest.startIndex)..<close]).trimmingWhitespace())
            rest = rest[rest.index(after: close)...].drop(while: \.isWhitespace)
        }
        return PathSegment(name: name, subscripts: subscripts)
    }

    /// The `]` matching the `[` at the start of `text`, skipping quoted text.
    private static func closingBracket(in text: Substring) -> Substring.Index? {
        var scanner = QuoteBracketScanner(honoursEscapes: true, squareBracketsOnly: true)
        for index in text.indices {
            let closes = scanner.quote == nil && text[index] == "]"
            _ = scanner.isPlain(text[index])
            if closes && scanner.depth == 0 { return index }
        }
        return nil
    }
}
