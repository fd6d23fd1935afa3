import RealmFormat

/// A timestamp's ISO 8601 text in UTC written as bytes, the same text as
/// `TimestampFormatter.iso8601`: for `ByteOutput` (dump, export) and for the parameters
/// `export sqlite` binds. Its 128-bit arithmetic is only needed within a few seconds of the
/// Int64 limits; everything else fits in 64 bits.
public enum ISO8601Bytes {
    /// The most any timestamp takes (`-292277022657-01-27T08:29:51.000000001Z` is 38 bytes).
    public static let maximumLength = 48

    /// Writes the text at `target` (room for `maximumLength`) and returns its length.
    public static func write(seconds: Int64, nanoseconds: Int32, fraction: TimestampFormatter.Fraction,
                             to target: UnsafeMutablePointer<UInt8>) -> Int {
        guard seconds.magnitude < 1 << 62 else {
            var text = TimestampFormatter.iso8601(Timestamp(seconds: seconds, nanoseconds: nanoseconds), fraction: fraction)
            return text.withUTF8 { bytes in
                guard let base = bytes.baseAddress else { return 0 }
                let length = min(bytes.count, maximumLength)
                target.update(from: base, count: length)
                return length
            }
        }
        var wholeSeconds = seconds + Int64(nanoseconds) / 1_000_000_000
        var nanos = Int64(nanoseconds) % 1_000_000_000
        if nanos < 0 {
            wholeSeconds -= 1
            nanos += 1_000_000_000
        }
        var days = wholeSeconds / 86_400
        var secondOfDay = wholeSeconds % 86_400
        if secondOfDay < 0 {
            days -= 1
            secondOfDay += 86_400
        }
        let (year, month, day) = TimestampFormatter.civilDate(daysSinceEpoch: days)
        var length = 0
        if year < 0 {
            target[0] = UInt8(ascii: "-")
            length = 1
        }
        let yearDigits = max(4, DecimalDigits.count(year.magnitude))
        DecimalDigits.write(year.magnitude, digits: yearDigits, to: target + length)
        length += yearDigits
        @inline(__always) func field(_ separator: Unicode.Scalar, _ value: Int64) {
            target[length] = UInt8(ascii: separator)
            DecimalDigits.write(UInt64(value), digits: 2, to: target + length + 1)
            length += 3
        }
        field("-", month)
        field("-", day)
        field("T", secondOfDay / 3600)
        field(":", secondOfDay / 60 % 60)
        field(":", secondOfDay % 60)
        if nanos != 0 || fraction == .nanoseconds {
            target[length] = UInt8(ascii: ".")
            DecimalDigits.write(UInt64(nanos), digits: 9, to: target + length + 1)
            length += 10
            if fraction == .trimmed {
                while target[length - 1] == UInt8(ascii: "0") { length -= 1 }
            }
        }
        target[length] = UInt8(ascii: "Z")
        return length + 1
    }
}
