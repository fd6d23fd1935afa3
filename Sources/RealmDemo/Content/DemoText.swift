/// A demo string as drawn: sixteen random bytes and whether it is padded. Kept this small so
/// that replaying the random sequence for the links costs no text; `string` builds the text
/// only for the objects being written.
struct DemoText {
    /// Bytes 0-7 and 8-15, most significant first.
    var high: UInt64
    var low: UInt64
    /// One in a hundred strings is padded with " bla" to exactly `paddedLength` bytes.
    var isPadded: Bool

    static let paddedLength = 10_000

    /// An upper-case UUID (version 4, RFC 4122 variant), padded when drawn so.
    var string: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(isPadded ? DemoText.paddedLength : 36)
        for index in 0..<16 {
            var byte = UInt8(truncatingIfNeeded: (index < 8 ? high : low) >> (56 - 8 * (index % 8)))
            if index == 6 { byte = (byte & 0x0F) | 0x40 }
            if index == 8 { byte = (byte & 0x3F) | 0x80 }
            if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(DemoText.hexDigits[Int(byte >> 4)])
            bytes.append(DemoText.hexDigits[Int(byte & 0x0F)])
        }
        if isPadded {
            let pad = Array(" bla".utf8)
            while bytes.count < DemoText.paddedLength { bytes.append(pad[(bytes.count - 36) % pad.count]) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
