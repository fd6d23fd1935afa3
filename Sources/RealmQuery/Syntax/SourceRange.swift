/// A span of the query text, as UTF-8 byte offsets (`start` included, `end` excluded).
///
/// Every token and AST node keeps one, so that errors found later (by the parser, or by an
/// evaluator that knows the schema) can point at the exact place in what the user typed.
/// Byte offsets are exact and cheap; `characterOffset(in:)` converts for display.
public struct SourceRange: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    /// An empty range at `offset` (used for "found the end of the query").
    public static func at(_ offset: Int) -> SourceRange { SourceRange(start: offset, end: offset) }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }

    public var length: Int { end - start }

    public var description: String { "\(start)..<\(end)" }

    /// The text this range covers in `query` (empty if it does not fit, e.g. a range from
    /// another query, or one that would split a character).
    public func text(in query: String) -> String {
        let utf8 = query.utf8
        guard start >= 0, end <= utf8.count, start <= end else { return "" }
        let lower = utf8.index(utf8.startIndex, offsetBy: start)
        let upper = utf8.index(lower, offsetBy: end - start)
        return String(query.utf8[lower..<upper]) ?? ""
    }

    /// How many characters (extended grapheme clusters) of `query` precede `start`.
    public func characterOffset(in query: String) -> Int {
        var consumed = 0
        var characters = 0
        for character in query {
            if consumed >= start { break }
            consumed += character.utf8.count
            characters += 1
        }
        return characters
    }
}
