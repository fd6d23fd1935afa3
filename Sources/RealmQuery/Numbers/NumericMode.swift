import RealmFormat

/// Which comparison of numbers one comparison of a query uses.
enum NumericMode: Equatable {
    /// The property type's own comparison: IEEE 754 for floats and doubles, where NaN is
    /// unordered (only `!=` holds for it). Other types order as in `mixedOrder`.
    case ownType
    /// `NumericOrder`: NaN before every number and equal to NaN, exact across types.
    case mixedOrder

    /// Realm tests a property of the queried objects against one constant of the property's
    /// own type with that type's comparison, and everything else (constants of another
    /// type, two properties, collection elements, properties behind links, Mixed values,
    /// aggregates) through its Mixed values. The oracle tells the two apart on NaN:
    /// `doubleReq < -1e300` leaves NaN out, `doubleReq < 0` (an int constant) lets it in.
    /// A SUBQUERY's predicate is a query of its own over the linked objects, so `$x.property`
    /// counts as a property there.
    static func of(_ left: BoundOperand, _ right: BoundOperand) -> NumericMode {
        isOwnType(left, right) || isOwnType(right, left) ? .ownType : .mixedOrder
    }

    private static func isOwnType(_ property: BoundOperand, _ constant: BoundOperand) -> Bool {
        guard case let .path(path, nil, _) = property, !path.isBehindLinks,
              path.steps.count == 1, case let .property(column) = path.steps[0], column.collection == nil,
              case let .constant(values, false) = constant, values.count == 1 else { return false }
        switch (column.type, values[0]) {
        case (.float, .float), (.double, .double): return true
        default: return false
        }
    }
}
