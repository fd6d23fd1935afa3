import RealmFormat

/// Evaluates bound predicates for one object at a time.
struct PredicateEvaluator {
    let paths: PathEvaluator

    /// Values an operand yields for one object, and whether they are "several" (compared with
    /// ANY by default) or one value.
    struct Operand {
        var values: [RealmValue]
        var isMulti: Bool
        var quantifier: Quantifier?
        var isList: Bool
        var isTypeName: Bool
    }

    func matches(_ predicate: BoundPredicate, _ object: PathItem, variables: [String: PathItem] = [:]) throws(RealmFormatError) -> Bool {
        switch predicate {
        case let .constant(value): return value
        case let .not(inner): return !(try matches(inner, object, variables: variables))
        case let .and(parts):
            for part in parts where !(try matches(part, object, variables: variables)) { return false }
            return true
        case let .or(parts):
            for part in parts where try matches(part, object, variables: variables) { return true }
            return false
        case let .comparison(left, op, options, right):
            return compare(try evaluate(left, object, variables), op, options, try evaluate(right, object, variables),
                           numbers: NumericMode.of(left, right))
        case let .between(value, lower, upper):
            let operand = try evaluate(value, object, variables)
            let low = try evaluate(lower, object, variables)
            let high = try evaluate(upper, object, variables)
            // Realm reads BETWEEN as `>= lower AND <= upper`, each comparison with its own mode.
            let lowNumbers = NumericMode.of(value, lower)
            let highNumbers = NumericMode.of(value, upper)
            return quantified(operand) { item in
                low.values.contains { ValueComparator.matches(item, .greaterOrEqual, $0, options: [], numbers: lowNumbers) }
                    && high.values.contains { ValueComparator.matches(item, .lessOrEqual, $0, options: [], numbers: highNumbers) }
            }
        }
    }

    private func compare(_ left: Operand, _ op: ComparisonOperator, _ options: StringOptions, _ right: Operand,
                         numbers: NumericMode) -> Bool {
        // A path on the right and a constant on the left: compare the other way round.
        if !right.isList && (right.isMulti || right.quantifier != nil) && !(left.isMulti || left.quantifier != nil) {
            return compare(right, op.mirrored, options, left, numbers: numbers)
        }
        return quantified(left) { item in
            right.values.contains { other in
                if left.isTypeName { return TypeNames.matches(item, other) }
                return ValueComparator.matches(item, op, other, options: options, numbers: numbers)
            }
        }
    }

    /// ANY (the default for several values), ALL or NONE of `operand`'s values satisfy `test`.
    private func quantified(_ operand: Operand, _ test: (RealmValue) -> Bool) -> Bool {
        switch operand.quantifier {
        case .allMatch?: return operand.values.allSatisfy(test)
        case .noneMatch?: return !operand.values.contains(where: test)
        case .anyMatch?, nil: return operand.values.contains(where: test)
        }
    }

    func evaluate(_ operand: BoundOperand, _ object: PathItem, _ variables: [String: PathItem]) throws(RealmFormatError) -> Operand {
        switch operand {
        case let .constant(values, isList):
            return Operand(values: values, isMulti: false, quantifier: nil, isList: isList, isTypeName: false)
        case let .path(path, operation, quantifier):
            let items = try paths.evaluate(path, from: try start(of: path, object, variables))
            var values: [RealmValue]
            switch operation {
            case .count?, .size?:
                guard !path.endsWithBacklinks else {
                    values = [.int(Int64(items.count))]
                    break
                }
                values = []
                for item in items {
                    if let size = try count(of: item, path: path) { values.append(size) }
                }
            case .type?:
                values = try paths.values(of: items, expandingCollections: path.terminal.collection != nil).map { .string(TypeNames.name(of: $0)) }
            case nil:
                values = try paths.values(of: items, expandingCollections: path.terminal.collection != nil)
                if values.isEmpty && path.readsNullWhenBroken { values = [.null] }
            }
            return Operand(values: values, isMulti: path.isMulti || (operation == nil && path.terminal.collection != nil),
                           quantifier: quantifier, isList: false, isTypeName: operation == .type)
        case let .aggregate(path, function, property):
            let items = try paths.evaluate(path, from: try start(of: path, object, variables))
            let elementType = property?.type ?? path.terminal.elementType
            // A list, set or dictionary property reaches one item per collection, each reduced
            // on its own; `@links.Class.property` reaches the linking objects one by one, and
            // together they are the one collection Realm reduces.
            let groups = path.endsWithBacklinks ? [items] : items.map { [$0] }
            var results: [RealmValue] = []
            for group in groups {
                var elements: [RealmValue]
                if let property {
                    elements = []
                    for linked in try paths.objects(in: group) { elements.append(try linked.value(of: property)) }
                } else {
                    elements = try paths.values(of: group)
                }
                results.append(Aggregator.aggregate(function, elements, of: elementType))
            }
            return Operand(values: results, isMulti: path.isMulti && results.count != 1, quantifier: nil, isList: false, isTypeName: false)
        case let .subqueryCount(path, variable, predicate):
            let items = try paths.evaluate(path, from: try start(of: path, object, variables))
            var count: Int64 = 0
            var scope = variables
            for element in try paths.objects(in: items) {
                scope[variable] = .object(element)
                if try matches(predicate, object, variables: scope) { count += 1 }
            }
            return Operand(values: [.int(count)], isMulti: false, quantifier: nil, isList: false, isTypeName: false)
        case let .arithmetic(op, left, right):
            let a = try evaluate(left, object, variables).values.first.flatMap(ValueComparator.number)
            let b = try evaluate(right, object, variables).values.first.flatMap(ValueComparator.number)
            guard let a, let b else { return Operand(values: [.null], isMulti: false, quantifier: nil, isList: false, isTypeName: false) }
            let result: Double
            switch op {
            case .add: result = a + b
            case .subtract: result = a - b
            case .multiply: result = a * b
            case .divide: result = a / b
            }
            return Operand(values: [.double(result)], isMulti: false, quantifier: nil, isList: false, isTypeName: false)
        }
    }

    private func start(of path: BoundPath, _ object: PathItem, _ variables: [String: PathItem]) throws(RealmFormatError) -> PathItem {
        guard case let .variable(name) = path.origin, let bound = variables[name] else { return object }
        return bound
    }

    /// `@count`/`@size`: a collection's size, a string's or binary's length in bytes.
    private func count(of item: PathItem, path: BoundPath) throws(RealmFormatError) -> RealmValue? {
        switch item {
        case let .value(.collection(collection)): return .int(Int64(collection.elementCount))
        case let .value(.string(text)): return .int(Int64(text.utf8.count))
        case let .value(.binary(bytes)): return .int(Int64(bytes.count))
        case let .value(.int(total)) where path.terminal.isBacklinkCount: return .int(total)
        default: return nil
        }
    }
}

extension ComparisonOperator {
    /// The operator with its operands swapped: `3 < x` is `x > 3`.
    var mirrored: ComparisonOperator {
        switch self {
        case .less: return .greater
        case .lessOrEqual: return .greaterOrEqual
        case .greater: return .less
        case .greaterOrEqual: return .lessOrEqual
        default: return self
        }
    }
}
