/// Equality and order of set elements as format 24 stores them (§6.17), with NaN, which the
/// plain IEEE order cannot place, first among the numbers and equal only to another NaN.
enum SetOrder {
    static func same(_ element: NewValue, _ value: RealmValue) -> Bool {
        guard case let .scalar(stored) = element else { return false }
        switch (isNaN(stored), isNaN(value)) {
        case (true, true): return true
        case (false, false): return !FormatOrder.setElement(stored, before: value) && !FormatOrder.setElement(value, before: stored)
        default: return false
        }
    }

    static func before(_ value: RealmValue, _ element: NewValue) -> Bool {
        guard case let .scalar(stored) = element else { return true }
        switch (isNaN(value), isNaN(stored)) {
        case (true, true): return false
        case (true, false): return isNumber(stored) || FormatOrder.setElement(value, before: stored)
        case (false, true): return !isNumber(value) && FormatOrder.setElement(value, before: stored)
        case (false, false): return FormatOrder.setElement(value, before: stored)
        }
    }

    /// Whether `values` are unique and ascending as a set stores them, NaNs aside (at most one).
    static func isStoredOrder(_ values: [RealmValue]) -> Bool {
        guard values.filter(isNaN).count <= 1 else { return false }
        let ordered = values.filter { !isNaN($0) }
        return zip(ordered, ordered.dropFirst()).allSatisfy { FormatOrder.setElement($0, before: $1) }
    }

    static func shown(_ value: RealmValue) -> String {
        switch value {
        case let .string(text): return "\"\(text)\""
        case let .int(number): return String(number)
        case let .double(number): return String(number)
        case let .float(number): return String(number)
        case let .bool(flag): return String(flag)
        case .null: return "null"
        case let .objectId(id): return "oid(\(id))"
        case let .uuid(uuid): return "uuid(\(uuid))"
        case let .decimal(decimal): return decimal.description
        case let .timestamp(time): return "T\(time.seconds):\(time.nanoseconds)"
        case let .link(_, key), let .typedLink(_, key): return "the object with key \(key)"
        default: return "that value"
        }
    }

    private static func isNaN(_ value: RealmValue) -> Bool {
        switch value {
        case let .double(number): return number.isNaN
        case let .float(number): return number.isNaN
        case let .decimal(number): return number.isNaN
        default: return false
        }
    }

    private static func isNumber(_ value: RealmValue) -> Bool {
        switch value {
        case .int, .float, .double, .decimal: return true
        default: return false
        }
    }
}
