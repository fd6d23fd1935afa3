import RealmFormat

/// Splits `name == $0  "Bald eagle"` into the query and the values for `$0`, `$1`, ... typed
/// after it, so positional arguments work from the command line.
public enum QueryArguments {
    /// The query text and its trailing argument values. A query without `$n` is returned whole.
    public static func split(_ text: String) throws(QueryError) -> (query: String, arguments: [RealmValue]) {
        let tokens: [Token]
        do { tokens = try Lexer.tokenize(text) } catch { throw .syntax(error) }
        return try split(text, tokens: tokens)
    }

    /// `split`, parsed: the query and its trailing arguments. A query without `$n` (nearly
    /// every one) is lexed once and parsed from those tokens; a command's fixed cost was
    /// mostly reading the same text twice.
    public static func parse(_ text: String) throws(QueryError) -> (query: Query, arguments: [RealmValue]) {
        let tokens: [Token]
        do { tokens = try Lexer.tokenize(text) } catch { throw .syntax(error) }
        let usesArguments = tokens.contains { if case .argument = $0.kind { return true } else { return false } }
        if !usesArguments {
            var parser = Parser(tokens: tokens, text: text)
            do { return (try parser.parseQuery(), []) } catch { throw .syntax(error) }
        }
        let (query, arguments) = try split(text, tokens: tokens)
        do { return (try Query.parse(query), arguments) } catch { throw .syntax(error) }
    }

    private static func split(_ text: String, tokens: [Token]) throws(QueryError) -> (query: String, arguments: [RealmValue]) {
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

    /// One literal written as in a query (`'text'`, `42`, `-1.5`, `true`, `null`,
    /// `2015-03-01@12:00:00`, `oid(...)`, `uuid(...)`, `B64"..."`), as a value.
    public static func value(of text: String) throws(QueryError) -> RealmValue {
        let tokens: [Token]
        do { tokens = try Lexer.tokenize(text) } catch { throw .syntax(error) }
        let significant = tokens.filter { $0.kind != .end }
        let whole = SourceRange(start: 0, end: text.utf8.count)
        if significant.count == 2, case .symbol = significant[0].kind, significant[0].text == "-",
           case let .number(number) = significant[1].kind {
            switch try LiteralValues.value(of: .number(number), range: whole) {
            case let .int(value): return .int(0 &- value)
            case let .double(value): return .double(-value)
            default: break
            }
        }
        guard significant.count == 1, let literal = literal(of: significant[0]) else {
            throw .invalid(message: "expected one value, such as 'text', 42, true, null or 2015-03-01@12:00:00", range: whole)
        }
        return try LiteralValues.value(of: literal, range: whole)
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
