import RealmFormat

/// Splits `name == $0  "Bald eagle"` into the query and the values for `$0`, `$1`, ... typed
/// after it, so positional arguments work from the command line.
public enum QueryArguments {
    /// The query text and its trailing argument values. A query without `$n` is returned whole.
    public static func split(_ text: String) throws(QueryError) -> (query: String, arguments: [RealmValue]) {
        let tokens: [Token]
        do { tokens = try Lexer.tokenize(text) } catch { throw .syntax(error) }
        let usesArguments = tokens.contains { if case .argument = $0.kind { return true } else { return false } }
        guard usesArguments else { return (text, []) }
        // Take the fewest trailing literal tokens whose removal leaves a query that parses.
        let bytes = Array(text.utf8)
        let significant = tokens.filter { $0.kind != .end }
        var count = 1
        while count < significant.count {
            let trailing = significant.suffix(count)
            guard trailing.allSatisfy({ literal(of: $0) != nil }), let first = trailing.first else { break }
            let prefix = String(decoding: bytes[..<first.range.start], as: UTF8.self)
            if (try? Query.parse(prefix)) != nil {
                var values: [RealmValue] = []
                for token in trailing {
                    if let value = literal(of: token) { values.append(try LiteralValues.value(of: value, range: token.range)) }
                }
                return (prefix, values)
            }
            count += 1
        }
        return (text, [])
    }

    private static func literal(of token: Token) -> Literal? {
        switch token.kind {
        case let .number(number): return .number(number)
        case let .string(text): return .string(text)
        case let .binary(bytes): return .binary(bytes)
        case let .timestamp(time): return .timestamp(time)
        case let .objectId(bytes): return .objectId(bytes)
        case let .uuid(bytes): return .uuid(bytes)
        case .keyword(.true): return .bool(true)
        case .keyword(.false): return .bool(false)
        case .keyword(.null): return .null
        default: return nil
        }
    }
}
