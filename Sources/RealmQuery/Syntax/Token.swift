/// One lexical unit of a query, with the span of text it came from.
public struct Token: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A name: a property, a `$variable`, or a word that is a keyword only in some places
        /// (`BEGINSWITH`, `IN`, `SORT`, `ASC`, … are also valid property names in Realm).
        /// Backslash-escaped spaces are resolved (`first\ name` is `first name`).
        case word(String)
        /// A word that can never be a name.
        case keyword(Keyword)
        /// `@count`, `@size`, `@type`, `@min`, `@max`, `@sum`, `@avg`, `@links`, `@keys`, `@values`.
        case atOperator(AtOperator)
        /// `$0`, `$1`, …
        case argument(Int)
        case number(NumericLiteral)
        case string(String)
        case binary([UInt8])
        case timestamp(TimestampLiteral)
        case objectId([UInt8])
        case uuid([UInt8])
        case objectLink(Int64)
        case typedLink(tableKey: Int64, objectKey: Int64)
        /// `[c]`, `[d]`, `[cd]` after an operator.
        case stringOptions(StringOptions)
        case comparison(ComparisonOperator)
        case symbol(Symbol)
        case end
    }

    public var kind: Kind
    public var range: SourceRange
    /// The source text of the token, for messages.
    public var text: String

    public init(kind: Kind, range: SourceRange, text: String) {
        self.kind = kind
        self.range = range
        self.text = text
    }
}

/// Words Realm never accepts as names, with the spellings its lexer accepts:
/// `and`/`or`/`truepredicate`/`falsepredicate`/`subquery`/`null`/`nil` in any letter case,
/// but `not`/`NOT`, `any`/`ANY`/`some`/`SOME`, `all`/`ALL`, `none`/`NONE`,
/// `true`/`TRUE`, `false`/`FALSE` only in all-lowercase or all-capitals (`True` is a name).
public enum Keyword: String, Equatable, Sendable {
    case and = "AND"
    case or = "OR"
    case not = "NOT"
    case anyQuantifier = "ANY"
    case allQuantifier = "ALL"
    case noneQuantifier = "NONE"
    case truePredicate = "TRUEPREDICATE"
    case falsePredicate = "FALSEPREDICATE"
    case subquery = "SUBQUERY"
    case `true` = "TRUE"
    case `false` = "FALSE"
    case null = "NULL"
    /// `obj('Class', key)`; only a keyword right before `(`.
    case obj = "OBJ"

    /// The reserved word `word` spells, if any, under Realm's case rules.
    static func match(_ word: String) -> Keyword? {
        switch word {
        case "not", "NOT": return .not
        case "any", "ANY", "some", "SOME": return .anyQuantifier
        case "all", "ALL": return .allQuantifier
        case "none", "NONE": return .noneQuantifier
        case "true", "TRUE": return .true
        case "false", "FALSE": return .false
        default: break
        }
        switch word.lowercased() {
        case "and": return .and
        case "or": return .or
        case "truepredicate": return .truePredicate
        case "falsepredicate": return .falsePredicate
        case "subquery": return .subquery
        case "null", "nil": return .null
        default: return nil
        }
    }
}

/// Words that are operators or clause names in some positions and names elsewhere.
enum ContextualKeyword: String, CaseIterable {
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case contains = "CONTAINS"
    case like = "LIKE"
    case text = "TEXT"
    case between = "BETWEEN"
    case `in` = "IN"
    case sort = "SORT"
    case distinct = "DISTINCT"
    case limit = "LIMIT"
    case ascending = "ASCENDING"
    case asc = "ASC"
    case descending = "DESCENDING"
    case desc = "DESC"
    case first = "FIRST"
    case last = "LAST"
    case size = "SIZE"

    /// Under Realm's case rules: `in`/`IN` only, the others in any letter case.
    static func match(_ word: String) -> ContextualKeyword? {
        if word == "in" || word == "IN" { return .in }
        let upper = word.uppercased()
        guard upper != "IN" else { return nil }
        return ContextualKeyword(rawValue: upper)
    }

    /// The string operators (and BETWEEN/IN) that may follow a left-hand value.
    static let operatorWords: [ContextualKeyword] = [.beginsWith, .endsWith, .contains, .like, .text, .between, .in]
}

public enum AtOperator: String, Equatable, Sendable, CaseIterable {
    case count = "@count"
    case size = "@size"
    case type = "@type"
    case min = "@min"
    case max = "@max"
    case sum = "@sum"
    case avg = "@avg"
    case links = "@links"
    case keys = "@keys"
    case values = "@values"
}

public enum Symbol: String, Equatable, Sendable {
    case leftParenthesis = "("
    case rightParenthesis = ")"
    case leftBrace = "{"
    case rightBrace = "}"
    case leftBracket = "["
    case rightBracket = "]"
    case comma = ","
    case dot = "."
    case plus = "+"
    case minus = "-"
    case star = "*"
    case slash = "/"
}
