import RealmFormat

/// Checks a parsed predicate against the schema and the arguments, and binds it for evaluation.
/// Every rejection names the position in the query.
struct PredicateBinder {
    var paths: PathBinder
    let arguments: [RealmValue]

    init(file: RealmFile, arguments: [RealmValue]) {
        paths = PathBinder(file: file)
        self.arguments = arguments
    }

    func bind(_ predicate: Predicate, on table: Table) throws(QueryError) -> BoundPredicate {
        switch predicate.kind {
        case let .constant(value): return .constant(value)
        case let .not(inner): return .not(try bind(inner, on: table))
        case let .and(parts):
            var bound: [BoundPredicate] = []
            for part in parts { bound.append(try bind(part, on: table)) }
            return .and(bound)
        case let .or(parts):
            var bound: [BoundPredicate] = []
            for part in parts { bound.append(try bind(part, on: table)) }
            return .or(bound)
        case let .comparison(comparison):
            var left = try bind(comparison.left, on: table)
            let right = try bind(comparison.right, on: table, hint: left.columnType)
            // A literal on the left takes its type from the right (`0.1 == floatReq`).
            if left.columnType == nil, let hint = right.columnType { left = try bind(comparison.left, on: table, hint: hint) }
            try check(left, comparison.op, right, range: predicate.range)
            return .comparison(left, comparison.op, comparison.options, right)
        case let .between(between):
            let value = try bind(between.value, on: table)
            let lower = try bind(between.lower, on: table, hint: value.columnType)
            let upper = try bind(between.upper, on: table, hint: value.columnType)
            try check(value, .greaterOrEqual, lower, range: predicate.range)
            try check(value, .lessOrEqual, upper, range: predicate.range)
            return .between(value, lower: lower, upper: upper)
        }
    }

    /// `hint`: the type of the other side of the comparison, which number literals take where
    /// Realm reads them in it (`LiteralValues`).
    func bind(_ expression: Expression, on table: Table, hint: ColumnType? = nil) throws(QueryError) -> BoundOperand {
        switch expression.kind {
        case let .literal(literal):
            return .constant([try LiteralValues.value(of: literal, range: expression.range, hint: hint)], isList: false)
        case let .argument(reference):
            guard reference.index >= 0, reference.index < arguments.count else {
                throw .invalid(message: "the query uses $\(reference.index), but \(arguments.count) argument\(arguments.count == 1 ? " was" : "s were") given", range: expression.range)
            }
            return .constant([arguments[reference.index]], isList: false)
        case let .path(path):
            let bound = try paths.bind(path.path, from: table)
            if path.operation == .count || path.operation == .size {
                guard bound.terminal.collection != nil || [.string, .binary].contains(bound.terminal.elementType) else {
                    throw .invalid(message: "@count needs a list, set, dictionary, string or binary", range: expression.range)
                }
            }
            return .path(bound, operation: path.operation, quantifier: path.quantifier)
        case let .aggregate(aggregate):
            let bound = try paths.bind(aggregate.path, from: table)
            guard bound.terminal.collection != nil else {
                throw .invalid(message: "\(aggregate.function.rawValue) needs a list, set or dictionary", range: expression.range)
            }
            var property: Column?
            if let name = aggregate.property {
                guard let target = bound.terminal.target else {
                    throw .invalid(message: "\(aggregate.function.rawValue).\(name) needs a collection of objects", range: expression.range)
                }
                guard let column = target.column(named: name) else {
                    throw .unknownProperty(className: target.displayName, name: name,
                                           suggestion: SpellingSuggester.suggestion(for: name, among: target.columns.map(\.name)),
                                           range: expression.range)
                }
                property = column
            }
            return .aggregate(bound, aggregate.function, property: property)
        case let .list(list):
            var values: [RealmValue] = []
            for element in list.elements {
                guard case let .constant(constants, _) = try bind(element, on: table, hint: hint) else {
                    throw .invalid(message: "a list in braces may hold only constants", range: element.range)
                }
                values += constants
            }
            return .constant(values, isList: true)
        case let .subqueryCount(subquery):
            let collection = try paths.bind(subquery.collection, from: table)
            var inner = self
            guard let elementTable = collection.terminal.target else {
                throw .invalid(message: "SUBQUERY needs a collection of objects", range: expression.range)
            }
            inner.paths.variables[subquery.variable] = elementTable
            return .subqueryCount(collection, variable: subquery.variable, try inner.bind(subquery.predicate, on: elementTable))
        case let .arithmetic(op, left, right):
            return .arithmetic(op, try bind(left, on: table), try bind(right, on: table))
        }
    }

    /// Rejects comparisons Realm rejects: a property with a constant of an incompatible type.
    private func check(_ left: BoundOperand, _ op: ComparisonOperator, _ right: BoundOperand, range: SourceRange) throws(QueryError) {
        guard let type = left.columnType ?? right.columnType else { return }
        let other = left.columnType == nil ? left : right
        guard case let .constant(values, _) = other else { return }
        let isStringOperator = [.beginsWith, .endsWith, .contains, .like, .text].contains(op)
        for value in values {
            if isStringOperator {
                guard [.string, .binary, .mixed].contains(type), value == .null || StringMatcher.text(value) != nil else {
                    throw .invalid(message: "\(op.rawValue) needs a string on both sides, not \(QueryTypeNames.name(of: type)) and \(LiteralValues.typeName(of: value))", range: range)
                }
            } else if !LiteralValues.isComparable(type, with: value) {
                throw .invalid(message: "Unsupported comparison between type '\(QueryTypeNames.name(of: type))' and type '\(LiteralValues.typeName(of: value))'", range: range)
            }
        }
    }
}

extension BoundOperand {
    /// The type of values this operand yields when it reads the file (nil for constants).
    var columnType: ColumnType? {
        switch self {
        case .constant: return nil
        case let .path(path, operation, _):
            switch operation {
            case .count?, .size?: return .int
            case .type?: return .string
            case nil: return path.terminal.elementType == .legacyLinkList ? .link : path.terminal.elementType
            }
        case let .aggregate(path, function, property):
            let element = property?.type ?? path.terminal.elementType
            if function == .sum || function == .average { return element == .timestamp ? .timestamp : .double }
            return element
        case .subqueryCount: return .int
        case .arithmetic: return .double
        }
    }
}
