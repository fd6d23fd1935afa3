/// Key paths, their subscripts and what may end them, and the SORT/DISTINCT/LIMIT clauses
/// (which take key paths).
extension Parser {
    /// What ends a key path in a value: `.@count`/`.@size`/`.@type`, or an aggregate.
    enum PathEnding {
        case operation(PathOperation, SourceRange)
        case aggregate(AggregateFunction, property: String?, SourceRange)

        var range: SourceRange {
            switch self {
            case let .operation(_, range), let .aggregate(_, _, range): return range
            }
        }
    }

    /// A dotted path; when `allowEnding`, also the operation or aggregate that ends it.
    /// `clause` names the descriptor (SORT, DISTINCT) the path is in, for messages.
    mutating func parseKeyPath(allowEnding: Bool, clause: String?) throws(QueryParseError) -> (KeyPath, PathEnding?) {
        var components = [try parseComponent()]
        func path() -> KeyPath {
            KeyPath(components: components, range: components[0].range.union(components[components.count - 1].range))
        }
        while current.kind == .symbol(.dot) {
            let next = peek(1)
            if case let .atOperator(op) = next.kind, op != .links, op != .keys, op != .values {
                guard allowEnding else {
                    throw .invalidConstruct(message: "\(clause ?? "this clause") takes property paths; '\(op.rawValue)' cannot be used in it",
                                            range: next.range)
                }
                advance()
                advance()
                return (path(), try parseEnding(op, at: next))
            }
            advance()
            components.append(try parseComponent())
        }
        return (path(), nil)
    }

    private mutating func parseEnding(_ op: AtOperator, at token: Token) throws(QueryParseError) -> PathEnding {
        let function: AggregateFunction
        switch op {
        case .count: return .operation(.count, token.range)
        case .size: return .operation(.size, token.range)
        case .type: return .operation(.type, token.range)
        case .min: function = .min
        case .max: function = .max
        case .sum: function = .sum
        default: function = .average
        }
        guard current.kind == .symbol(.dot) else { return .aggregate(function, property: nil, token.range) }
        advance()
        guard case let .word(property) = current.kind else {
            throw unexpected("the property to aggregate after '\(op.rawValue).', as in items.\(op.rawValue).price")
        }
        let propertyToken = advance()
        return .aggregate(function, property: property, token.range.union(propertyToken.range))
    }

    private mutating func parseComponent() throws(QueryParseError) -> KeyPathComponent {
        let token = current
        var kind: KeyPathComponent.Kind
        var range = token.range
        switch token.kind {
        case let .word(name):
            advance()
            kind = .property(name)
        case .atOperator(.links):
            advance()
            kind = .allBacklinks
            if current.kind == .symbol(.dot), case let .word(className) = peek(1).kind {
                guard peek(2).kind == .symbol(.dot), case let .word(property) = peek(3).kind else {
                    throw .invalidConstruct(message: "write @links.\(className).property, naming the property of \(className) that links here",
                                            range: token.range.union(peek(1).range))
                }
                range = token.range.union(peek(3).range)
                for _ in 0..<4 { advance() }
                kind = .backlinks(className: className, property: property)
            }
        case .atOperator(.keys):
            advance()
            kind = .dictionaryKeys
        case .atOperator(.values):
            advance()
            kind = .dictionaryValues
        case .keyword:
            throw unexpected("a property name", hint: "'\(token.text)' is a reserved word and cannot name a property")
        default:
            throw unexpected("a property name")
        }
        var subscripts: [Subscript] = []
        while current.kind == .symbol(.leftBracket) {
            let (value, close) = try parseSubscript()
            subscripts.append(value)
            range = range.union(close.range)
        }
        return KeyPathComponent(kind: kind, subscripts: subscripts, range: range)
    }

    /// `[3]`, `['key']`, `[$0]`, `[FIRST]`, `[LAST]`, `[SIZE]`, `[*]`.
    private mutating func parseSubscript() throws(QueryParseError) -> (Subscript, Token) {
        let open = advance()
        let token = current
        let value: Subscript
        switch token.kind {
        case let .number(number) where number.isNatural:
            guard let position = Int(number.text) else {
                throw .invalidLiteral(message: "list index \(number.text) is too large", range: token.range)
            }
            value = .index(position)
        case .number:
            throw .invalidConstruct(message: "a list index is a non-negative whole number (or FIRST, LAST, SIZE, *)", range: token.range)
        case let .string(key): value = .key(key)
        case let .argument(argument): value = .argument(argument)
        case .symbol(.star): value = .wildcard
        case let .word(word) where [.first, .last, .size].contains(ContextualKeyword.match(word)):
            switch ContextualKeyword.match(word) {
            case .first?: value = .first
            case .last?: value = .last
            default: value = .size
            }
        default:
            throw unexpected("an index, a 'key', $n, FIRST, LAST, SIZE or * inside '[…]'")
        }
        advance()
        let close = try expect(.rightBracket, "to close the '[' at \(position(of: open))")
        return (value, close)
    }

    // MARK: - SORT, DISTINCT, LIMIT

    /// The clause keyword at the current token, when it is followed by `(`.
    func descriptorKeyword() -> ContextualKeyword? {
        guard case let .word(word) = current.kind, peek(1).kind == .symbol(.leftParenthesis),
              let keyword = ContextualKeyword.match(word), [.sort, .distinct, .limit].contains(keyword) else { return nil }
        return keyword
    }

    mutating func parseDescriptor() throws(QueryParseError) -> Descriptor {
        let keywordToken = advance()
        let keyword = ContextualKeyword.match(keywordToken.text) ?? .limit
        _ = try expect(.leftParenthesis, "after \(keyword.rawValue)")
        let kind: Descriptor.Kind
        switch keyword {
        case .sort:
            var keys: [SortKey] = []
            repeat {
                if !keys.isEmpty { advance() }
                let (path, _) = try parseKeyPath(allowEnding: false, clause: "SORT")
                keys.append(SortKey(path: path, ascending: try parseDirection(after: path)))
            } while current.kind == .symbol(.comma)
            kind = .sort(keys)
        case .distinct:
            var paths: [KeyPath] = []
            repeat {
                if !paths.isEmpty { advance() }
                paths.append(try parseKeyPath(allowEnding: false, clause: "DISTINCT").0)
            } while current.kind == .symbol(.comma)
            kind = .distinct(paths)
        default:
            guard case let .number(number) = current.kind, number.isNatural else {
                throw unexpected("a non-negative whole number in LIMIT(…)")
            }
            guard let limit = Int(number.text) else {
                throw .invalidLiteral(message: "LIMIT \(number.text) is too large", range: current.range)
            }
            advance()
            kind = .limit(limit)
        }
        let close = try expect(.rightParenthesis, "to close \(keyword.rawValue)( at \(position(of: keywordToken))")
        return Descriptor(kind, range: keywordToken.range.union(close.range))
    }

    private mutating func parseDirection(after path: KeyPath) throws(QueryParseError) -> Bool {
        if case let .word(word) = current.kind {
            switch ContextualKeyword.match(word) {
            case .asc?, .ascending?:
                advance()
                return true
            case .desc?, .descending?:
                advance()
                return false
            default:
                let suggestion = SpellingSuggester.suggestion(for: word, among: ["ASC", "DESC", "ASCENDING", "DESCENDING"])
                throw unexpected("ASC or DESC after '\(abbreviated(path.range))' in SORT", hint: suggestion.map { "did you mean '\($0)'?" })
            }
        }
        throw unexpected("ASC or DESC after '\(abbreviated(path.range))' in SORT", hint: "Realm requires a direction for every sort key")
    }
}
