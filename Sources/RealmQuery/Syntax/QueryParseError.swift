/// Why a query could not be parsed, and where.
///
/// Every case carries the UTF-8 range of the offending text, so a front end can echo the query
/// with a caret under the problem (`annotated(query:)`), and tests can assert positions.
/// Messages say what was expected and, where a near miss is likely, what the user probably
/// meant (`did you mean 'BEGINSWITH'?`).
public enum QueryParseError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The grammar does not allow the token (or the end of the query) found at `range`.
    case unexpected(found: String, expected: String, range: SourceRange, hint: String?)
    /// Text that forms no token: an unknown character, an unterminated string, a bad escape.
    case invalidToken(message: String, range: SourceRange)
    /// A literal that is well formed but denotes nothing: month 13, 25 o'clock, an ObjectId
    /// with 23 digits, base64 that does not decode, a number too large for where it is used.
    case invalidLiteral(message: String, range: SourceRange)
    /// Parts that are each fine but cannot be combined: `[c]` after `<`, `ANY` before an
    /// aggregate, `BETWEEN` with three values, `@count` inside `SORT`.
    case invalidConstruct(message: String, range: SourceRange)
    /// Parentheses (or subqueries) nested deeper than `Parser.maximumDepth`.
    case tooDeeplyNested(range: SourceRange)

    /// Where the problem is, as UTF-8 byte offsets into the query.
    public var range: SourceRange {
        switch self {
        case let .unexpected(_, _, range, _),
             let .invalidToken(_, range),
             let .invalidLiteral(_, range),
             let .invalidConstruct(_, range),
             let .tooDeeplyNested(range):
            return range
        }
    }

    /// The UTF-8 byte offset of the problem (the start of `range`).
    public var offset: Int { range.start }

    /// What went wrong, without the position.
    public var message: String {
        switch self {
        case let .unexpected(found, expected, _, hint):
            return "expected \(expected), found \(found)" + (hint.map { "; \($0)" } ?? "")
        case let .invalidToken(message, _), let .invalidLiteral(message, _), let .invalidConstruct(message, _):
            return message
        case .tooDeeplyNested:
            return "the query nests parentheses or subqueries more than \(Parser.maximumDepth) deep"
        }
    }

    public var description: String { message }

    /// The line of `query` holding the problem, and under it a caret at the problem followed
    /// by the message:
    ///
    ///     name BEGINSWTIH 'b'
    ///          ^ expected an operator after 'name', found 'BEGINSWTIH'; did you mean 'BEGINSWITH'?
    public func annotated(query: String) -> String {
        CaretDiagnostic.render(query: query, range: range, message: message)
    }
}
