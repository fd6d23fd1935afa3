/// Well-formed UTF-8 as the Unicode standard defines it (table 3-7): no overlong forms, no
/// surrogates, nothing above U+10FFFF. Byte encoders copy such text unchanged, because
/// decoding it into a `String` and encoding it again gives back the same bytes.
public enum UTF8Check {
    /// The length of the well-formed sequence starting with the non-ASCII byte at `index`, or 0.
    @inline(__always)
    public static func sequenceLength(_ base: UnsafeRawPointer, at index: Int, count: Int) -> Int {
        @inline(__always) func byte(_ offset: Int) -> UInt8? {
            index &+ offset < count ? base.load(fromByteOffset: index &+ offset, as: UInt8.self) : nil
        }
        @inline(__always) func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            guard let value = byte(offset) else { return false }
            return range.contains(value)
        }
        let lead = base.load(fromByteOffset: index, as: UInt8.self)
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : 0
        case 0xE0:
            return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : 0
        case 0xED:
            return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0:
            return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4:
            return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default:
            return 0
        }
    }

    /// Whether all of `bytes` is well-formed UTF-8.
    public static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        while index < bytes.count {
            if base.load(fromByteOffset: index, as: UInt8.self) < 0x80 {
                index += 1
                continue
            }
            let length = sequenceLength(base, at: index, count: bytes.count)
            guard length > 0 else { return false }
            index += length
        }
        return true
    }

    /// Whether every byte is below 0x80, eight at a time.
    @inline(__always)
    public static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        var high: UInt64 = 0
        while index &+ 8 <= bytes.count {
            high |= base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index &+= 8
        }
        while index < bytes.count {
            high |= UInt64(base.load(fromByteOffset: index, as: UInt8.self))
            index &+= 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }
}
