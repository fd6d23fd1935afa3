#if canImport(Glibc)
import Glibc
#endif
import RealmFormat

/// Encodes values in the canonical JSON of Realm's fixture dumps (../shared/fixtures/README.md),
/// so that a dump can be compared value for value with one realm-core produced.
public struct CanonicalValueEncoder {
    let file: RealmFile
    let collections: CollectionReader

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

    func encode(_ collection: CollectionSummary, inMixed: Bool, into text: inout String) throws(RealmFormatError) {
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
    static func printf(_ format: String, _ number: Double) -> String {
        if number.isNaN { return "nan" }
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([number]) { arguments in
            vsnprintf(&buffer, buffer.count, format, arguments)
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func hex64(_ value: UInt64) -> String {
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

/// Standard base64 with padding, for binary values in dumps.
enum Base64 {
    /// The bytes of standard base64 text (padding optional), or nil if it is not base64.
    static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        for character in text.utf8 where character != UInt8(ascii: "=") {
            guard let index = alphabet.firstIndex(of: Character(Unicode.Scalar(character))) else { return nil }
            values.append(UInt8(index))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 3 / 4)
        var index = 0
        while index + 1 < values.count {
            let chunk = values[index..<min(index + 4, values.count)]
            let padded = Array(chunk) + [UInt8](repeating: 0, count: 4 - chunk.count)
            let word = UInt32(padded[0]) << 18 | UInt32(padded[1]) << 12 | UInt32(padded[2]) << 6 | UInt32(padded[3])
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            if chunk.count > 2 { bytes.append(UInt8(truncatingIfNeeded: word >> 8)) }
            if chunk.count > 3 { bytes.append(UInt8(truncatingIfNeeded: word)) }
            index += 4
        }
        return bytes
    }

    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

    static func encode(_ bytes: [UInt8]) -> String {
        var text = ""
        text.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0..<4 {
                if position <= chunk.count {
                    text.append(alphabet[Int((value >> (18 - 6 * UInt32(position))) & 63)])
                } else {
                    text.append("=")
                }
            }
            index += 3
        }
        return text
    }
}
