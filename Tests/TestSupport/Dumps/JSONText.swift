import RealmInterchange

/// Compact JSON text of a `JSONValue`, for failure messages and for order-insensitive comparison.
///
/// Golden-test failures must say which value differs without pasting megabytes, so `compact`
/// can cut the text short; `canonical` sorts object members so that two values are equal
/// exactly when their canonical texts are (it is the sort key of the unordered comparisons).
public enum JSONText {
    /// `value` as one line of JSON with `", "` and `": "` separators, members in stored order,
    /// cut to `limit` characters (with a marker saying how long it really was).
    public static func compact(_ value: JSONValue, limit: Int = 160) -> String {
        var text = ""
        append(value, sortedMembers: false, to: &text)
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "… (\(text.utf8.count) bytes)"
    }

    /// `value` with object members sorted by name (byte order), never cut.
    public static func canonical(_ value: JSONValue) -> String {
        var text = ""
        append(value, sortedMembers: true, to: &text)
        return text
    }

    private static func append(_ value: JSONValue, sortedMembers: Bool, to text: inout String) {
        switch value {
        case .null: text += "null"
        case let .bool(flag): text += flag ? "true" : "false"
        case let .int(number): text += String(number)
        case let .double(number): text += "\(number)"
        case let .string(string): appendString(string, to: &text)
        case let .array(elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += ", " }
                append(element, sortedMembers: sortedMembers, to: &text)
            }
            text += "]"
        case let .object(members):
            let ordered = sortedMembers ? members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : members
            text += "{"
            for (index, member) in ordered.enumerated() {
                if index > 0 { text += ", " }
                appendString(member.key, to: &text)
                text += ": "
                append(member.value, sortedMembers: sortedMembers, to: &text)
            }
            text += "}"
        }
    }

    /// Escapes `"`, `\` and control characters; everything else is kept as is, so two strings
    /// get the same text only if their bytes are equal.
    private static func appendString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            default:
                if scalar.value < 0x20 {
                    let digits = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}
