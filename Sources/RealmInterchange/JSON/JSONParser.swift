import Foundation

/// A failure to parse JSON, with the byte offset where it was noticed.
public struct JSONParseError: Error, CustomStringConvertible {
    public let offset: Int
    public let message: String
    public var description: String { "JSON parse error at byte \(offset): \(message)" }
}

/// A strict, byte-level JSON parser for the fixture dumps.
///
/// It works directly on the file's UTF-8 bytes through a raw pointer (no per-character `String`
/// processing), because big.json is 47 MB and the tests run in debug builds. String values
/// without escapes are decoded in one call straight from the input bytes.
public struct JSONParser {
    /// Deeper nesting than this is rejected instead of risking the stack (the dumps nest < 20).
    public static let maximumDepth = 512

    private let base: UnsafePointer<UInt8>
    private let end: Int
    private var index = 0

    private init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.end = count
    }

    /// Parses one JSON document; only whitespace may follow it.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw JSONParseError(offset: 0, message: "empty input")
        }
        var parser = JSONParser(base: base, count: bytes.count)
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.end else {
            throw parser.error("unexpected data after the document")
        }
        return value
    }

    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buffer) }
        }
        return try result.get()
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Reads and parses a whole file.
    public static func parse(contentsOfFile path: String) throws -> JSONValue {
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        return try data.withUnsafeBytes { raw in try parse(raw.bindMemory(to: UInt8.self)) }
    }

    /// The elements of the document's top-level array, each with the byte offset where it
    /// starts, so that an import can say on which line a bad record is. A top-level object (the
    /// layout of `export json` without a class) gives the array in its member `member`.
    public static func records(in bytes: UnsafeBufferPointer<UInt8>, member: String) throws(JSONParseError) -> [(offset: Int, value: JSONValue)] {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw JSONParseError(offset: 0, message: "empty input")
        }
        var parser = JSONParser(base: base, count: bytes.count)
        parser.skipWhitespace()
        var records: [(offset: Int, value: JSONValue)]?
        if parser.consume(UInt8(ascii: "{")) {
            var names: [String] = []
            parser.skipWhitespace()
            if !parser.consume(UInt8(ascii: "}")) {
                while true {
                    parser.skipWhitespace()
                    guard parser.index < parser.end, parser.base[parser.index] == UInt8(ascii: "\"") else { throw parser.error("expected a member name") }
                    let key = try parser.parseString()
                    parser.skipWhitespace()
                    guard parser.consume(UInt8(ascii: ":")) else { throw parser.error("expected ':' after a member name") }
                    parser.skipWhitespace()
                    if key == member, records == nil {
                        records = try parser.parseElements()
                    } else {
                        _ = try parser.parseValue(depth: 1)
                        names.append(key)
                    }
                    parser.skipWhitespace()
                    if parser.consume(UInt8(ascii: ",")) { continue }
                    if parser.consume(UInt8(ascii: "}")) { break }
                    throw parser.error("expected ',' or '}' in an object")
                }
            }
            guard records != nil else {
                throw JSONParseError(offset: 0, message: "the top-level object has no member \"\(member)\" (it has \(names.isEmpty ? "none" : names.joined(separator: ", ")))")
            }
        } else {
            records = try parser.parseElements()
        }
        parser.skipWhitespace()
        guard parser.index == parser.end else { throw parser.error("unexpected data after the document") }
        return records ?? []
    }

    /// An array at the current position, each element with its offset.
    private mutating func parseElements() throws(JSONParseError) -> [(offset: Int, value: JSONValue)] {
        guard consume(UInt8(ascii: "[")) else { throw error("expected an array of objects") }
        var elements: [(offset: Int, value: JSONValue)] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return elements }
        while true {
            skipWhitespace()
            let offset = index
            elements.append((offset, try parseValue(depth: 1)))
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { return elements }
            throw error("expected ',' or ']' in an array")
        }
    }

    // MARK: - Grammar

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard index < end else { throw error("unexpected end of input, expected a value") }
        switch base[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected byte 0x\(String(base[index], radix: 16)), expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONParser.maximumDepth else { throw error("nesting deeper than \(JSONParser.maximumDepth)") }
        index += 1  // "{"
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipWhitespace()
            guard index < end, base[index] == UInt8(ascii: "\"") else { throw error("expected a member name") }
            let key = try parseString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw error("expected ':' after a member name") }
            let value = try parseValue(depth: depth)
            members.append(JSONValue.Member(key: key, value: value))
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { return .object(members) }
            throw error("expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONParser.maximumDepth else { throw error("nesting deeper than \(JSONParser.maximumDepth)") }
        index += 1  // "["
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { return .array(elements) }
            throw error("expected ',' or ']' in an array")
        }
    }

    /// Parses a string starting at its opening quote. Unescaped runs are copied as raw UTF-8.
    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes, decode the bytes in place.
        while index < end {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("unescaped control byte in a string") }
            index += 1
        }
        var utf8 = Array(UnsafeBufferPointer(start: base + start, count: index - start))
        while index < end {
            let byte = base[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &utf8)
            case ..<0x20:
                index -= 1
                throw error("unescaped control byte in a string")
            default:
                utf8.append(byte)
            }
        }
        throw error("unterminated string")
    }

    private mutating func appendEscape(to utf8: inout [UInt8]) throws(JSONParseError) {
        guard index < end else { throw error("unterminated escape") }
        let byte = base[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try parseHex4())
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 1 < end, base[index] == UInt8(ascii: "\\"), base[index + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired high surrogate")
                }
                index += 2
                let low = UInt32(try parseHex4())
                guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("unpaired low surrogate")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid code point") }
            utf8.append(contentsOf: UTF8.encode(unicode)!)
        default:
            index -= 1
            throw error("invalid escape character")
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt16 {
        guard index + 4 <= end else { throw error("truncated \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = base[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in a \\u escape")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// Integers are accumulated negatively so that -9223372036854775808 is exact; anything with a
    /// fraction or exponent, or an integer beyond Int64, becomes a Double (standard JSON meaning).
    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        let negative = base[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < end, isDigit(base[index]) else { throw error("expected a digit") }
        if base[index] == UInt8(ascii: "0"), index + 1 < end, isDigit(base[index + 1]) {
            throw error("leading zeros are not allowed")
        }
        var accumulator: Int64 = 0  // always <= 0
        var overflowed = false
        while index < end, isDigit(base[index]) {
            let digit = Int64(base[index] - UInt8(ascii: "0"))
            if !overflowed {
                let (times10, overflow1) = accumulator.multipliedReportingOverflow(by: 10)
                let (next, overflow2) = times10.subtractingReportingOverflow(digit)
                if overflow1 || overflow2 { overflowed = true } else { accumulator = next }
            }
            index += 1
        }
        var isInteger = true
        if index < end, base[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < end, isDigit(base[index]) else { throw error("expected a digit after '.'") }
            while index < end, isDigit(base[index]) { index += 1 }
        }
        if index < end, base[index] == UInt8(ascii: "e") || base[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < end, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index += 1 }
            guard index < end, isDigit(base[index]) else { throw error("expected a digit in the exponent") }
            while index < end, isDigit(base[index]) { index += 1 }
        }
        if isInteger && !overflowed {
            if negative { return .int(accumulator) }
            if accumulator != Int64.min { return .int(-accumulator) }
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
        guard let value = Double(text) else { throw JSONParseError(offset: start, message: "unreadable number \(text)") }
        return .double(value)
    }

    // MARK: - Helpers

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipWhitespace() {
        while index < end {
            switch base[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < end, base[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let length = literal.utf8CodeUnitCount
        guard index + length <= end, memcmp(base + index, literal.utf8Start, length) == 0 else {
            throw error("invalid literal, expected \(literal)")
        }
        index += length
    }

    private func error(_ message: String) -> JSONParseError {
        JSONParseError(offset: index, message: message)
    }
}
