import Foundation
import RealmFormat

/// Realm's comparison rules: numbers compare across int, float, double and decimal; null equals
/// only null and is never less or greater; strings compare by their UTF-8 bytes.
enum ValueComparator {
    /// Whether `left op right` holds.
    ///
    /// `nanIsLowest`: Realm compares the elements of lists, sets and dictionaries, and Mixed
    /// values, in its order of Mixed values, where NaN is a number below every other (so
    /// `ANY doubleList < 0` holds for a list holding NaN). A plain float or double property
    /// compares as IEEE does: NaN is neither less nor greater than anything.
    static func matches(_ left: RealmValue, _ op: ComparisonOperator, _ right: RealmValue, options: StringOptions,
                        nanIsLowest: Bool = false) -> Bool {
        switch op {
        case .equal: return equal(left, right, options: options)
        case .notEqual: return !equal(left, right, options: options)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if left == .null || right == .null { return false }
            guard let order = orderWithinType(left, right, nanIsLowest: nanIsLowest) else { return false }
            switch op {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        case .beginsWith, .endsWith, .contains, .like:
            guard let text = StringMatcher.text(left), let pattern = StringMatcher.text(right) else { return false }
            return StringMatcher.matches(text, op, pattern, options: options)
        case .in:
            return equal(left, right, options: options)
        case .text:
            guard case let .string(text) = left, case let .string(query) = right else { return false }
            return FullTextMatcher.matches(text, query: query)
        }
    }

    static func equal(_ left: RealmValue, _ right: RealmValue, options: StringOptions) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case let (.string(a), .string(b)):
            if options.isEmpty { return a.utf8.elementsEqual(b.utf8) }
            return StringMatcher.fold(a, options).utf8.elementsEqual(StringMatcher.fold(b, options).utf8)
        case let (.link(t1, k1), .link(t2, k2)), let (.link(t1, k1), .typedLink(t2, k2)),
             let (.typedLink(t1, k1), .link(t2, k2)), let (.typedLink(t1, k1), .typedLink(t2, k2)):
            return t1 == t2 && k1 == k2
        default:
            return orderWithinType(left, right) == 0
        }
    }

    /// The order of two values of comparable types, or nil when they cannot be compared
    /// (different kinds, or NaN).
    static func orderWithinType(_ left: RealmValue, _ right: RealmValue, nanIsLowest: Bool = false) -> Int? {
        switch (left, right) {
        case let (.int(a), .int(b)): return a < b ? -1 : (a > b ? 1 : 0)
        case let (.bool(a), .bool(b)): return a == b ? 0 : (a ? 1 : -1)
        case let (.string(a), .string(b)): return bytewise(Array(a.utf8), Array(b.utf8))
        case let (.binary(a), .binary(b)): return bytewise(a, b)
        case let (.timestamp(a), .timestamp(b)):
            if a.seconds != b.seconds { return a.seconds < b.seconds ? -1 : 1 }
            return a.nanoseconds < b.nanoseconds ? -1 : (a.nanoseconds > b.nanoseconds ? 1 : 0)
        case let (.objectId(a), .objectId(b)): return bytewise(a.bytes, b.bytes)
        case let (.uuid(a), .uuid(b)): return bytewise(a.bytes, b.bytes)
        case (.decimal, _), (_, .decimal):
            if let exact = DecimalConversion.exactOrder(left, right) { return exact }
            fallthrough
        default:
            guard let a = number(left), let b = number(right) else { return nil }
            if a.isNaN || b.isNaN {
                guard nanIsLowest else { return nil }
                return a.isNaN == b.isNaN ? 0 : (a.isNaN ? -1 : 1)
            }
            return a < b ? -1 : (a > b ? 1 : 0)
        }
    }

    /// Numeric value of ints, floats, doubles and decimals.
    static func number(_ value: RealmValue) -> Double? {
        switch value {
        case let .int(number): return Double(number)
        case let .float(number): return Double(number)
        case let .double(number): return number
        case let .decimal(decimal): return DecimalConversion.double(decimal)
        default: return nil
        }
    }

    static func bytewise(_ a: [UInt8], _ b: [UInt8]) -> Int {
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return a.count < b.count ? -1 : (a.count > b.count ? 1 : 0)
    }
}

/// Decimal128 to Double, for comparisons with other numbers, and exact comparisons of decimals
/// with decimals and integers (where a Double would round 1E-6176 to zero).
enum DecimalConversion {
    /// Sign, coefficient and exponent of a finite decimal or an integer.
    static func parts(_ value: RealmValue) -> (negative: Bool, coefficient: UInt128, exponent: Int)? {
        switch value {
        case let .int(number): return (number < 0, UInt128(number.magnitude), 0)
        case let .decimal(decimal) where !decimal.isNaN && !decimal.isInfinite:
            let (coefficient, exponent) = decimal.coefficientAndExponent
            return (decimal.isNegative, coefficient, exponent)
        default: return nil
        }
    }

    static func exactOrder(_ left: RealmValue, _ right: RealmValue) -> Int? {
        guard let a = parts(left), let b = parts(right) else { return nil }
        let aZero = a.coefficient == 0
        let bZero = b.coefficient == 0
        if aZero && bZero { return 0 }
        let aSign = aZero ? 0 : (a.negative ? -1 : 1)
        let bSign = bZero ? 0 : (b.negative ? -1 : 1)
        if aSign != bSign { return aSign < bSign ? -1 : 1 }
        let magnitude = compareMagnitude(a.coefficient, a.exponent, b.coefficient, b.exponent)
        return aSign < 0 ? -magnitude : magnitude
    }

    private static func digits(_ value: UInt128) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 { count += 1; rest /= 10 }
        return count
    }

    private static func compareMagnitude(_ ca: UInt128, _ ea: Int, _ cb: UInt128, _ eb: Int) -> Int {
        let adjustedA = digits(ca) + ea
        let adjustedB = digits(cb) + eb
        if adjustedA != adjustedB { return adjustedA < adjustedB ? -1 : 1 }
        // Same order of magnitude: scale the one with more digits' partner up; it stays within 39 digits.
        var x = ca
        var y = cb
        if ea > eb { for _ in 0..<(ea - eb) { x *= 10 } } else { for _ in 0..<(eb - ea) { y *= 10 } }
        return x < y ? -1 : (x > y ? 1 : 0)
    }

    static func double(_ decimal: Decimal128) -> Double {
        if decimal.isNaN { return .nan }
        if decimal.isInfinite { return decimal.isNegative ? -.infinity : .infinity }
        let (coefficient, exponent) = decimal.coefficientAndExponent
        let magnitude = Double(coefficient) * pow(10, Double(exponent))
        return decimal.isNegative ? -magnitude : magnitude
    }
}
