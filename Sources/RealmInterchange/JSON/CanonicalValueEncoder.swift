#if canImport(Glibc)
import Glibc
#endif
import RealmFormat

/// Encodes values in the canonical JSON of Realm's fixture dumps (../shared/fixtures/README.md),
/// so that a dump can be compared value for value with one realm-core produced.
public struct CanonicalValueEncoder {
    public let file: RealmFile
    public let collections: CollectionReader

    public init(file: RealmFile) {
        self.file = file
        collections = CollectionReader(file: file)
    }

    /// Appends `value` to `text`; `inMixed` marks values held in Mixed properties, where ints
    /// are wrapped as `{"$int": n}` to stay distinguishable from other numbers.
    public func encode(_ value: RealmValue, inMixed: Bool, into text: inout String) throws(RealmFormatError) {
        switch value {
        case .null: text += "null"
        case let .int(number): text += inMixed ? "{\"$int\": \(number)}" : String(number)
        case let .bool(flag): text += flag ? "true" : "false"
        case let .float(number): text += "{\"$float\": \"" + Self.printf("%.9g", Double(number)) + "\"}"
        case let .double(number): text += "{\"$double\": \"" + Self.printf("%.17g", number) + "\"}"
        case let .string(string): Self.appendJSONString(string, to: &text)
        case let .binary(bytes): text += "{\"$binary\": \"" + Base64.encode(bytes) + "\"}"
        case let .timestamp(timestamp): text += "{\"$date\": [\(timestamp.seconds), \(timestamp.nanoseconds)]}"
        case let .objectId(id): text += "{\"$oid\": \"\(id)\"}"
        case let .uuid(uuid): text += "{\"$uuid\": \"\(uuid)\"}"
        case let .decimal(decimal):
            text += "{\"$decimal\": \"\(decimal)\", \"bits\": \"" + Self.hex64(decimal.high) + Self.hex64(decimal.low) + "\"}"
        case let .link(table, key), let .typedLink(table, key):
            text += "{\"$link\": ["
            Self.appendJSONString(file.table(withKey: table)?.name ?? "?", to: &text)
            text += ", \(key)]}"
        case let .collection(collection):
            try encode(collection, inMixed: inMixed, into: &text)
        }
    }

    public func encode(_ collection: CollectionSummary, inMixed: Bool, into text: inout String) throws(RealmFormatError) {
        let elementsAreMixed = inMixed || collection.elementType == .mixed
        if collection.kind == .dictionary {
            text += "{\"$dict\": ["
            for (index, entry) in try collections.entries(of: collection).enumerated() {
                text += index == 0 ? "[" : ", ["
                if case let .string(key) = entry.key { Self.appendJSONString(key, to: &text) } else {
                    try encode(entry.key, inMixed: false, into: &text)
                }
                text += ", "
                try encode(entry.value, inMixed: elementsAreMixed, into: &text)
                text += "]"
            }
            text += "]}"
            return
        }
        text += "["
        for (index, element) in try collections.elements(of: collection).enumerated() {
            if index > 0 { text += ", " }
            try encode(element, inMixed: elementsAreMixed, into: &text)
        }
        text += "]"
    }

    /// C printf formatting, which the dump format specifies for floating point (`%.9g`, `%.17g`),
    /// with NaN spelled `nan` whatever its sign.
    public static func printf(_ format: String, _ number: Double) -> String {
        if number.isNaN { return "nan" }
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([number]) { arguments in
            vsnprintf(&buffer, buffer.count, format, arguments)
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public static func hex64(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// JSON string with only `"`, `\` and control characters escaped, as the dumps write them.
    public static func appendJSONString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
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
