/// A parsed JSON document, as the canonical fixture dumps need it.
///
/// Objects keep their members in file order (the dumps are ordered: `_key` first, then columns
/// in column order), and integers stay exact `Int64` over the full 64-bit range, which
/// Foundation's `JSONSerialization` does not guarantee (it goes through `Double`/`NSNumber`).
public enum JSONValue: Equatable, Sendable {
    /// One `"key": value` member of an object.
    public struct Member: Equatable, Sendable {
        public let key: String
        public let value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    case object([Member])
    case array([JSONValue])
    case string(String)
    /// An integer literal (no fraction, no exponent) that fits in Int64.
    case int(Int64)
    /// A number with a fraction or exponent, or an integer outside Int64.
    case double(Double)
    case bool(Bool)
    case null

    /// Member `key` of an object (the first one if repeated); nil for non-objects or absent keys.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var members: [Member]? {
        if case let .object(members) = self { return members }
        return nil
    }

    public var array: [JSONValue]? {
        if case let .array(elements) = self { return elements }
        return nil
    }

    public var string: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    public var int: Int64? {
        if case let .int(value) = self { return value }
        return nil
    }

    public var bool: Bool? {
        if case let .bool(value) = self { return value }
        return nil
    }

    public var isNull: Bool { self == .null }

    /// A string member that may be JSON null: `.some(nil)` for null, nil when absent or mistyped.
    public func optionalString(_ key: String) -> String?? {
        switch self[key] {
        case .null?: return .some(nil)
        case let .string(text)?: return .some(text)
        default: return nil
        }
    }
}
