/// Compact JSON text of a parsed value, for messages.
public enum JSONTextRendering {
    public static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case let .bool(flag): return flag ? "true" : "false"
        case let .int(number): return String(number)
        case let .double(number): return "\(number)"
        case let .string(string): return "\"\(string)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
