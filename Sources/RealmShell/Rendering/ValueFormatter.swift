import RealmFormat
import RealmInterchange

/// Turns values into text for people: compact in table cells, complete in the object view.
///
/// Strings are quoted in the object view so that an empty string is visibly different from
/// `null`; in tables they are bare, and `null` is the only unquoted marker.
public struct ValueFormatter {
    /// Longest cell in a table, in terminal columns (`TextWidth`), before it is cut with an ellipsis.
    public var maximumCellWidth = 40

    public init() {}

    /// A label for a link target, e.g. `Category[2] "Birds"`.
    public typealias LinkLabeler = (_ table: UInt32, _ key: Int64) -> String

    public func cell(_ value: RealmValue, link: LinkLabeler) -> String {
        truncate(text(value, link: link))
    }

    /// A table cell before it is cut to width: strings bare (control characters escaped), other
    /// values as in the object view.
    public func text(_ value: RealmValue, link: LinkLabeler) -> String {
        if case let .string(text) = value { return escapeControlCharacters(text) }
        return detail(value, link: link)
    }

    /// A value as a cell of every output mode; `json` is its canonical encoding, when needed.
    func outputCell(_ value: RealmValue, link: LinkLabeler, json: String? = nil) -> Cell {
        switch value {
        case .null: return Cell(text: "null", raw: "", json: json ?? "null", kind: .null)
        case let .string(string): return Cell(text: escapeControlCharacters(string), raw: string, json: json)
        case .int, .float, .double, .decimal: return Cell(text: detail(value, link: link), json: json, kind: .number)
        case .link, .typedLink: return Cell(text: detail(value, link: link), json: json, kind: .link)
        case .timestamp, .objectId, .uuid: return Cell(text: detail(value, link: link), json: json, keepsWhole: true)
        default: return Cell(text: detail(value, link: link), json: json)
        }
    }

    public func detail(_ value: RealmValue, link: LinkLabeler) -> String {
        switch value {
        case .null: return "null"
        case let .int(number): return String(number)
        case let .bool(flag): return flag ? "true" : "false"
        case let .float(number): return NumberText.text(of: number)
        case let .double(number): return NumberText.text(of: number)
        case let .string(text): return quoted(text)
        case let .binary(bytes): return binaryText(bytes)
        case let .timestamp(timestamp): return TimestampFormatter.iso8601(timestamp)
        case let .objectId(id): return id.description
        case let .uuid(uuid): return uuid.description
        case let .decimal(decimal): return decimal.description
        case let .link(table, key), let .typedLink(table, key): return link(table, key)
        case let .collection(summary):
            let count = summary.elementCount
            let unit = summary.kind == .dictionary ? (count == 1 ? "entry" : "entries") : (count == 1 ? "item" : "items")
            return "\(summary.kind) (\(count) \(unit))"
        }
    }

    /// Longest string quoted whole in a link label or an edit's confirmation.
    public static let previewLength = 80

    /// A value where it is only repeated (a link label, the confirmation of `set`): a long
    /// string is cut, with its length, so a 16 MiB value does not flood the terminal.
    public func preview(_ value: RealmValue, link: LinkLabeler) -> String {
        guard case let .string(text) = value, text.count > ValueFormatter.previewLength else { return detail(value, link: link) }
        let cut = quoted(String(text.prefix(ValueFormatter.previewLength - 1)))
        return String(cut.dropLast()) + "…\" (\(text.count) characters)"
    }

    func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\0": result += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    func escapeControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        let quotedText = quoted(text)
        return String(quotedText.dropFirst().dropLast())
    }

    func binaryText(_ bytes: [UInt8]) -> String {
        let preview = bytes.prefix(8).map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined(separator: " ")
        let more = bytes.count > 8 ? " …" : ""
        return "<\(bytes.count) byte\(bytes.count == 1 ? "" : "s")\(bytes.isEmpty ? "" : ": " + preview + more)>"
    }

    func truncate(_ text: String) -> String {
        TextWidth.cut(text, to: maximumCellWidth)
    }
}
