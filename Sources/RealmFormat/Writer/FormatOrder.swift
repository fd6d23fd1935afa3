/// The orders format 24 keeps sets and dictionary keys in (format document §6.17), for copies
/// of older files whose sets were ordered differently.
enum FormatOrder {
    /// Unsigned bytewise, a proper prefix first.
    static func bytes(_ a: [UInt8], before b: [UInt8]) -> Bool {
        for (x, y) in zip(a, b) where x != y { return x < y }
        return a.count < b.count
    }

    /// null first, then by kind (bools, numbers, strings, binaries, dates, ObjectIds, UUIDs,
    /// typed links, links), then by value within a kind.
    static func setElement(_ a: RealmValue, before b: RealmValue) -> Bool {
        let rankA = rank(a)
        let rankB = rank(b)
        if rankA != rankB { return rankA < rankB }
        switch (a, b) {
        case let (.bool(x), .bool(y)): return !x && y
        case let (.string(x), .string(y)): return bytes(Array(x.utf8), before: Array(y.utf8))
        case let (.binary(x), .binary(y)): return bytes(x, before: y)
        case let (.timestamp(x), .timestamp(y)): return (x.seconds, x.nanoseconds) < (y.seconds, y.nanoseconds)
        case let (.objectId(x), .objectId(y)): return bytes(x.bytes, before: y.bytes)
        case let (.uuid(x), .uuid(y)): return bytes(x.bytes, before: y.bytes)
        case let (.link(_, x), .link(_, y)), let (.typedLink(_, x), .typedLink(_, y)): return x < y
        case let (.int(x), .int(y)): return x < y
        default: return number(a) < number(b)
        }
    }

    private static func rank(_ value: RealmValue) -> Int {
        switch value {
        case .null: return 0
        case .bool: return 1
        case .int, .float, .double, .decimal: return 2
        case .string: return 3
        case .binary: return 4
        case .timestamp: return 5
        case .objectId: return 6
        case .uuid: return 7
        case .typedLink: return 8
        case .link: return 9
        case .collection: return 10
        }
    }

    private static func number(_ value: RealmValue) -> Double {
        switch value {
        case let .int(x): return Double(x)
        case let .float(x): return Double(x)
        case let .double(x): return x
        case let .decimal(x):
            if x.isNaN { return -.infinity }
            if x.isInfinite { return x.isNegative ? -.infinity : .infinity }
            let (coefficient, exponent) = x.coefficientAndExponent
            var magnitude = Double(coefficient)
            if exponent > 0 { for _ in 0..<min(exponent, 400) { magnitude *= 10 } } else { for _ in 0..<min(-exponent, 400) { magnitude /= 10 } }
            return x.isNegative ? -magnitude : magnitude
        default: return 0
        }
    }
}
