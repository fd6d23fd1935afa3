/// Decimal digits of unsigned integers, two at a time from a table.
public enum DecimalDigits {
    private static let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// How many digits `value` has (1 for 0).
    @inline(__always)
    public static func count(_ value: UInt64) -> Int {
        var digits = 1
        var rest = value
        while rest >= 10_000 {
            rest /= 10_000
            digits += 4
        }
        if rest >= 1000 { return digits + 3 }
        if rest >= 100 { return digits + 2 }
        if rest >= 10 { return digits + 1 }
        return digits
    }

    /// Writes the digits of `value` at `target` (room for 20) and returns how many. Numbers
    /// are cut into groups of eight and four digits, whose pairs do not wait for each other's
    /// divisions (one long chain of divisions by 100 was the slow part).
    @inline(__always)
    public static func write(_ value: UInt64, to target: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 100_000_000 { return writeUpToEight(UInt32(truncatingIfNeeded: value), to: target) }
        if value < 10_000_000_000_000_000 {
            let high = value / 100_000_000
            let length = writeUpToEight(UInt32(truncatingIfNeeded: high), to: target)
            writeEight(UInt32(truncatingIfNeeded: value &- high &* 100_000_000), to: target + length)
            return length &+ 8
        }
        let high = value / 10_000_000_000_000_000
        let rest = value &- high &* 10_000_000_000_000_000
        let middle = rest / 100_000_000
        let length = writeUpToEight(UInt32(truncatingIfNeeded: high), to: target)
        writeEight(UInt32(truncatingIfNeeded: middle), to: target + length)
        writeEight(UInt32(truncatingIfNeeded: rest &- middle &* 100_000_000), to: target + (length &+ 8))
        return length &+ 16
    }

    @inline(__always)
    private static func writeUpToEight(_ value: UInt32, to target: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 10_000 { return writeUpToFour(value, to: target) }
        let high = value / 10_000
        let length = writeUpToFour(high, to: target)
        writeFour(value &- high &* 10_000, to: target + length)
        return length &+ 4
    }

    @inline(__always)
    private static func writeUpToFour(_ value: UInt32, to target: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 10 {
            target[0] = UInt8(truncatingIfNeeded: value) &+ 48
            return 1
        }
        if value < 100 {
            writePair(value, to: target)
            return 2
        }
        if value < 1000 {
            let high = value / 100
            target[0] = UInt8(truncatingIfNeeded: high) &+ 48
            writePair(value &- high &* 100, to: target + 1)
            return 3
        }
        writeFour(value, to: target)
        return 4
    }

    @inline(__always)
    private static func writeEight(_ value: UInt32, to target: UnsafeMutablePointer<UInt8>) {
        let high = value / 10_000
        writeFour(high, to: target)
        writeFour(value &- high &* 10_000, to: target + 4)
    }

    @inline(__always)
    private static func writeFour(_ value: UInt32, to target: UnsafeMutablePointer<UInt8>) {
        let high = value / 100
        writePair(high, to: target)
        writePair(value &- high &* 100, to: target + 2)
    }

    @inline(__always)
    private static func writePair(_ value: UInt32, to target: UnsafeMutablePointer<UInt8>) {
        let pair = UnsafeRawPointer(pairs.utf8Start).loadUnaligned(fromByteOffset: Int(value) &* 2, as: UInt16.self)
        UnsafeMutableRawPointer(target).storeBytes(of: pair, as: UInt16.self)
    }

    /// Writes exactly `digits` digits of `value` (zero-padded on the left) at `target`.
    @inline(__always)
    public static func write(_ value: UInt64, digits: Int, to target: UnsafeMutablePointer<UInt8>) {
        let table = pairs.utf8Start
        var rest = value
        var end = digits
        while end >= 2 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            target[end &- 1] = table[pair &+ 1]
            target[end &- 2] = table[pair]
            end &-= 2
        }
        if end == 1 { target[0] = UInt8(truncatingIfNeeded: rest % 10) &+ 48 }
    }
}
