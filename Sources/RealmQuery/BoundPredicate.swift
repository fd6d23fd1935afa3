import RealmFormat

/// A predicate whose key paths are resolved and whose constants are values.
indirect enum BoundPredicate {
    case constant(Bool)
    case not(BoundPredicate)
    case and([BoundPredicate])
    case or([BoundPredicate])
    case comparison(BoundOperand, ComparisonOperator, StringOptions, BoundOperand)
    case between(BoundOperand, lower: BoundOperand, upper: BoundOperand)
    /// A comparison rewritten to read the scanned leaf in place.
    case fast(FastComparison)
}

extension BoundPredicate {
    /// The same predicate with simple comparisons on the scanned class turned into leaf reads.
    var optimized: BoundPredicate {
        switch self {
        case let .not(inner): return .not(inner.optimized)
        case let .and(parts): return .and(parts.map(\.optimized))
        case let .or(parts): return .or(parts.map(\.optimized))
        case let .comparison(.path(path, nil, nil), op, options, .constant(values, false)) where values.count == 1:
            return FastComparison.make(path, op, options, values[0]).map(BoundPredicate.fast) ?? self
        case let .comparison(.constant(values, false), op, options, .path(path, nil, nil)) where values.count == 1:
            return FastComparison.make(path, op.mirrored, options, values[0]).map(BoundPredicate.fast) ?? self
        case let .between(.path(path, nil, nil), .constant(lower, false), .constant(upper, false)) where lower.count == 1 && upper.count == 1:
            guard let low = FastComparison.make(path, .greaterOrEqual, [], lower[0]),
                  let high = FastComparison.make(path, .lessOrEqual, [], upper[0]) else { return self }
            return .and([.fast(low), .fast(high)])
        default: return self
        }
    }
}

/// One side of a comparison.
indirect enum BoundOperand {
    /// A literal, an argument, or a `{...}` list (`isList`).
    case constant([RealmValue], isList: Bool)
    case path(BoundPath, operation: PathOperation?, quantifier: Quantifier?)
    case aggregate(BoundPath, AggregateFunction, property: Column?)
    /// `SUBQUERY(collection, $variable, predicate).@count`
    case subqueryCount(BoundPath, variable: String, BoundPredicate)
    case arithmetic(ArithmeticOperator, BoundOperand, BoundOperand)
}
