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

    /// ISO 8601 in UTC as `TimestampFormatter.iso8601` writes it (`ISO8601Bytes`).
    public mutating func appendISO8601(seconds: Int64, nanoseconds: Int32) {
        commit(ISO8601Bytes.write(seconds: seconds, nanoseconds: nanoseconds, fraction: .trimmed,
                                  to: reserve(ISO8601Bytes.maximumLength)))
    }
}
