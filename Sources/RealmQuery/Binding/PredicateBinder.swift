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
            try checkCollections(left, right, left: comparison.left, right: comparison.right, range: predicate.range)
            try checkTypeNames(left, right, range: comparison.right.range)
            try checkTypeNames(right, left, range: comparison.left.range)
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
                guard bound.terminal.collection != nil || [.string, .binary, .mixed].contains(bound.terminal.elementType) else {
                    throw .invalid(message: "@count needs a list, set, dictionary, string, binary or Mixed value", range: expression.range)
                }
            }
            return .path(bound, operation: path.operation, quantifier: path.quantifier)
        case let .aggregate(aggregate):
            let bound = try paths.bind(aggregate.path, from: table)
            let place = aggregate.range ?? expression.range
            guard bound.terminal.collection != nil else {
                throw .invalid(message: "\(aggregate.function.rawValue) needs a list, set or dictionary", range: place)
            }
            var property: Column?
            var elementType = bound.terminal.elementType
            if let name = aggregate.property {
                guard let target = bound.terminal.target else {
                    throw .invalid(message: "\(aggregate.function.rawValue).\(name) needs a collection of objects", range: place)
                }
                guard let column = target.column(named: name) else {
                    throw .unknownProperty(className: target.displayName, name: name,
                                           suggestion: SpellingSuggester.suggestion(for: name, among: target.columns.map(\.name)),
                                           range: place)
                }
                // One value per linked object is what gets reduced; a collection there would
                // need a second, unspoken aggregate.
                if let collection = column.collection {
                    throw .invalid(message: "Cannot use aggregate '.\(aggregate.function.rawValue)' on '\(name)', a \(collection); aggregate a property that holds one value", range: place)
                }
                property = column
                elementType = column.isLink ? .link : column.type
            }
            if let refusal = AggregateRules.refusal(aggregate.function, of: elementType,
                                                    from: property == nil ? .values : .objectProperty) {
                throw .invalid(message: refusal, range: place)
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

    /// `@type` compared with constants: each must be a type name Realm knows (see `TypeNames`).
    private func checkTypeNames(_ operand: BoundOperand, _ other: BoundOperand, range: SourceRange) throws(QueryError) {
        guard case .path(_, .type?, _) = operand, case let .constant(values, _) = other else { return }
        for value in values {
            guard case let .string(name) = value else {
                throw .invalid(message: "@type is compared with type names in quotes, as in @type == 'string'", range: range)
            }
            guard TypeNames.types(named: name) != nil else {
                let known = TypeNames.accepted.map(\.name)
                let suggestion = SpellingSuggester.suggestion(for: name.lowercased(), among: known).map { "; did you mean '\($0)'?" } ?? ""
                throw .invalid(message: "'\(name)' is not a type name for @type\(suggestion) (known: \(known.joined(separator: ", ")))", range: range)
            }
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
            // Sums and averages are numbers whatever numbers went in (dates are refused); over
            // Mixed values Realm computes them in Decimal128 (`DecimalSum`).
            guard function == .sum || function == .average else { return element }
            return element == .mixed ? .decimal128 : .double
        case .subqueryCount: return .int
        case .arithmetic: return .double
        }
    }
}
