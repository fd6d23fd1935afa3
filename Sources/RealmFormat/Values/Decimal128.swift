/// An IEEE 754-2008 decimal128 value in BID encoding, as Realm stores Decimal128 properties.
///
/// Kept as its bits so that equal values with different representations (`1`, `1.0`, `1E0`)
/// stay distinguishable, exactly as Realm keeps them.
public struct Decimal128: Hashable, Sendable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The value realm-core writes for 0: coefficient 0, exponent 0.
    public static let zero = Decimal128(high: 0x3040_0000_0000_0000, low: 0)

    static let exponentBias = 6176

    public var isNegative: Bool { high >> 63 == 1 }
    public var isNaN: Bool { (high >> 58) & 0x1F == 0x1F }
    public var isInfinite: Bool { (high >> 59) & 0xF == 0xF && !isNaN }

    /// Coefficient and unbiased exponent of a finite value.
    public var coefficientAndExponent: (coefficient: UInt128, exponent: Int) {
        if (high >> 61) & 3 == 3 {
            // Non-canonical encodings (coefficient over 10^34) mean zero.
            return (0, Int((high >> 47) & 0x3FFF) - Decimal128.exponentBias)
        }
        let exponent = Int((high >> 49) & 0x3FFF) - Decimal128.exponentBias
        let coefficient = UInt128(high & ((1 << 49) - 1)) << 64 | UInt128(low)
        return (coefficient, exponent)
    }

    /// realm-core's rendering: plain digits with a decimal point where the exponent allows,
    /// `1E-30` style otherwise, and `+DIGITSE±N` for coefficients beyond 64 bits.
    public var description: String {
        if isNaN { return "NaN" }
        let sign = isNegative ? "-" : ""
        if isInfinite { return sign + "Inf" }
        let (coefficient, exponent) = coefficientAndExponent
        let digits = String(coefficient)
        if coefficient > UInt128(UInt64.max) {
            return (isNegative ? "-" : "+") + digits + "E" + (exponent < 0 ? "-" : "+") + String(exponent.magnitude)
        }
        if exponent == 0 { return sign + digits }
        if exponent > 0 { return sign + digits + "E" + String(exponent) }
        let fractionDigits = -exponent
        guard digits.count > fractionDigits else { return sign + digits + "E" + String(exponent) }
        let split = digits.index(digits.endIndex, offsetBy: -fractionDigits)
        return sign + digits[..<split] + "." + digits[split...]
    }

    /// Widens a decimal32 (bias 101) or decimal64 (bias 398) BID value to decimal128.
    static func widening(bits: UInt64, width: Int) -> Decimal128 {
        let totalBits = width * 8
        let sign = (bits >> UInt64(totalBits - 1)) & 1
        let signBit = sign << 63
        if (bits >> UInt64(totalBits - 5)) & 0xF == 0xF {
            let isNaN = (bits >> UInt64(totalBits - 6)) & 0x1F == 0x1F
            return Decimal128(high: signBit | (isNaN ? 0x7C00_0000_0000_0000 : 0x7800_0000_0000_0000), low: 0)
        }
        let exponentBits = width == 4 ? 8 : 10
        let bias = width == 4 ? 101 : 398
        let coefficientBits = totalBits - 1 - exponentBits
        let exponent: UInt64
        let coefficient: UInt64
        if (bits >> UInt64(totalBits - 3)) & 3 == 3 {
            exponent = (bits >> UInt64(coefficientBits - 2)) & ((1 << UInt64(exponentBits)) - 1)
            coefficient = (UInt64(4) << UInt64(coefficientBits - 2)) | (bits & ((1 << UInt64(coefficientBits - 2)) - 1))
        } else {
            exponent = (bits >> UInt64(coefficientBits)) & ((1 << UInt64(exponentBits)) - 1)
            coefficient = bits & ((1 << UInt64(coefficientBits)) - 1)
        }
        let biased = UInt64(Int(exponent) - bias + exponentBias)
        return Decimal128(high: signBit | (biased << 49), low: coefficient)
    }
}
