import Foundation
import RealmFormat

/// Realm's comparison rules (realm-core `Mixed::compare`): numbers compare across int, float,
/// double and decimal (as `numbers` says); null equals only null and is never less or greater;
/// strings compare by their UTF-8 bytes; every other type only with its own type (a string
/// never equals a binary); links by their target; two collections nested in Mixed values
/// compare by their kind alone: a list equals any list and a dictionary any dictionary,
/// whatever they hold (Realm compares the collections' type, never their elements).
enum ValueComparator {
    /// Whether `left op right` holds.
    static func matches(_ left: RealmValue, _ op: ComparisonOperator, _ right: RealmValue, options: StringOptions,
                        numbers: NumericMode = .mixedOrder) -> Bool {
        switch op {
        case .equal: return equal(left, right, options: options, numbers: numbers)
        case .notEqual: return !equal(left, right, options: options, numbers: numbers)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if left == .null || right == .null { return false }
            guard let order = orderWithinType(left, right, numbers: numbers) else { return false }
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
            return equal(left, right, options: options, numbers: numbers)
        case .text:
            guard case let .string(text) = left, case let .string(query) = right else { return false }
            return FullTextMatcher.matches(text, query: query)
        }
    }

    static func equal(_ left: RealmValue, _ right: RealmValue, options: StringOptions, numbers: NumericMode = .mixedOrder) -> Bool {
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
            return orderWithinType(left, right, numbers: numbers) == 0
        }
    }

    /// The order of two values of comparable types, or nil when they cannot be compared
    /// (different kinds, or NaN in the IEEE comparison of `NumericMode.ownType`).
    static func orderWithinType(_ left: RealmValue, _ right: RealmValue, numbers: NumericMode = .mixedOrder) -> Int? {
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
        case let (.collection(a), .collection(b)): return a.kind == b.kind ? 0 : nil
        case let (.float(a), .float(b)) where numbers == .ownType:
            return a < b ? -1 : (a > b ? 1 : (a == b ? 0 : nil))
        case let (.double(a), .double(b)) where numbers == .ownType:
            return a < b ? -1 : (a > b ? 1 : (a == b ? 0 : nil))
        default:
            return NumericOrder.compare(left, right)
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
