import RealmFormat

/// Reads back the text `export` writes for scalars that have no JSON type of their own: ISO 8601
/// dates (any year a Realm timestamp holds, nanoseconds kept), Decimal128 in Realm's notation,
/// ObjectIds and UUIDs in hex. Each returns nil when the text is not of that kind.
public enum ScalarTextParser {
    /// `YYYY-MM-DD`, optionally `THH:MM:SS` (or a space, or `@`) with up to nine fraction
    /// digits, optionally `Z`; years may be negative or longer than four digits. Always UTC.
    /// Realm's `T<seconds>:<nanoseconds>` form is read too.
    public static func timestamp(_ text: String) -> Timestamp? {
        if text.hasPrefix("T"), let colon = text.firstIndex(of: ":"),
           let seconds = Int64(text[text.index(after: text.startIndex)..<colon]),
           let nanoseconds = Int32(text[text.index(after: colon)...]), abs(Int64(nanoseconds)) < 1_000_000_000,
           !(seconds > 0 && nanoseconds < 0), !(seconds < 0 && nanoseconds > 0) {
            return Timestamp(seconds: seconds, nanoseconds: nanoseconds)
        }
        var bytes = Array(text.utf8)[...]
        let negativeYear = bytes.first == UInt8(ascii: "-")
        if negativeYear { bytes.removeFirst() }
        if bytes.last == UInt8(ascii: "Z") { bytes.removeLast() }
        func number(_ minimum: Int, _ maximum: Int) -> Int64? {
            var digits = 0
            var value: Int64 = 0
            while let byte = bytes.first, byte >= 48, byte <= 57, digits < maximum {
                value = value * 10 + Int64(byte - 48)
                digits += 1
                bytes.removeFirst()
            }
            return digits >= minimum ? value : nil
        }
        func expect(_ separators: String) -> Bool {
            guard let byte = bytes.first, separators.utf8.contains(byte) else { return false }
            bytes.removeFirst()
            return true
        }
        guard let yearDigits = number(4, 12), expect("-"), let month = number(2, 2), expect("-"), let day = number(2, 2) else { return nil }
        let year = negativeYear ? -yearDigits : yearDigits
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        var hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0, nanoseconds: Int64 = 0
        if !bytes.isEmpty {
            guard expect("T @"), let h = number(2, 2), expect(":"), let m = number(2, 2), expect(":"), let s = number(2, 2),
                  h < 24, m < 60, s < 60 else { return nil }
            (hour, minute, second) = (h, m, s)
            if expect(".") {
                let start = bytes.count
                guard let fraction = number(1, 9) else { return nil }
                var scale = 9 - (start - bytes.count)
                nanoseconds = fraction
                while scale > 0 { nanoseconds *= 10; scale -= 1 }
            }
            guard bytes.isEmpty else { return nil }
        }
        // Exact in 128 bits, so the earliest instants `TimestampFormatter` writes (whose whole
        // seconds lie just below INT64_MIN) are read back too.
        let seconds = Int128(daysSinceEpoch(year: year, month: month, day: day)) * 86_400 + Int128(hour * 3600 + minute * 60 + second)
        // Realm keeps both parts on the same side of zero: 1969-12-31T23:59:59.5Z is (0, -5e8).
        let (storedSeconds, storedNanoseconds) = seconds < 0 && nanoseconds > 0
            ? (seconds + 1, nanoseconds - 1_000_000_000) : (seconds, nanoseconds)
        guard let realmSeconds = Int64(exactly: storedSeconds) else { return nil }
        return Timestamp(seconds: realmSeconds, nanoseconds: Int32(storedNanoseconds))
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar (400-year eras of 146,097 days).
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era &* 146_097 &+ dayOfEra &- 719_468
    }

    /// `-1.5`, `1E-30`, `+12345678901234567890123E-3`, `NaN`, `Inf`, `-Inf`, `-0`: at most 34
    /// significant digits and an exponent Decimal128 can hold, encoded as IEEE 754 BID.
    public static func decimal(_ text: String) -> Decimal128? {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes.removeFirst()
        }
        let word = String(decoding: bytes, as: UTF8.self).lowercased()
        let signBit: UInt64 = negative ? 1 << 63 : 0
        if word == "nan" { return Decimal128(high: 0x7C00_0000_0000_0000, low: 0) }
        if word == "inf" || word == "infinity" { return Decimal128(high: signBit | 0x7800_0000_0000_0000, low: 0) }
        var coefficient: UInt128 = 0
        var digits = 0
        var exponent = 0
        var sawDigit = false
        var afterPoint = false
        while let byte = bytes.first {
            if byte >= 48 && byte <= 57 {
                sawDigit = true
                if coefficient > 0 || byte != 48 { digits += 1 }
                guard digits <= 34 else { return nil }
                coefficient = coefficient * 10 + UInt128(byte - 48)
                if afterPoint { exponent -= 1 }
            } else if byte == UInt8(ascii: "."), !afterPoint {
                afterPoint = true
            } else {
                break
            }
            bytes.removeFirst()
        }
        guard sawDigit else { return nil }
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            bytes.removeFirst()
            guard let written = Int(String(decoding: bytes, as: UTF8.self)), abs(written) < 100_000 else { return nil }
            exponent += written
            bytes = []
        }
        guard bytes.isEmpty, exponent >= -6176, exponent <= 6111 else { return nil }
        let biased = UInt64(exponent + 6176)
        let high = signBit | biased << 49 | UInt64(truncatingIfNeeded: coefficient >> 64)
        return Decimal128(high: high, low: UInt64(truncatingIfNeeded: coefficient))
    }

    /// 24 hex digits.
    public static func objectId(_ text: String) -> ObjectId? {
        guard text.utf8.count == 24, let bytes = hexBytes(text) else { return nil }
        return ObjectId(bytes: bytes)
    }

    /// 8-4-4-4-12 hex digits.
    public static func uuid(_ text: String) -> RealmUUID? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.map(\.utf8.count) == [8, 4, 4, 4, 12], let bytes = hexBytes(parts.joined()) else { return nil }
        return RealmUUID(bytes: bytes)
    }

    private static func hexBytes(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in text.utf8 {
            let nibble: UInt8
            switch character {
            case 48...57: nibble = character - 48
            case 97...102: nibble = character - 87
            case 65...70: nibble = character - 55
            default: return nil
            }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return high == nil ? bytes : nil
    }
}
