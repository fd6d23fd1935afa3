/// CSV fields written from bytes with exactly the quoting of `CSV.field`.
///
/// `CSV.field` decides by `Character`s, which for ASCII text are its bytes except that CR LF is
/// one character, equal to neither "\r" nor "\n": a CR LF pair alone does not make a field
/// quoted. That rule is reproduced here for ASCII text. Text with non-ASCII bytes is copied
/// unchanged when it has none of the bytes that can matter (no Unicode character is
/// canonically equivalent to `,`, `"`, CR, LF or a space) and goes through `CSV.field`
/// otherwise, where grapheme clusters can differ from bytes (a quote followed by a combining
/// mark is not a quote character). Bytes that are not UTF-8 go through `CSV.field` as well, which
/// sees them decoded with U+FFFD replacements, as the `String` path always did.
public enum CSVFieldBytes {
    public enum Quoting {
        /// The text is the field.
        case none
        /// `"` + the text with its quotes doubled + `"`.
        case quote
        /// `CSV.field` of the decoded text decides.
        case decode
    }

    public static func quoting(_ text: UnsafeRawBufferPointer) -> Quoting {
        guard let base = text.baseAddress, !text.isEmpty else { return .none }
        let edgeSpace = base.load(as: UInt8.self) == UInt8(ascii: " ")
            || base.load(fromByteOffset: text.count - 1, as: UInt8.self) == UInt8(ascii: " ")
        // One pass over plain ASCII words; the first word with anything else decides the path.
        var index = 0
        while index + 8 <= text.count {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 || mayNeedQuotes(word) { break }
            index += 8
        }
        let rest = UnsafeRawBufferPointer(rebasing: text[index...])
        if UTF8Check.isASCII(rest) {
            // The words skipped hold no CR, so `rest` cannot start inside a CR LF pair.
            return edgeSpace || asciiNeedsQuotes(rest) ? .quote : .none
        }
        return edgeSpace || hasSpecialByte(text) || !UTF8Check.isValid(text) ? .decode : .none
    }

    /// For ASCII text: a comma, a quote, or a CR or LF that is not part of a CR LF pair.
    public static func asciiNeedsQuotes(_ text: UnsafeRawBufferPointer) -> Bool {
        guard let base = text.baseAddress else { return false }
        var index = 0
        // Eight bytes at a time up to the first word holding any of the four bytes.
        while index + 8 <= text.count, !mayNeedQuotes(base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
            index += 8
        }
        while index < text.count {
            switch text[index] {
            case UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "\n"):
                return true
            case UInt8(ascii: "\r"):
                guard index + 1 < text.count, text[index + 1] == UInt8(ascii: "\n") else { return true }
                index += 2
            default:
                index += 1
            }
        }
        return false
    }

    /// Whether any of eight bytes is a comma, a quote, CR or LF.
    @inline(__always)
    public static func mayNeedQuotes(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        @inline(__always) func hasByte(_ byte: UInt64) -> UInt64 {
            let matched = word ^ (ones &* byte)
            return (matched &- ones) & ~matched
        }
        return (hasByte(0x2C) | hasByte(0x22) | hasByte(0x0A) | hasByte(0x0D)) & 0x8080_8080_8080_8080 != 0
    }

    /// How many quotes `text` holds, skipping eight bytes at a time where there are none.
    public static func quoteCount(_ text: UnsafeRawBufferPointer) -> Int {
        guard let base = text.baseAddress else { return 0 }
        let ones: UInt64 = 0x0101_0101_0101_0101
        var count = 0
        var index = 0
        while index + 8 <= text.count {
            let matched = base.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ (ones &* 0x22)
            if (matched &- ones) & ~matched & 0x8080_8080_8080_8080 != 0 {
                for offset in index..<(index + 8) where text[offset] == UInt8(ascii: "\"") { count += 1 }
            }
            index += 8
        }
        for offset in index..<text.count where text[offset] == UInt8(ascii: "\"") { count += 1 }
        return count
    }

    /// Whether any byte is a comma, a quote, CR or LF.
    public static func hasSpecialByte(_ text: UnsafeRawBufferPointer) -> Bool {
        text.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    }
}

extension ByteOutput {
    /// The text of a present value as one field: `""` for empty text, quoted where needed.
    public mutating func appendCSVField(_ text: UnsafeRawBufferPointer) {
        if text.isEmpty {
            append("\"\"")
            return
        }
        switch CSVFieldBytes.quoting(text) {
        case .none:
            append(text)
        case .quote:
            startField()
            append(text)
            quoteField()
            finishField()
        case .decode:
            append(contentsOf: CSV.field(String(decoding: text, as: UTF8.self)))
        }
    }

    /// Quotes the field written since `startField()` as `appendCSVField` would have, and ends it.
    public mutating func finishCSVField() {
        if field.isEmpty {
            append("\"\"")
        } else {
            switch CSVFieldBytes.quoting(field) {
            case .none:
                break
            case .quote:
                quoteField()
            case .decode:
                let text = String(decoding: field, as: UTF8.self)
                removeField()
                finishField()
                append(contentsOf: CSV.field(text))
                return
            }
        }
        finishField()
    }
}
