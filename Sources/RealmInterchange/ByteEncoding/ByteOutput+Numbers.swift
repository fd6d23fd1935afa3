/// Numbers written as ASCII straight into the buffer: what `String(n)`, `"\(x)"` and printf
/// wrote before, without making a `String` per value.
extension ByteOutput {
    /// Decimal, with a `-` for negatives (the full Int64 range, INT64_MIN included).
    @inline(__always)
    public mutating func appendInteger(_ value: Int64) {
        let target = reserve(20)
        var length = 0
        if value < 0 {
            target.pointee = UInt8(ascii: "-")
            length = 1
        }
        length += DecimalDigits.write(value.magnitude, to: target + length)
        commit(length)
    }

    /// C's `%.9g` (`significantDigits` 9) or `%.17g` (17), `nan` for every NaN.
    @inline(__always)
    public mutating func appendPrintf(_ value: Double, significantDigits: Int) {
        let length = PrintfFloatText.write(value, significantDigits: significantDigits, to: reserve(PrintfFloatText.requiredSpace))
        commit(length)
    }

    /// Swift's own shortest round-trip text (`"\(value)"`), which `export` writes for numbers.
    public mutating func appendDescription(_ value: Double) {
        var stream = FloatTextStream(target: reserve(FloatTextStream.room))
        value.write(to: &stream)
        commit(stream.length)
    }

    public mutating func appendDescription(_ value: Float) {
        var stream = FloatTextStream(target: reserve(FloatTextStream.room))
        value.write(to: &stream)
        commit(stream.length)
    }
}
