/// Standard base64 (RFC 4648 alphabet, `=` padding): the query language's `B64"…"` literals,
/// binary values in canonical dumps, exports and imports. One decoder for all of them.
///
/// Decoding is strict about what Realm cannot mean (a stray `=`, a length that leaves six
/// dangling bits) so that a typo is an error rather than silently different bytes.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static func sextet(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return UInt32(byte - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }

    /// The decoded bytes, or a reason the text is not base64. Padding may be omitted.
    public static func decode(_ text: [UInt8]) -> Result<[UInt8], Base64Error> {
        var body = text[...]
        var padding = 0
        while body.last == UInt8(ascii: "=") {
            body.removeLast()
            padding += 1
        }
        guard padding <= 2 else { return .failure(.badPadding) }
        if padding > 0, (body.count + padding) % 4 != 0 { return .failure(.badPadding) }
        guard body.count % 4 != 1 else { return .failure(.badLength) }
        var output: [UInt8] = []
        output.reserveCapacity(body.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in body {
            guard let value = sextet(byte) else {
                return .failure(byte == UInt8(ascii: "=") ? .badPadding : .badCharacter)
            }
            accumulator = (accumulator << 6) | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8((accumulator >> UInt32(bits)) & 0xFF))
            }
        }
        return .success(output)
    }

    /// The decoded bytes of `text`, nil where it is not strict base64.
    public static func decode(_ text: String) -> [UInt8]? {
        try? decode(Array(text.utf8)).get()
    }

    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value: UInt32 = 0
            for (position, byte) in chunk.enumerated() { value |= UInt32(byte) << UInt32(16 - 8 * position) }
            for position in 0..<4 {
                if position <= chunk.count {
                    output.append(alphabet[Int((value >> UInt32(18 - 6 * position)) & 0x3F)])
                } else {
                    output.append(UInt8(ascii: "="))
                }
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}

public enum Base64Error: Error, Sendable {
    case badPadding
    case badLength
    case badCharacter

    public var explanation: String {
        switch self {
        case .badPadding: return "'=' may only pad the end, at most twice"
        case .badLength: return "its length leaves a partial byte"
        case .badCharacter: return "it has a character outside A-Z a-z 0-9 + /"
        }
    }
}
