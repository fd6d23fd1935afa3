/// A recursive-descent parser for the Realm Query Language (realm-core 14's grammar, without
/// the geospatial operators), producing a `Query`.
///
/// Precedence, loosest first: `OR`/`||`, `AND`/`&&`, `NOT`/`!`, then a comparison, a
/// parenthesised predicate or `TRUEPREDICATE`/`FALSEPREDICATE`. In a comparison's operands
/// `*` and `/` bind tighter than `+` and `-`. A `(` can open either a predicate or an
/// arithmetic expression (`(a + b) * 2 > 3`); the parser tries the predicate reading first
/// and falls back to the expression reading, reporting whichever error got further.
///
/// The grammar (keywords in capitals; see `Lexer` for how they may be spelled):
///
///     query      = or { SORT "(" path direction {"," path direction} ")"
///                     | DISTINCT "(" path {"," path} ")" | LIMIT "(" natural ")" }
///     or         = and { ("OR" | "||") and }
///     and        = not { ("AND" | "&&") not }
///     not        = ("NOT" | "!") not | atom
///     atom       = TRUEPREDICATE | FALSEPREDICATE | "(" or ")" | comparison
///     comparison = expr compareOp [options] expr | expr BETWEEN "{" constant "," constant "}"
///     compareOp  = "==" | "=" | "!=" | "<>" | "<" | "<=" | "=<" | ">" | ">=" | "=>"
///                | IN | BEGINSWITH | ENDSWITH | CONTAINS | LIKE | TEXT
///     options    = "[c]" | "[d]" | "[cd]"      (not after <, <=, >, >=, TEXT)
///     expr       = term { ("+" | "-") term };   term = operand { ("*" | "/") operand }
///     operand    = constant | "(" expr ")" | list | quantifier (path [pathOp] | list | argument)
///                | path [pathOp | aggregate] | SUBQUERY "(" path "," $var "," or ")" "." ("@count" | "@size")
///     list       = "{" [constant {"," constant}] "}"
///     constant   = number | string | date | B64"…" | oid(…) | uuid(…) | true | false | null
///                | O<key> | L<table>:<key> | obj("Class", key) | argument
///     path       = component {"." component};  component = (name | "@links" ["." Class "." property]
///                | "@keys" | "@values") {"[" (natural | string | argument | FIRST | LAST | SIZE | "*") "]"}
///     pathOp     = "." ("@count" | "@size" | "@type");  aggregate = "." ("@min" | "@max" | "@sum" | "@avg") ["." name]
///     quantifier = ANY | SOME | ALL | NONE;  direction = ASC | ASCENDING | DESC | DESCENDING
public struct Parser {
    /// Deepest nesting of parentheses, NOT and subqueries accepted, so that hostile input
    /// cannot exhaust the stack.
    public static let maximumDepth = 100

    let tokens: [Token]
    let source: String
    var index = 0
    var depth = 0

    public init(text: String) throws(QueryParseError) {
        tokens = try Lexer.tokenize(text)
        source = text
    }

    /// A parser over tokens already read from `text` (`QueryArguments.parse` lexes once).
    init(tokens: [Token], text: String) {
        self.tokens = tokens
        source = text
    }

    /// The whole query: a predicate, then any number of SORT/DISTINCT/LIMIT clauses.
    public mutating func parseQuery() throws(QueryParseError) -> Query {
        if let clause = descriptorKeyword() {
            throw .invalidConstruct(
                message: "a query needs a predicate before \(clause.rawValue); to keep every object write TRUEPREDICATE \(clause.rawValue)(…)",
                range: current.range)
        }
        if current.kind == .end {
            throw unexpected("a predicate, such as name == 'x' or TRUEPREDICATE")
        }
        let predicate = try parseOr()
        var descriptors: [Descriptor] = []
        while descriptorKeyword() != nil {
            descriptors.append(try parseDescriptor())
        }
        guard current.kind == .end else { throw unexpectedAfterPredicate() }
        return Query(predicate: predicate, descriptors: descriptors)
    }

    // MARK: - Predicates

    mutating func parseOr() throws(QueryParseError) -> Predicate {
        var operands = [try parseAnd()]
        while current.kind == .keyword(.or) {
            advance()
            operands.append(try parseAnd())
        }
        return combine(operands, or: true)
    }

    private mutating func parseAnd() throws(QueryParseError) -> Predicate {
        var operands = [try parseNot()]
        while current.kind == .keyword(.and) {
            advance()
            operands.append(try parseNot())
        }
        return combine(operands, or: false)
    }

    /// Flattens nested chains of the same operator (`a AND (b AND c)` has three operands).
    private func combine(_ operands: [Predicate], or: Bool) -> Predicate {
        guard operands.count > 1, let first = operands.first, let last = operands.last else { return operands[0] }
        var flat: [Predicate] = []
        for operand in operands {
            switch (operand.kind, or) {
            case let (.or(inner), true), let (.and(inner), false): flat.append(contentsOf: inner)
            default: flat.append(operand)
            }
        }
        return Predicate(or ? .or(flat) : .and(flat), range: first.range.union(last.range))
    }

    private mutating func parseNot() throws(QueryParseError) -> Predicate {
        guard current.kind == .keyword(.not) else { return try parseAtom() }
        let notToken = advance()
        try enterNesting(at: notToken)
        defer { depth -= 1 }
        let operand = try parseNot()
        return Predicate(.not(operand), range: notToken.range.union(operand.range))
    }

    private mutating func parseAtom() throws(QueryParseError) -> Predicate {
        switch current.kind {
        case .keyword(.truePredicate):
            return Predicate(.constant(true), range: advance().range)
        case .keyword(.falsePredicate):
            return Predicate(.constant(false), range: advance().range)
        case .symbol(.leftParenthesis):
            return try parseParenthesized()
        default:
            return try parseComparison()
        }
    }

    /// `( predicate )`, or a comparison whose left operand starts with `(`.
    private mutating func parseParenthesized() throws(QueryParseError) -> Predicate {
        let start = index
        let open = current
        try enterNesting(at: open)
        defer { depth -= 1 }
        advance()
        let predicateError: QueryParseError
        do {
            let inner = try parseOr()
            if current.kind == .symbol(.rightParenthesis) {
                let close = advance()
                return Predicate(inner.kind, range: open.range.union(close.range))
            }
            predicateError = unexpected("')' to close the '(' at \(position(of: open))")
        } catch {
            predicateError = error
        }
        index = start
        do {
            return try parseComparison()
        } catch {
            throw error.offset > predicateError.offset ? error : predicateError
        }
    }

    private mutating func parseComparison() throws(QueryParseError) -> Predicate {
        let left = try parseExpression()
        let operatorToken = current
        let choice = try parseComparisonOperator(after: left)
        var operatorRange = operatorToken.range
        var options: StringOptions = []
        if case let .stringOptions(written) = current.kind {
            let acceptsOptions: Bool
            if case let .comparison(op) = choice { acceptsOptions = op.acceptsStringOptions } else { acceptsOptions = false }
            guard acceptsOptions else {
                throw .invalidConstruct(
                    message: "'\(current.text)' cannot follow '\(operatorToken.text)'; string options apply to ==, !=, IN, BEGINSWITH, ENDSWITH, CONTAINS and LIKE",
                    range: current.range)
            }
            options = written
            operatorRange = operatorRange.union(advance().range)
        }
        if current.kind == .end {
            throw unexpected("a value after '\(operatorRange.text(in: source))'")
        }
        let predicate: Predicate
        switch choice {
        case .between:
            let (lower, upper, listRange) = try parseBetweenBounds(operatorToken: operatorToken)
            let between = Between(value: left, lower: lower, upper: upper, operatorRange: operatorRange)
            predicate = Predicate(.between(between), range: left.range.union(listRange))
        case let .comparison(op):
            let right = try parseExpression()
            let comparison = Comparison(left: left, op: op, options: options, right: right, operatorRange: operatorRange)
            predicate = Predicate(.comparison(comparison), range: left.range.union(right.range))
        }
        if comparisonOperator(at: current) != nil {
            throw .invalidConstruct(message: "comparisons cannot be chained; join them with AND, as in a < b AND b < c",
                                    range: current.range)
        }
        return predicate
    }

    enum OperatorChoice {
        case comparison(ComparisonOperator)
        case between
    }

    func comparisonOperator(at token: Token) -> OperatorChoice? {
        switch token.kind {
        case let .comparison(op):
            return .comparison(op)
        case let .word(word):
            switch ContextualKeyword.match(word) {
            case .beginsWith?: return .comparison(.beginsWith)
            case .endsWith?: return .comparison(.endsWith)
            case .contains?: return .comparison(.contains)
            case .like?: return .comparison(.like)
            case .text?: return .comparison(.text)
            case .in?: return .comparison(.in)
            case .between?: return .between
            default: return nil
            }
        default:
            return nil
        }
    }

    private mutating func parseComparisonOperator(after left: Expression) throws(QueryParseError) -> OperatorChoice {
        if let choice = comparisonOperator(at: current) {
            advance()
            return choice
        }
        let leftText = abbreviated(left.range)
        throw unexpected("an operator after '\(leftText)'", hint: operatorHint(after: left))
    }

    /// A likely fix when no operator follows `left`.
    private func operatorHint(after left: Expression) -> String? {
        if case let .path(pathExpression) = left.kind, pathExpression.quantifier == nil, pathExpression.operation == nil,
           pathExpression.path.components.count == 1, pathExpression.path.components[0].subscripts.isEmpty,
           case let .property(name) = pathExpression.path.components[0].kind {
            let reserved = ["ANY", "SOME", "ALL", "NONE", "NOT", "TRUE", "FALSE"]
            if reserved.contains(name.uppercased()) {
                return "'\(name)' is a name here: Realm reads the keyword only as '\(name.uppercased())' or '\(name.lowercased())'"
            }
            if let keyword = SpellingSuggester.suggestion(for: name, among: ["TRUEPREDICATE", "FALSEPREDICATE", "SUBQUERY"]) {
                return "did you mean '\(keyword)'?"
            }
        }
        switch current.kind {
        case let .word(word):
            if word.uppercased() == "IN" { return "Realm spells the operator 'IN' or 'in'" }
            let operators = ContextualKeyword.operatorWords.map(\.rawValue)
            return SpellingSuggester.suggestion(for: word, among: operators).map { "did you mean '\($0)'?" }
        case .keyword(.not):
            return "to negate a comparison put NOT before it, as in NOT name CONTAINS 'x'"
        case .end:
            if case .path = left.kind { return "a property alone is not a condition; compare it, as in flag == true" }
            return nil
        default:
            return nil
        }
    }

    /// `{lower, upper}` after BETWEEN.
    private mutating func parseBetweenBounds(operatorToken: Token) throws(QueryParseError) -> (Expression, Expression, SourceRange) {
        guard current.kind == .symbol(.leftBrace) else {
            throw unexpected("'{lower, upper}' after BETWEEN")
        }
        let list = try parseList(quantifier: nil, start: current)
        guard case let .list(content) = list.kind, content.elements.count == 2 else {
            throw .invalidConstruct(message: "BETWEEN takes exactly two values, {lower, upper}", range: list.range)
        }
        return (content.elements[0], content.elements[1], list.range)
    }

    // MARK: - Token access and errors

    var current: Token { tokens[index] }

    func peek(_ offset: Int) -> Token {
        tokens[min(index + offset, tokens.count - 1)]
    }

    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    mutating func expect(_ symbol: Symbol, _ context: String) throws(QueryParseError) -> Token {
        guard current.kind == .symbol(symbol) else { throw unexpected("'\(symbol.rawValue)' \(context)") }
        return advance()
    }

    mutating func enterNesting(at token: Token) throws(QueryParseError) {
        guard depth < Self.maximumDepth else { throw .tooDeeplyNested(range: token.range) }
        depth += 1
    }

    func unexpected(_ expected: String, hint: String? = nil) -> QueryParseError {
        .unexpected(found: describe(current), expected: expected, range: current.range, hint: hint)
    }

    func describe(_ token: Token) -> String {
        switch token.kind {
        case .end: return "the end of the query"
        case .string: return "the string \(token.text)"
        default: return "'\(token.text)'"
        }
    }

    /// "character N" for a token, counting from 1, for messages that refer back to it.
    func position(of token: Token) -> String {
        "character \(token.range.characterOffset(in: source) + 1)"
    }

    /// The source text of `range`, shortened in the middle when long.
    func abbreviated(_ range: SourceRange) -> String {
        let text = range.text(in: source)
        guard text.count > 40 else { return text }
        return String(text.prefix(18)) + "…" + String(text.suffix(18))
    }

    private func unexpectedAfterPredicate() -> QueryParseError {
        var hint: String?
        switch current.kind {
        case .symbol(.rightParenthesis):
            hint = "this ')' has no matching '('"
        case let .word(word):
            if let clause = ContextualKeyword.match(word), [.sort, .distinct, .limit].contains(clause) {
                hint = "\(clause.rawValue) must be followed by '('"
            } else {
                hint = SpellingSuggester.suggestion(for: word, among: ["AND", "OR", "SORT", "DISTINCT", "LIMIT"]).map { "did you mean '\($0)'?" }
            }
        default:
            break
        }
        return unexpected("AND, OR, SORT, DISTINCT, LIMIT or the end of the query", hint: hint)
    }
}
