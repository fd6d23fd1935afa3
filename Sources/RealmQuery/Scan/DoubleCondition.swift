/// One comparison of a Double with a constant: IEEE (NaN is unordered: `==` and `<` fail,
/// `!=` holds), or with NaN before every number for `lessOrNaN` and `lessOrEqualOrNaN`, which
/// Realm's order of Mixed values gives `<` and `<=` (`NumericOrder`); as negations of `>=`
/// and `>` they cost no test of their own for NaN.
struct DoubleCondition {
    enum Operator { case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual, lessOrNaN, lessOrEqualOrNaN }
    let op: Operator
    let constant: Double

    @inline(__always) func matches(_ value: Double) -> Bool {
        switch op {
        case .equal: return value == constant
        case .notEqual: return value != constant
        case .less: return value < constant
        case .lessOrEqual: return value <= constant
        case .greater: return value > constant
        case .greaterOrEqual: return value >= constant
        case .lessOrNaN: return !(value >= constant)
        case .lessOrEqualOrNaN: return !(value > constant)
        }
    }
}
