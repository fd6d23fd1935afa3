import RealmFormat

/// A predicate whose key paths are resolved and whose constants are values.
indirect enum BoundPredicate {
    case constant(Bool)
    case not(BoundPredicate)
    case and([BoundPredicate])
    case or([BoundPredicate])
    case comparison(BoundOperand, ComparisonOperator, StringOptions, BoundOperand)
    case between(BoundOperand, lower: BoundOperand, upper: BoundOperand)
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
