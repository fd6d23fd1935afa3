/// Operands of comparisons: literals, arguments, key paths, lists, aggregates, subqueries and
/// arithmetic.
extension Parser {
    mutating func parseExpression() throws(QueryParseError) -> Expression {
        var left = try parseTerm()
        while case let .symbol(symbol) = current.kind, symbol == .plus || symbol == .minus {
            advance()
            let right = try parseTerm()
            left = Expression(.arithmetic(symbol == .plus ? .add : .subtract, left, right), range: left.range.union(right.range))
        }
        return left
    }

    private mutating func parseTerm() throws(QueryParseError) -> Expression {
        var left = try parseOperand()
        while case let .symbol(symbol) = current.kind, symbol == .star || symbol == .slash {
            advance()
            let right = try parseOperand()
            left = Expression(.arithmetic(symbol == .star ? .multiply : .divide, left, right), range: left.range.union(right.range))
        }
        return left
    }

    private mutating func parseOperand() throws(QueryParseError) -> Expression {
        if let constant = try parseConstant() { return constant }
        let token = current
        switch token.kind {
        case let .keyword(keyword) where keyword == .anyQuantifier || keyword == .allQuantifier || keyword == .noneQuantifier:
            return try parseQuantified()
        case .keyword(.subquery):
            return try parseSubquery()
        case .symbol(.leftBrace):
            return try parseList(quantifier: nil, start: token)
        case .symbol(.leftParenthesis):
            try enterNesting(at: token)
            defer { depth -= 1 }
            advance()
            let inner = try parseExpression()
            let close = try expect(.rightParenthesis, "to close the '(' at \(position(of: token))")
            return Expression(inner.kind, range: token.range.union(close.range))
        case .word, .atOperator(.links), .atOperator(.keys), .atOperator(.values):
            return try parsePathOperand(quantifier: nil, start: token)
        case let .atOperator(op):
            throw .invalidConstruct(message: "'\(op.rawValue)' must follow a key path, as in list.\(op.rawValue)", range: token.range)
        case .symbol(.minus), .symbol(.plus):
            throw unexpected("a value", hint: "write a signed number without a space, as in -5")
        default:
            throw unexpected("a value (a property, a constant such as 'text', 42 or null, or an argument such as $0)")
        }
    }

    /// A literal or `$n` at the current token, or nil when the token starts something else.
    mutating func parseConstant() throws(QueryParseError) -> Expression? {
        let token = current
        let literal: Literal
        switch token.kind {
        case let .number(number): literal = .number(number)
        case let .string(text): literal = .string(text)
        case let .binary(bytes): literal = .binary(bytes)
        case let .timestamp(timestamp): literal = .timestamp(timestamp)
        case let .objectId(bytes): literal = .objectId(bytes)
        case let .uuid(bytes): literal = .uuid(bytes)
        case let .objectLink(key): literal = .objectLink(objectKey: key)
        case let .typedLink(table, key): literal = .typedLink(tableKey: table, objectKey: key)
        case .keyword(.true): literal = .bool(true)
        case .keyword(.false): literal = .bool(false)
        case .keyword(.null): literal = .null
        case .keyword(.obj): return try parseObjectLiteral()
        case let .argument(argument):
            advance()
            return Expression(.argument(ArgumentReference(index: argument)), range: token.range)
        default: return nil
        }
        advance()
        return Expression(.literal(literal), range: token.range)
    }

    /// `obj('Class', primaryKey)`.
    private mutating func parseObjectLiteral() throws(QueryParseError) -> Expression {
        let start = advance()
        _ = try expect(.leftParenthesis, "after obj")
        guard case let .string(className) = current.kind else {
            throw unexpected("the class name as a string, as in obj('Person', 42)")
        }
        advance()
        _ = try expect(.comma, "after the class name in obj(…)")
        let keyToken = current
        let key: Literal
        switch keyToken.kind {
        case let .number(number) where number.form == .integer || number.form == .hexadecimal: key = .number(number)
        case let .string(text): key = .string(text)
        case let .objectId(bytes): key = .objectId(bytes)
        case let .uuid(bytes): key = .uuid(bytes)
        default: throw unexpected("a primary key (an integer, a string, an oid(…) or a uuid(…))")
        }
        advance()
        let close = try expect(.rightParenthesis, "to close obj(…)")
        return Expression(.literal(.object(className: className, primaryKey: key)), range: start.range.union(close.range))
    }

    /// `ANY`/`SOME`/`ALL`/`NONE` followed by a key path, a list or an argument.
    private mutating func parseQuantified() throws(QueryParseError) -> Expression {
        let keywordToken = advance()
        let quantifier: Quantifier
        switch keywordToken.kind {
        case .keyword(.allQuantifier): quantifier = .allMatch
        case .keyword(.noneQuantifier): quantifier = .noneMatch
        default: quantifier = .anyMatch
        }
        let token = current
        switch token.kind {
        case .symbol(.leftBrace):
            let list = try parseList(quantifier: quantifier, start: token)
            return Expression(list.kind, range: keywordToken.range.union(list.range))
        case let .argument(argument):
            advance()
            return Expression(.argument(ArgumentReference(index: argument, quantifier: quantifier)), range: keywordToken.range.union(token.range))
        case .word, .atOperator(.links), .atOperator(.keys), .atOperator(.values):
            return try parsePathOperand(quantifier: quantifier, start: keywordToken)
        default:
            throw unexpected("a key path, a list or an argument after \(keywordToken.text)")
        }
    }

    private mutating func parsePathOperand(quantifier: Quantifier?, start: Token) throws(QueryParseError) -> Expression {
        let (path, ending) = try parseKeyPath(allowEnding: true, clause: nil)
        let range = start.range.union(ending?.range ?? path.range)
        switch ending {
        case nil:
            return Expression(.path(PathExpression(quantifier: quantifier, path: path)), range: range)
        case let .operation(operation, _)?:
            return Expression(.path(PathExpression(quantifier: quantifier, path: path, operation: operation)), range: range)
        case let .aggregate(function, property, aggregateRange)?:
            if quantifier != nil {
                throw .invalidConstruct(message: "\(start.text) cannot apply to an aggregate such as \(function.rawValue); an aggregate is already a single value",
                                        range: start.range.union(aggregateRange))
            }
            return Expression(.aggregate(AggregateExpression(path: path, function: function, property: property, range: aggregateRange)), range: range)
        }
    }

    /// `{a, b, …}` of constants and arguments; `start` is the `{` (or the quantifier before it).
    mutating func parseList(quantifier: Quantifier?, start: Token) throws(QueryParseError) -> Expression {
        let open = try expect(.leftBrace, "to start a list")
        var elements: [Expression] = []
        if current.kind == .symbol(.rightBrace) {
            let close = advance()
            return Expression(.list(ListExpression(quantifier: quantifier, elements: [])), range: start.range.union(close.range))
        }
        while true {
            guard let element = try parseConstant() else {
                if case .word = current.kind {
                    throw .invalidConstruct(message: "a list holds only constants and $n arguments, not properties such as '\(current.text)'",
                                            range: current.range)
                }
                throw unexpected("a constant in the list opened at \(position(of: open))")
            }
            elements.append(element)
            if current.kind == .symbol(.comma) {
                advance()
                continue
            }
            guard current.kind == .symbol(.rightBrace) else {
                throw unexpected("',' or '}' in the list opened at \(position(of: open))")
            }
            let close = advance()
            return Expression(.list(ListExpression(quantifier: quantifier, elements: elements)), range: start.range.union(close.range))
        }
    }

    /// `SUBQUERY(collection, $variable, predicate).@count`.
    private mutating func parseSubquery() throws(QueryParseError) -> Expression {
        let start = advance()
        try enterNesting(at: start)
        defer { depth -= 1 }
        _ = try expect(.leftParenthesis, "after SUBQUERY")
        let (collection, ending) = try parseKeyPath(allowEnding: true, clause: nil)
        if let ending {
            throw .invalidConstruct(message: "SUBQUERY's first argument is the collection to filter, a plain key path", range: ending.range)
        }
        _ = try expect(.comma, "after the collection in SUBQUERY(collection, $x, predicate)")
        let variableToken = current
        guard case let .word(variable) = variableToken.kind, variable.hasPrefix("$"), variable.count > 1 else {
            throw unexpected("a variable name starting with '$' (as in SUBQUERY(items, $item, $item.price > 5))")
        }
        advance()
        _ = try expect(.comma, "after the variable in SUBQUERY(collection, \(variable), predicate)")
        let predicate = try parseOr()
        _ = try expect(.rightParenthesis, "to close the SUBQUERY( at \(position(of: start))")
        guard current.kind == .symbol(.dot), case .atOperator(let op) = peek(1).kind, op == .count || op == .size else {
            throw unexpected("'.@count' after SUBQUERY(…)", hint: "a subquery is a collection; compare its size, as in SUBQUERY(…).@count > 0")
        }
        advance()
        let end = advance()
        let subquery = Subquery(collection: collection, variable: variable, variableRange: variableToken.range, predicate: predicate)
        return Expression(.subqueryCount(subquery), range: start.range.union(end.range))
    }
}
