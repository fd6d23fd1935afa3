import RealmFormat

/// Binary data and dates written as bytes, the same text as `Base64.encode` and
/// `TimestampFormatter.iso8601`.
extension ByteOutput {
    /// Standard base64 with padding.
    public mutating func appendBase64(_ bytes: UnsafeRawBufferPointer) {
        let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
        let letters = alphabet.utf8Start
        var start = 0
        // Pieces of whole 3-byte groups, so that long blobs never ask for more than a reservation.
        let piece = ByteOutput.largestReservation / 4 * 3
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            let target = reserve((end - start + 2) / 3 * 4)
            var length = 0
            var index = start
            while index < end {
                let first = UInt32(bytes[index])
                let second = index + 1 < end ? UInt32(bytes[index + 1]) : 0
                let third = index + 2 < end ? UInt32(bytes[index + 2]) : 0
                let group = first << 16 | second << 8 | third
                target[length] = letters[Int(group >> 18 & 63)]
                target[length + 1] = letters[Int(group >> 12 & 63)]
                target[length + 2] = index + 1 < end ? letters[Int(group >> 6 & 63)] : UInt8(ascii: "=")
                target[length + 3] = index + 2 < end ? letters[Int(group & 63)] : UInt8(ascii: "=")
                length += 4
                index += 3
            }
            commit(length)
            start = end
        }
    }

    /// ISO 8601 in UTC as `TimestampFormatter.iso8601` writes it. Its 128-bit arithmetic is
    /// only needed within a few seconds of the Int64 limits; everything else fits in 64 bits.
    public mutating func appendISO8601(seconds: Int64, nanoseconds: Int32) {
        guard seconds.magnitude < 1 << 62 else {
            append(contentsOf: TimestampFormatter.iso8601(Timestamp(seconds: seconds, nanoseconds: nanoseconds)))
            return
        }
        var wholeSeconds = seconds + Int64(nanoseconds) / 1_000_000_000
        var fraction = Int64(nanoseconds) % 1_000_000_000
        if fraction < 0 {
            wholeSeconds -= 1
            fraction += 1_000_000_000
        }
        var days = wholeSeconds / 86_400
        var secondOfDay = wholeSeconds % 86_400
        if secondOfDay < 0 {
            days -= 1
            secondOfDay += 86_400
        }
        let (year, month, day) = TimestampFormatter.civilDate(daysSinceEpoch: days)
        let target = reserve(48)
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
        if fraction != 0 {
            target[length] = UInt8(ascii: ".")
            DecimalDigits.write(UInt64(fraction), digits: 9, to: target + length + 1)
            length += 10
            while target[length - 1] == UInt8(ascii: "0") { length -= 1 }
        }
        target[length] = UInt8(ascii: "Z")
        commit(length + 1)
    }
}
