/// JSON strings written from the stored UTF-8 bytes, escaped as `CanonicalValueEncoder.appendJSONString`
/// escapes them (`"`, `\` and control characters only), without decoding them into a `String`.
///
/// The bytes are copied as they are, eight at a time while none needs attention, after checking
/// that each multi-byte sequence is well-formed UTF-8: only then does decoding and re-encoding
/// (what the `String` path did) give back the same bytes. A string that is not valid UTF-8 goes
/// through that `String` path, so its ill-formed sequences become U+FFFD exactly as before.
public enum JSONStringBytes {
    /// Strings up to this many bytes are escaped in one piece (six output bytes per input byte
    /// at most); longer ones are checked first and then written in pieces.
    public static let pieceSize = 16384

    /// Writes `bytes` as a quoted JSON string at `target` (room for `6·count + 2`) and returns
    /// the length, or nil if the bytes are not valid UTF-8.
    public static func write(_ bytes: UnsafeRawBufferPointer, quoted: Bool, to target: UnsafeMutablePointer<UInt8>) -> Int? {
        var length = 0
        if quoted {
            target[0] = UInt8(ascii: "\"")
            length = 1
        }
        guard let base = bytes.baseAddress else {
            if quoted { target[1] = UInt8(ascii: "\"") }
            return quoted ? 2 : 0
        }
        let count = bytes.count
        var index = 0
        while index < count {
            while index &+ 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if needsAttention(word) { break }
                UnsafeMutableRawPointer(target + length).storeBytes(of: word, as: UInt64.self)
                index &+= 8
                length &+= 8
            }
            guard index < count else { break }
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            if byte >= 0x80 {
                let sequence = UTF8Check.sequenceLength(base, at: index, count: count)
                guard sequence > 0 else { return nil }
                for offset in 0..<sequence { target[length &+ offset] = base.load(fromByteOffset: index &+ offset, as: UInt8.self) }
                index &+= sequence
                length &+= sequence
                continue
            }
            length &+= escape(byte, to: target + length)
            index &+= 1
        }
        if quoted {
            target[length] = UInt8(ascii: "\"")
            length &+= 1
        }
        return length
    }

    /// Whether any of eight bytes is a quote, a backslash, a control character or non-ASCII.
    @inline(__always)
    public static func needsAttention(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let belowSpace = (word &- ones &* 0x20) & ~word
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        return (word | belowSpace | hasQuote | hasBackslash) & highs != 0
    }

    /// One ASCII byte as it appears inside a JSON string.
    @inline(__always)
    private static func escape(_ byte: UInt8, to target: UnsafeMutablePointer<UInt8>) -> Int {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            target[0] = UInt8(ascii: "\\")
            target[1] = byte
            return 2
        case 0x0A: return pair(UInt8(ascii: "n"), target)
        case 0x0D: return pair(UInt8(ascii: "r"), target)
        case 0x09: return pair(UInt8(ascii: "t"), target)
        case 0x08: return pair(UInt8(ascii: "b"), target)
        case 0x0C: return pair(UInt8(ascii: "f"), target)
        case 0..<0x20:
            // `\u00XX`, lower-case hex as `String(_:radix: 16)` wrote it.
            let hex: StaticString = "0123456789abcdef"
            target[0] = UInt8(ascii: "\\")
            target[1] = UInt8(ascii: "u")
            target[2] = UInt8(ascii: "0")
            target[3] = UInt8(ascii: "0")
            target[4] = hex.utf8Start[Int(byte >> 4)]
            target[5] = hex.utf8Start[Int(byte & 15)]
            return 6
        default:
            target[0] = byte
            return 1
        }
    }

    @inline(__always)
    private static func pair(_ letter: UInt8, _ target: UnsafeMutablePointer<UInt8>) -> Int {
        target[0] = UInt8(ascii: "\\")
        target[1] = letter
        return 2
    }
}

extension ByteOutput {
    /// `bytes` (a stored string) as a quoted JSON string.
    public mutating func appendJSONString(_ bytes: UnsafeRawBufferPointer) {
        if bytes.count <= JSONStringBytes.pieceSize {
            if let length = JSONStringBytes.write(bytes, quoted: true, to: reserve(6 &* bytes.count &+ 2)) {
                commit(length)
            } else {
                appendJSONStringDecoding(bytes)
            }
            return
        }
        guard UTF8Check.isValid(bytes) else {
            appendJSONStringDecoding(bytes)
            return
        }
        append(UInt8(ascii: "\""))
        var start = 0
        while start < bytes.count {
            // Pieces end at the start of a sequence, so each is valid on its own.
            var end = min(bytes.count, start + JSONStringBytes.pieceSize)
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end -= 1 }
            let piece = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            commit(JSONStringBytes.write(piece, quoted: false, to: reserve(6 &* piece.count)) ?? 0)
            start = end
        }
        append(UInt8(ascii: "\""))
    }

    public mutating func appendJSONString(_ text: String) {
        var text = text
        text.withUTF8 { appendJSONString(UnsafeRawBufferPointer($0)) }
    }

    /// The `String` path for bytes that are not valid UTF-8: decoded with U+FFFD replacements.
    private mutating func appendJSONStringDecoding(_ bytes: UnsafeRawBufferPointer) {
        var text = ""
        CanonicalValueEncoder.appendJSONString(String(decoding: bytes, as: UTF8.self), to: &text)
        append(contentsOf: text)
    }
}
