#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// C's `printf("%.9g")` and `printf("%.17g")`, which the canonical dump prescribes for floats
/// and doubles, written straight into an output buffer.
///
/// Going through `vsnprintf` costs a `withVaList` allocation and glibc's big-number formatting
/// for every value, which was most of a dump's time. printf's result is fully determined by
/// the exact binary value: its first P significant digits, rounded half to even. For a double
/// `m·2^e` (m odd after dropping trailing zero bits) those digits are `⌊m·2^e·10^p⌋` with
/// p = P - 1 - ⌊log₁₀ x⌋, and for values between about 1e-16 and 1e47 that quotient and its
/// remainder can be computed exactly in 128-bit integers (`m·5^p` shifted, or `m·2^a / 5^q`).
/// Values outside that range (or whose products would overflow) go to `vsnprintf` as before.
/// `ByteEncodingTests` compares the two on random values of every magnitude (`PRINTF_CHECK_ROUNDS`
/// makes that millions; 130 million found no difference).
public enum PrintfFloatText {
    /// Room the caller must provide at `out`: the text, plus scratch space for the digits.
    public static let requiredSpace = 48

    /// Writes `%.{significantDigits}g` of `value` (9 or 17 digits) at `out` and returns its
    /// length. NaN is `nan` whatever its sign bit, as the canonical dump spells it.
    public static func write(_ value: Double, significantDigits: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if value.isNaN { return copy("nan", to: out) }
        var length = 0
        if value.sign == .minus {
            out[0] = UInt8(ascii: "-")
            length = 1
        }
        if value.isInfinite { return length + copy("inf", to: out + length) }
        if value == 0 {
            out[length] = UInt8(ascii: "0")
            return length + 1
        }
        guard let (digits, exponent) = roundedDigits(value.magnitude, significantDigits) else {
            return viaPrintf(value, significantDigits: significantDigits, to: out)
        }
        return length + layout(digits, exponent: exponent, significantDigits: significantDigits, to: out + length)
    }

    // MARK: - Digits

    /// `5^n` for n in 0...55 (5^55 < 2^128).
    private static let powersOfFive: [UInt128] = {
        var powers: [UInt128] = [1]
        for _ in 1...55 { powers.append(powers[powers.count - 1] * 5) }
        return powers
    }()

    private static let powersOfTen: [UInt64] = {
        var powers: [UInt64] = [1]
        for _ in 1...19 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    /// The P-digit integer printf prints (`10^(P-1) ≤ digits < 10^P`) and the decimal exponent
    /// of its first digit, for finite positive `x`; nil where 128 bits do not hold the arithmetic.
    public static func roundedDigits(_ x: Double, _ significantDigits: Int) -> (digits: UInt64, exponent: Int)? {
        let bits = x.bitPattern
        let biased = Int(truncatingIfNeeded: bits >> 52)
        var mantissa = bits & (1 << 52 - 1)
        var exponent: Int
        if biased == 0 {
            exponent = -1074
        } else {
            mantissa |= 1 << 52
            exponent = biased - 1075
        }
        let zeros = mantissa.trailingZeroBitCount
        mantissa >>= UInt64(zeros)
        exponent += zeros
        let bitLength = 64 - mantissa.leadingZeroBitCount
        // x lies in [2^b, 2^(b+1)), so ⌊log₁₀ x⌋ is this estimate or one more; the range check
        // on the digits below settles which.
        var decimalExponent = ((exponent + bitLength - 1) * 78913) >> 18
        let lowest = powersOfTen[significantDigits - 1]
        let limit = powersOfTen[significantDigits]
        for _ in 0..<3 {
            guard let (quotient, rounding) = scaled(mantissa, exponent, bitLength, power: significantDigits - 1 - decimalExponent) else {
                return nil
            }
            if quotient >= UInt128(limit) {
                decimalExponent += 1
                continue
            }
            if quotient < UInt128(lowest) {
                decimalExponent -= 1
                continue
            }
            var digits = UInt64(quotient)
            if rounding == .above || (rounding == .half && digits & 1 == 1) {
                digits += 1
                if digits == limit {
                    digits = lowest
                    decimalExponent += 1
                }
            }
            return (digits, decimalExponent)
        }
        return nil
    }

    public enum Remainder {
        case belowHalf, half, above
    }

    /// `⌊m·2^e·10^p⌋` and how its remainder compares with one half; nil if 128 bits do not suffice.
    private static func scaled(_ mantissa: UInt64, _ exponent: Int, _ bitLength: Int, power: Int) -> (UInt128, Remainder)? {
        if power >= 0 {
            guard power < powersOfFive.count else { return nil }
            let (high, product) = UInt128(mantissa).multipliedFullWidth(by: powersOfFive[power])
            guard high == 0 else { return nil }
            let shift = exponent + power
            if shift >= 0 {
                guard shift < product.leadingZeroBitCount else { return nil }
                return (product << shift, .belowHalf)
            }
            let right = -shift
            guard right < 128 else { return nil }
            let remainder = product & (UInt128(1) << right - 1)
            let half = UInt128(1) << (right - 1)
            return (product >> right, remainder < half ? .belowHalf : remainder == half ? .half : .above)
        }
        let fives = -power
        guard fives < powersOfFive.count else { return nil }
        let twos = exponent - fives
        let numerator: UInt128
        var denominator = powersOfFive[fives]
        if twos >= 0 {
            guard bitLength + twos <= 127 else { return nil }
            numerator = UInt128(mantissa) << twos
        } else {
            guard -twos + 1 < denominator.leadingZeroBitCount else { return nil }
            numerator = UInt128(mantissa)
            denominator <<= -twos
        }
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        let doubled = remainder << 1
        return (quotient, doubled < denominator ? .belowHalf : doubled == denominator ? .half : .above)
    }

    // MARK: - Layout

    /// `%g`'s choice: fixed notation for exponents from -4 to P-1, else `d.ddde±XX`; trailing
    /// zeros of the fraction and a bare decimal point are dropped.
    private static func layout(_ value: UInt64, exponent: Int, significantDigits: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        // The digits go to scratch space past the longest text (23 bytes) and are copied from there.
        let digits = out + 24
        var rest = value
        for index in stride(from: significantDigits - 1, through: 0, by: -1) {
            digits[index] = UInt8(truncatingIfNeeded: rest % 10) &+ 48
            rest /= 10
        }
        var used = significantDigits
        while used > 1 && digits[used - 1] == UInt8(ascii: "0") { used -= 1 }
        var length = 0
        func put(_ byte: UInt8) {
            out[length] = byte
            length += 1
        }
        if exponent >= -4 && exponent < significantDigits {
            if exponent >= 0 {
                for index in 0...exponent { put(digits[index]) }
                if used > exponent + 1 {
                    put(UInt8(ascii: "."))
                    for index in (exponent + 1)..<used { put(digits[index]) }
                }
            } else {
                put(UInt8(ascii: "0"))
                put(UInt8(ascii: "."))
                for _ in 0..<(-exponent - 1) { put(UInt8(ascii: "0")) }
                for index in 0..<used { put(digits[index]) }
            }
            return length
        }
        put(digits[0])
        if used > 1 {
            put(UInt8(ascii: "."))
            for index in 1..<used { put(digits[index]) }
        }
        put(UInt8(ascii: "e"))
        put(exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let magnitude = exponent.magnitude
        if magnitude >= 100 { put(UInt8(truncatingIfNeeded: magnitude / 100) &+ 48) }
        put(UInt8(truncatingIfNeeded: magnitude / 10 % 10) &+ 48)
        put(UInt8(truncatingIfNeeded: magnitude % 10) &+ 48)
        return length
    }

    private static func copy(_ text: StaticString, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        return text.utf8CodeUnitCount
    }

    /// printf itself, for the values the 128-bit path leaves out.
    public static func viaPrintf(_ value: Double, significantDigits: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let written = withVaList([value]) { arguments in
            out.withMemoryRebound(to: CChar.self, capacity: requiredSpace) { text in
                vsnprintf(text, requiredSpace, significantDigits == 9 ? "%.9g" : "%.17g", arguments)
            }
        }
        return Int(max(0, min(written, Int32(requiredSpace - 1))))
    }
}
