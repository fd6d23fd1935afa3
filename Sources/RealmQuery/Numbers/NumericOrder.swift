import RealmFormat

/// Realm's order of numbers: the order of its Mixed values, which Realm uses for every
/// comparison of numbers except a property compared with a constant of its own binary
/// floating type (see `NumericMode`), and for sorting.
///
/// It is a total order, so that sorting and set membership never meet unordered values:
/// - NaN (float, double or decimal) comes before every other number and equals NaN. The oracle
///   shows it: `intReq > doubleReq` holds where doubleReq is NaN, `decimalReq <= -1.5` holds
///   where decimalReq is NaN, `doubleReq < 0 SORT(doubleReq ASC)` starts with the NaNs;
/// - -0 equals 0;
/// - ints, floats and doubles compare by their exact values: an Int64 beyond 2^53 is not first
///   rounded to a Double (9223372036854775807 is less than the double 2^63 it would round to);
/// - decimals compare exactly with decimals and ints, and with doubles and floats as
///   `DecimalConversion.value` turns those into decimals.
enum NumericOrder {
    /// The order of two numbers, or nil when one of them is not a number.
    static func compare(_ a: RealmValue, _ b: RealmValue) -> Int? {
        guard let aNaN = isNaN(a), let bNaN = isNaN(b) else { return nil }
        if aNaN || bNaN { return aNaN == bNaN ? 0 : (aNaN ? -1 : 1) }
        switch (a, b) {
        case let (.int(x), .int(y)): return order(x, y)
        case (.decimal, _), (_, .decimal):
            guard let x = DecimalConversion.value(a), let y = DecimalConversion.value(b) else { return nil }
            return DecimalConversion.order(x, y)
        case let (.int(x), _):
            guard let y = binary(b) else { return nil }
            return order(x, y)
        case let (_, .int(y)):
            guard let x = binary(a) else { return nil }
            return -order(y, x)
        default:
            guard let x = binary(a), let y = binary(b) else { return nil }
            return x < y ? -1 : (x > y ? 1 : 0)
        }
    }

    /// Whether a number is NaN; nil for values that are not numbers.
    static func isNaN(_ value: RealmValue) -> Bool? {
        switch value {
        case .int: return false
        case let .float(number): return number.isNaN
        case let .double(number): return number.isNaN
        case let .decimal(decimal): return decimal.isNaN
        default: return nil
        }
    }

    /// An int and a non-NaN double by exact value.
    static func order(_ integer: Int64, _ double: Double) -> Int {
        // Doubles at or beyond ±2^63 lie outside every Int64 (-2^63 itself is the smallest Int64).
        if double >= 0x1p63 { return -1 }
        if double < -0x1p63 { return 1 }
        let whole = double.rounded(.towardZero)
        let truncated = Int64(whole)
        if integer != truncated { return integer < truncated ? -1 : 1 }
        return whole < double ? -1 : (whole > double ? 1 : 0)
    }

    private static func order(_ x: Int64, _ y: Int64) -> Int { x < y ? -1 : (x > y ? 1 : 0) }

    /// Floats widen to doubles exactly.
    private static func binary(_ value: RealmValue) -> Double? {
        switch value {
        case let .float(number): return Double(number)
        case let .double(number): return number
        default: return nil
        }
    }
}
