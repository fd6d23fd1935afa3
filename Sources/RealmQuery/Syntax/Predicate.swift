/// The condition part of a query: comparisons combined with AND, OR and NOT.
///
/// AND and OR chains are flattened (`a AND b AND c` is one `.and` with three operands), since
/// both are associative and the evaluator wants to walk the operands in order.
public struct Predicate: Equatable, Hashable, Sendable {
    public indirect enum Kind: Equatable, Hashable, Sendable {
        /// `TRUEPREDICATE` (true) or `FALSEPREDICATE` (false).
        case constant(Bool)
        case not(Predicate)
        /// Two or more operands.
        case and([Predicate])
        /// Two or more operands.
        case or([Predicate])
        case comparison(Comparison)
        /// `value BETWEEN {lower, upper}`: inclusive at both ends.
        case between(Between)
    }

    public var kind: Kind
    public var range: SourceRange

    public init(_ kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// `left OP[options] right`.
public struct Comparison: Equatable, Hashable, Sendable {
    public var left: Expression
    public var op: ComparisonOperator
    public var options: StringOptions
    public var right: Expression
    /// Where the operator (and its options) were written, for errors such as a type mismatch.
    public var operatorRange: SourceRange

    public init(left: Expression, op: ComparisonOperator, options: StringOptions = [], right: Expression, operatorRange: SourceRange) {
        self.left = left
        self.op = op
        self.options = options
        self.right = right
        self.operatorRange = operatorRange
    }
}

public struct Between: Equatable, Hashable, Sendable {
    public var value: Expression
    public var lower: Expression
    public var upper: Expression
    public var operatorRange: SourceRange

    public init(value: Expression, lower: Expression, upper: Expression, operatorRange: SourceRange) {
        self.value = value
        self.lower = lower
        self.upper = upper
        self.operatorRange = operatorRange
    }
}

public enum ComparisonOperator: String, Equatable, Hashable, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    /// `x IN {…}`, `x IN $0`, `x IN listProperty`.
    case `in` = "IN"
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case contains = "CONTAINS"
    /// Wildcards `*` (any run) and `?` (one character).
    case like = "LIKE"
    /// Full-text search on a property with a full-text index.
    case text = "TEXT"

    /// Whether `[c]`/`[d]` may follow the operator (Realm: equality and the string operators).
    public var acceptsStringOptions: Bool {
        switch self {
        case .equal, .notEqual, .in, .beginsWith, .endsWith, .contains, .like: return true
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .text: return false
        }
    }
}

/// The options in brackets after a string operator: `[c]` case-insensitive, `[d]`
/// diacritic-insensitive (an NSPredicate extension Realm's parser lacks), `[cd]` both.
public struct StringOptions: OptionSet, Equatable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let caseInsensitive = StringOptions(rawValue: 1)
    public static let diacriticInsensitive = StringOptions(rawValue: 2)

    /// `[c]`, `[d]`, `[cd]`, or empty when there are none.
    public var bracketed: String {
        var letters = ""
        if contains(.caseInsensitive) { letters += "c" }
        if contains(.diacriticInsensitive) { letters += "d" }
        return letters.isEmpty ? "" : "[\(letters)]"
    }
}
