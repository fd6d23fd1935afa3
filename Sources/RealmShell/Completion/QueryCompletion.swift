import RealmFormat

/// What may come next inside a Realm query, from the text typed so far: a key path where an
/// operand starts, an operator after a key path (only those its type supports), a literal
/// after an operator, `AND`/`OR`/`SORT(`... after a comparison, and inside `SORT(...)` and
/// `DISTINCT(...)` key paths and `ASC`/`DESC`.
///
/// The query is unfinished while it is typed, so this reads it with a forgiving scanner of its
/// own rather than the query parser, which would reject it.
struct QueryCompletion {
    let table: Table
    let keyPaths: KeyPathCompletion
    /// `update CLASS QUERY SET PROP = VALUE` also offers `SET` after a comparison.
    var allowsSet = false

    enum Expectation: Equatable {
        case operand
        case comparison(path: String)
        case value(path: String?)
        case connective
        case orderingPath(sort: Bool)
        case orderingDirection
        case orderingNext
        case limitCount
        /// After `SORT(...)`, `DISTINCT(...)` or `LIMIT(...)`: only another of those.
        case clause
        case assignmentProperty
        case assignmentEquals
        case assignmentValue(property: String)
    }

    static let operandKeywords = ["NOT", "ANY", "ALL", "NONE", "SUBQUERY(", "TRUEPREDICATE", "FALSEPREDICATE"]
    static let stringOperators = ["BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE"]
    static let orderOperators = ["<", "<=", ">", ">=", "BETWEEN"]
    static let equalityOperators = ["==", "!=", "IN"]
    static let comparisonWords: Set<String> = ["BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "TEXT", "BETWEEN", "IN"]

    /// Candidates for `word` after the query text `before`.
    func candidates(before: String, word: String) -> [String] {
        candidates(forExpectation: expectation(after: before), word: word)
    }

    func candidates(forExpectation expectation: Expectation, word: String) -> [String] {
        switch expectation {
        case .operand:
            let paths = keyPaths.candidates(for: word, from: table)
            return word.contains(".") ? paths : paths + Self.matching(Self.operandKeywords, word)
        case let .comparison(path):
            return Self.matching(operators(for: path), word)
        case let .value(path):
            return Self.matching(values(for: path), word)
        case .connective:
            let keywords = ["AND", "OR", "SORT(", "DISTINCT(", "LIMIT("] + (allowsSet ? ["SET"] : [])
            return Self.matching(keywords, word)
        case .clause:
            return Self.matching(["SORT(", "DISTINCT(", "LIMIT("], word)
        case .orderingPath:
            return keyPaths.candidates(for: word, from: table)
        case .orderingDirection:
            return Self.matching(["ASC", "DESC"], word)
        case .orderingNext, .limitCount, .assignmentEquals:
            return []
        case .assignmentProperty:
            return table.columns.map(\.name).filter { $0.hasPrefix(word) }
        case let .assignmentValue(property):
            return Self.matching(values(for: property), word)
        }
    }

    /// Reads the tokens of `text` and says what the next one should be.
    func expectation(after text: String) -> Expectation {
        var expectation = Expectation.operand
        /// What each open parenthesis belongs to: a group, or an ordering clause.
        var parentheses: [Expectation] = []
        var pendingClause: String?
        var inAssignments = false
        for token in QueryScanner.tokens(in: text) {
            switch token {
            case let .word(raw):
                let upper = QueryScanner.stripOptions(raw).uppercased()
                if case .assignmentProperty = expectation { expectation = .assignmentEquals; continue }
                if case .assignmentEquals = expectation { continue }
                if case .assignmentValue = expectation { expectation = .connective; continue }
                if case .orderingPath(let sort) = expectation { expectation = sort ? .orderingDirection : .orderingNext; continue }
                if expectation == .orderingDirection || expectation == .orderingNext { expectation = .orderingNext; continue }
                if expectation == .limitCount { expectation = .orderingNext; continue }
                switch upper {
                case "AND", "OR", "NOT", "ANY", "ALL", "NONE", "SOME":
                    expectation = .operand
                case _ where ["SORT", "DISTINCT", "LIMIT"].contains(upper) && (expectation == .connective || expectation == .clause):
                    pendingClause = upper
                    expectation = .orderingNext
                case "SET" where allowsSet && expectation == .connective:
                    expectation = .assignmentProperty
                    inAssignments = true
                case "TRUEPREDICATE", "FALSEPREDICATE":
                    expectation = .connective
                case _ where Self.comparisonWords.contains(upper):
                    if case let .comparison(path) = expectation { expectation = .value(path: path) } else { expectation = .value(path: nil) }
                case "TRUE", "FALSE", "NIL", "NULL":
                    expectation = expectation == .operand ? .comparison(path: "") : .connective
                default:
                    if case .value = expectation { expectation = .connective } else { expectation = .comparison(path: raw) }
                }
            case .literal:
                switch expectation {
                case .value, .assignmentValue: expectation = .connective
                case .limitCount, .orderingNext: expectation = .orderingNext
                default: expectation = .comparison(path: "")
                }
            case .comparisonSymbol:
                if case .assignmentEquals = expectation {
                    expectation = .assignmentValue(property: "")
                } else if case let .comparison(path) = expectation {
                    expectation = .value(path: path)
                } else {
                    expectation = .value(path: nil)
                }
            case .logicalSymbol:
                expectation = .operand
            case .open:
                if let clause = pendingClause {
                    parentheses.append(.orderingNext)
                    expectation = clause == "LIMIT" ? .limitCount : .orderingPath(sort: clause == "SORT")
                    pendingClause = nil
                } else {
                    parentheses.append(.connective)
                    expectation = .operand
                }
            case .close:
                let owner = parentheses.popLast() ?? .connective
                expectation = owner == .orderingNext ? .clause : .connective
            case .comma:
                if inAssignments {
                    expectation = .assignmentProperty
                } else if let owner = parentheses.last, owner == .orderingNext {
                    expectation = .orderingPath(sort: true)
                } else if expectation == .assignmentEquals || expectation == .connective {
                    expectation = .operand
                }
            }
        }
        // `SET prop = ` inside update: remember the property for the value's candidates.
        if case .assignmentValue = expectation, let property = QueryScanner.lastAssignedProperty(in: text) {
            return .assignmentValue(property: property)
        }
        return expectation
    }

    /// Operators the property at `path` supports: strings and binaries match by text, numbers
    /// and dates compare by order, everything by (in)equality; `@count` and friends are numbers.
    func operators(for path: String) -> [String] {
        let last = KeyPathCompletion.segments(of: path).last.map(KeyPathCompletion.stripSubscript) ?? ""
        if ["@count", "@size", "@min", "@max", "@sum", "@avg"].contains(last) { return Self.equalityOperators + Self.orderOperators }
        guard let column = keyPaths.column(at: path, from: table) else {
            return Self.equalityOperators + Self.orderOperators + Self.stringOperators
        }
        switch column.type {
        case .string:
            return Self.equalityOperators + Self.orderOperators + Self.stringOperators + (column.isFullTextIndexed ? ["TEXT"] : [])
        case .binary:
            return Self.equalityOperators + Self.stringOperators
        case .int, .float, .double, .decimal128, .timestamp, .objectId, .uuid:
            return Self.equalityOperators + Self.orderOperators
        case .mixed:
            return Self.equalityOperators + Self.orderOperators + Self.stringOperators
        default:
            return Self.equalityOperators
        }
    }

    /// Literals that fit the property: `true`/`false` for booleans, `nil` where null can be stored.
    func values(for path: String?) -> [String] {
        guard let path, let column = keyPaths.column(at: path, from: table) else { return [] }
        var values: [String] = []
        if column.type == .bool { values += ["true", "false"] }
        if column.isNullable || column.isLink || column.type == .mixed { values.append("nil") }
        return values
    }

    /// Keywords whose start the user typed, in any case; they are inserted as written here.
    static func matching(_ keywords: [String], _ word: String) -> [String] {
        keywords.filter { $0.lowercased().hasPrefix(word.lowercased()) }
    }
}
