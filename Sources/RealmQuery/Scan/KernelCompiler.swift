import RealmFormat

/// Turns a bound predicate into a tree of scan kernels over one table.
///
/// Each comparison gets a kernel where its result can be computed on the packed leaves with
/// exactly the general rules; everything else gets a `GeneralKernel` over the same rows, so a
/// query is never refused or answered differently for want of a kernel. Comparisons are first
/// written as `path op constants` (a constant on the left is mirrored).
struct KernelCompiler {
    let file: RealmFile
    let evaluator: PredicateEvaluator

    func compile(_ predicate: BoundPredicate, on table: Table) -> ScanKernel {
        switch predicate {
        case let .constant(value):
            return ConstantKernel(value)
        case let .not(inner):
            return NotKernel(compile(inner, on: table))
        case let .and(parts):
            return AndKernel(ColumnKernel.joiningRanges(parts.map { compile($0, on: table) }))
        case let .or(parts):
            let kernels = OrEqualities(compiler: self, table: table).kernels(for: parts)
            return kernels.count == 1 ? kernels[0] : OrKernel(kernels)
        case let .comparison(left, op, options, right):
            if let kernel = aggregate(left, op, options, right) ?? comparison(left, op, options, right, on: table) { return kernel }
        case let .between(value, lower, upper):
            if let kernel = between(value, lower, upper, on: table) { return kernel }
        }
        return GeneralKernel(predicate, evaluator: evaluator)
    }

    /// The comparison as `path op constants`, if it has that shape.
    static func normalized(_ left: BoundOperand, _ op: ComparisonOperator, _ right: BoundOperand)
        -> (path: BoundPath, operation: PathOperation?, quantifier: Quantifier?, op: ComparisonOperator, constants: [RealmValue])? {
        if case let .path(path, operation, quantifier) = left, case let .constant(values, _) = right {
            return (path, operation, quantifier, op, values)
        }
        // `5 < x` is `x > 5`; `5 IN list` is `list == 5`. String operators do not mirror.
        if case let .constant(values, _) = left, case let .path(path, operation, quantifier) = right, op.ordersValues {
            return (path, operation, quantifier, op == .in ? .equal : op.mirrored, values)
        }
        return nil
    }

    func comparison(_ left: BoundOperand, _ op: ComparisonOperator, _ options: StringOptions,
                    _ right: BoundOperand, on table: Table) -> ScanKernel? {
        guard let shape = KernelCompiler.normalized(left, op, right), shape.path.origin == .root else { return nil }
        let path = shape.path
        guard let first = path.steps.first else { return nil }
        if path.steps.count == 1, let kernel = backlinkCount(first, shape.operation, shape.quantifier, shape.op, shape.constants) {
            return kernel
        }
        if path.steps.count > 1 {
            return LinkKernelCompiler(compiler: self).kernel(path, shape.operation, shape.quantifier, shape.op, options, shape.constants, on: table)
        }
        guard case let .property(column) = first else { return nil }
        switch shape.operation {
        case nil:
            if column.collection != nil {
                return CollectionKernel.make(column, quantifier: shape.quantifier, file: file) {
                    ValueCondition.comparison($0, shape.op, options, shape.constants)
                }
            }
            guard let condition = KernelCompiler.scalarCondition(column, shape.op, options, shape.constants,
                                                                 numbers: NumericMode.of(left, right)) else { return nil }
            return quantified(KernelCompiler.scalarKernel(column, condition), shape.quantifier)
        case .count?, .size?:
            guard let condition = ValueCondition.comparison(.int, shape.op, [], shape.constants),
                  case let .integer(sizes) = condition else { return nil }
            return SizeKernel.make(column, sizes, quantifier: shape.quantifier, file: file)
        case .type?:
            return nil
        }
    }

    /// `list.@sum > 3` (or `3 < list.@sum`) on a list or set of numbers of the scanned class.
    private func aggregate(_ left: BoundOperand, _ op: ComparisonOperator, _ options: StringOptions,
                           _ right: BoundOperand) -> ScanKernel? {
        let aggregate: (path: BoundPath, function: AggregateFunction, property: Column?)
        let constants: [RealmValue]
        let written: ComparisonOperator
        if case let .aggregate(path, function, property) = left, case let .constant(values, false) = right {
            (aggregate, constants, written) = ((path, function, property), values, op)
        } else if case let .constant(values, false) = left, case let .aggregate(path, function, property) = right, op.ordersValues, op != .in {
            (aggregate, constants, written) = ((path, function, property), values, op.mirrored)
        } else {
            return nil
        }
        guard aggregate.property == nil, aggregate.path.origin == .root, aggregate.path.steps.count == 1,
              case let .property(column) = aggregate.path.steps[0] else { return nil }
        return AggregateKernel.make(column, aggregate.function, written, options, constants, file: file)
    }

    /// `@links.Class.property.@count` and `@links.@count`: the backlink entries, counted in place.
    private func backlinkCount(_ step: BoundPath.Step, _ operation: PathOperation?, _ quantifier: Quantifier?,
                               _ op: ComparisonOperator, _ constants: [RealmValue]) -> ScanKernel? {
        guard operation == .count || operation == .size,
              let condition = ValueCondition.comparison(.int, op, [], constants), case let .integer(sizes) = condition else { return nil }
        switch step {
        case let .backlinks(_, column): return SizeKernel.backlinks([column], sizes, quantifier: quantifier, file: file)
        case let .allBacklinks(columns): return SizeKernel.backlinks(columns, sizes, quantifier: quantifier, file: file)
        default: return nil
        }
    }

    private func between(_ value: BoundOperand, _ lower: BoundOperand, _ upper: BoundOperand, on table: Table) -> ScanKernel? {
        guard case let .path(path, nil, quantifier) = value, path.origin == .root, path.steps.count == 1,
              case let .property(column) = path.steps[0],
              case let .constant(lows, false) = lower, lows.count == 1,
              case let .constant(highs, false) = upper, highs.count == 1 else { return nil }
        if column.collection != nil {
            return CollectionKernel.make(column, quantifier: quantifier, file: file) { ValueCondition.between($0, lows[0], highs[0]) }
        }
        guard let condition = ValueCondition.between(column.type, lows[0], highs[0]) else { return nil }
        return quantified(KernelCompiler.scalarKernel(column, condition), quantifier)
    }

    /// On one value, ANY and ALL are the comparison itself and NONE its negation.
    private func quantified(_ kernel: ScanKernel?, _ quantifier: Quantifier?) -> ScanKernel? {
        guard let kernel else { return nil }
        return quantifier == .noneMatch ? NotKernel(kernel) : kernel
    }

    /// The condition for a single (non-collection) column, or nil where only the general
    /// evaluator can say.
    static func scalarCondition(_ column: Column, _ op: ComparisonOperator, _ options: StringOptions,
                                _ constants: [RealmValue], numbers: NumericMode = .mixedOrder) -> ValueCondition? {
        switch column.type {
        case .int, .bool, .float, .double, .timestamp, .string:
            return ValueCondition.comparison(column.type, op, options, constants, numbers: numbers)
        case .link:
            // Only `== nil` and `!= nil` have constants here: object literals are not supported.
            guard options.isEmpty, constants == [.null], op == .equal || op == .notEqual || op == .in else { return nil }
            // Links store key + 1; 0 (or an unresolved negative) is null.
            return .integer(IntegerCondition(form: op == .notEqual ? .greater(0) : .lessOrEqual(0), nullMatches: op != .notEqual))
        default:
            return nil
        }
    }

    static func scalarKernel(_ column: Column, _ condition: ValueCondition) -> ScanKernel {
        ColumnKernel(column: column, condition: condition)
    }
}
