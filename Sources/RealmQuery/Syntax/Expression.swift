/// A value in a comparison: a constant, an argument, a key path (with what is applied to it),
/// a list of constants, an aggregate, a subquery count, or arithmetic on those.
public struct Expression: Equatable, Hashable, Sendable {
    public indirect enum Kind: Equatable, Hashable, Sendable {
        case literal(Literal)
        case argument(ArgumentReference)
        case path(PathExpression)
        case aggregate(AggregateExpression)
        /// `{a, b, …}`, optionally quantified (`ANY {1, 2}`); elements are literals or arguments.
        case list(ListExpression)
        /// `SUBQUERY(collection, $x, predicate).@count`
        case subqueryCount(Subquery)
        /// `a + b`, `a * 2` … (Realm evaluates these on numbers).
        case arithmetic(ArithmeticOperator, Expression, Expression)
    }

    public var kind: Kind
    public var range: SourceRange

    public init(_ kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// A key path with an optional quantifier before it and an optional operation after it:
/// `ANY tasks.isCompleted`, `stringReq.@size`, `mixedValue.@type`.
public struct PathExpression: Equatable, Hashable, Sendable {
    public var quantifier: Quantifier?
    public var path: KeyPath
    public var operation: PathOperation?

    public init(quantifier: Quantifier? = nil, path: KeyPath, operation: PathOperation? = nil) {
        self.quantifier = quantifier
        self.path = path
        self.operation = operation
    }
}

/// What may follow a key path to end it: a size or a type name.
public enum PathOperation: String, Equatable, Hashable, Sendable {
    /// `@count`: the number of elements of a collection (or, on a string or binary, its length).
    case count = "@count"
    /// `@size`: a synonym of `@count` in Realm.
    case size = "@size"
    /// `@type`: the type name of a Mixed value (`'string'`, `'int'`, `'object'`, …).
    case type = "@type"
}

/// `path.@min`, `path.@max`, `path.@sum`, `path.@avg`, optionally followed by the property of
/// linked objects to aggregate (`arrayReference.@sum.integerValue`).
public struct AggregateExpression: Equatable, Hashable, Sendable {
    public var path: KeyPath
    public var function: AggregateFunction
    public var property: String?
    /// Where `.@sum` (with its property, if any) stands in the query, so that type errors point
    /// at the aggregate rather than at the whole operand.
    public var range: SourceRange?

    public init(path: KeyPath, function: AggregateFunction, property: String? = nil, range: SourceRange? = nil) {
        self.path = path
        self.function = function
        self.property = property
        self.range = range
    }
}

public enum AggregateFunction: String, Equatable, Hashable, Sendable, CaseIterable {
    case min = "@min"
    case max = "@max"
    case sum = "@sum"
    case average = "@avg"
}

/// A list of constants in braces. Realm allows only literals and arguments inside.
public struct ListExpression: Equatable, Hashable, Sendable {
    public var quantifier: Quantifier?
    public var elements: [Expression]

    public init(quantifier: Quantifier? = nil, elements: [Expression]) {
        self.quantifier = quantifier
        self.elements = elements
    }
}

/// `SUBQUERY(collection, $variable, predicate)`: the elements of `collection` for which
/// `predicate` holds, where paths starting with `$variable` refer to the element.
public struct Subquery: Equatable, Hashable, Sendable {
    public var collection: KeyPath
    public var variable: String
    public var variableRange: SourceRange
    public var predicate: Predicate

    public init(collection: KeyPath, variable: String, variableRange: SourceRange, predicate: Predicate) {
        self.collection = collection
        self.variable = variable
        self.variableRange = variableRange
        self.predicate = predicate
    }
}

public enum ArithmeticOperator: String, Equatable, Hashable, Sendable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"

    /// Binding strength: `*` and `/` bind tighter than `+` and `-`.
    var precedence: Int {
        switch self {
        case .add, .subtract: return 1
        case .multiply, .divide: return 2
        }
    }
}
