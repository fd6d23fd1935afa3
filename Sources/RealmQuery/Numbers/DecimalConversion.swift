import Foundation
import RealmFormat

/// Decimal128 values as exact numbers, for Realm's comparisons of decimals with decimals,
/// integers, doubles and floats, and decimal literals read from a query's text.
enum DecimalConversion {
    /// A decimal's value: finite (sign, coefficient, exponent) or an infinity. NaN has none.
    enum Value: Equatable {
        case finite(negative: Bool, coefficient: UInt128, exponent: Int)
        case infinite(negative: Bool)
    }

    static let maxDigits = 34
    static let minExponent = -6176
    static let maxExponent = 6111

    /// Ints exactly. Doubles and floats as Realm turns them into decimals before comparing them
    /// with one: rounded to 15 and 7 significant digits, the precision each type carries
    /// (realm-core #5191 "Fix imprecise conversion from double/float to Decimal128" and #5270,
    /// which converts a float directly), so that the double 0.1 equals the decimal 0.1 and
    /// the decimal 0.1000000000000000001 does not exceed it. Nil for NaN and other types.
    static func value(_ number: RealmValue) -> Value? {
        switch number {
        case let .int(integer): return .finite(negative: integer < 0, coefficient: UInt128(integer.magnitude), exponent: 0)
        case let .double(double): return value(of: double, significantDigits: 15)
        case let .float(float): return value(of: Double(float), significantDigits: 7)
        case let .decimal(decimal):
            if decimal.isNaN { return nil }
            if decimal.isInfinite { return .infinite(negative: decimal.isNegative) }
            let (coefficient, exponent) = decimal.coefficientAndExponent
            return .finite(negative: decimal.isNegative, coefficient: coefficient, exponent: exponent)
        default: return nil
        }
    }

    static func value(of double: Double, significantDigits: Int) -> Value? {
        if double.isNaN { return nil }
        if double.isInfinite { return .infinite(negative: double < 0) }
        if double == 0 { return .finite(negative: double.sign == .minus, coefficient: 0, exponent: 0) }
        // printf rounds the exact binary value correctly: "-1.23456789012346e+300".
        let text = String(format: "%.\(significantDigits - 1)e", double)
        return parse(text).map(Value.init)
    }

    /// The order of two decimal values: -Inf, the finite values by exact value (-0 equals 0,
    /// 1.0 equals 1 and 1E0), +Inf.
    static func order(_ a: Value, _ b: Value) -> Int {
        switch (a, b) {
        case let (.infinite(x), .infinite(y)): return x == y ? 0 : (x ? -1 : 1)
        case let (.infinite(x), .finite): return x ? -1 : 1
        case let (.finite, .infinite(y)): return y ? 1 : -1
        case let (.finite(aNegative, aCoefficient, aExponent), .finite(bNegative, bCoefficient, bExponent)):
            let aSign = aCoefficient == 0 ? 0 : (aNegative ? -1 : 1)
            let bSign = bCoefficient == 0 ? 0 : (bNegative ? -1 : 1)
            if aSign != bSign { return aSign < bSign ? -1 : 1 }
            if aSign == 0 { return 0 }
            let magnitude = compareMagnitude(aCoefficient, aExponent, bCoefficient, bExponent)
            return aSign < 0 ? -magnitude : magnitude
        }
    }

    /// A decimal literal's text (`-1.5`, `1E-30`, `12345678901234567890123`) as the Decimal128
    /// Realm reads it when the literal is compared with a decimal: exactly, rounded half to
    /// even to 34 digits where it has more. Nil for text that is no decimal number.
    static func decimal(fromText text: String) -> Decimal128? {
        let lower = text.lowercased()
        let negative = lower.hasPrefix("-")
        let unsigned = lower.hasPrefix("-") || lower.hasPrefix("+") ? String(lower.dropFirst()) : lower
        if unsigned == "nan" { return Decimal128(high: 0x7C00_0000_0000_0000, low: 0) }
        if unsigned == "inf" || unsigned == "infinity" {
            return Decimal128(high: (negative ? 1 << 63 : 0) | 0x7800_0000_0000_0000, low: 0)
        }
        guard let parts = parse(text) else { return nil }
        return encode(parts.negative, parts.coefficient, parts.exponent)
    }

    // MARK: - Helpers

    /// `[sign]digits[.digits][e[sign]digits]` as sign, coefficient and exponent (digits past
    /// 34 rounded half to even, the exponent adjusted).
    private static func parse(_ text: String) -> (negative: Bool, coefficient: UInt128, exponent: Int)? {
        var bytes = Substring(text).utf8[...]
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var digits: [UInt8] = []
        var exponent = 0
        var seenPoint = false
        var sawDigit = false
        while let byte = bytes.first {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                sawDigit = true
                // Leading zeros carry no digits; after the point they still shift the exponent.
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte - UInt8(ascii: "0")) }
                if seenPoint { exponent -= 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                break
            }
            bytes = bytes.dropFirst()
        }
        guard sawDigit else { return nil }
        if let marker = bytes.first, marker | 0x20 == UInt8(ascii: "e") {
            guard let written = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)) else { return nil }
            exponent += written
        } else if !bytes.isEmpty {
            return nil
        }
        return (negative, rounded(digits, &exponent), exponent)
    }

    /// The digits as a coefficient of at most 34 digits, rounding half to even.
    private static func rounded(_ digits: [UInt8], _ exponent: inout Int) -> UInt128 {
        var kept = digits
        var dropped: [UInt8] = []
        if kept.count > maxDigits {
            dropped = Array(kept[maxDigits...])
            kept = Array(kept[..<maxDigits])
            exponent += dropped.count
        }
        var coefficient: UInt128 = 0
        for digit in kept { coefficient = coefficient * 10 + UInt128(digit) }
        if let first = dropped.first {
            let rest = dropped.dropFirst().contains { $0 != 0 }
            if first > 5 || (first == 5 && (rest || coefficient % 2 == 1)) { coefficient += 1 }
            if coefficient == power(maxDigits) {
                coefficient /= 10
                exponent += 1
            }
        }
        return coefficient
    }

    /// The BID encoding, with the exponent brought into range where the value allows it.
    static func encode(_ negative: Bool, _ coefficient: UInt128, _ exponent: Int) -> Decimal128 {
        var coefficient = coefficient
        var exponent = exponent
        let sign: UInt64 = negative ? 1 << 63 : 0
        if coefficient == 0 { exponent = min(max(exponent, minExponent), maxExponent) }
        while exponent > maxExponent, coefficient < power(maxDigits - 1) {
            coefficient *= 10
            exponent -= 1
        }
        if exponent > maxExponent { return Decimal128(high: sign | 0x7800_0000_0000_0000, low: 0) }
        if exponent < minExponent {
            // Below the smallest exponent: drop digits, then round half to even.
            var last: UInt128 = 0
            var sticky = false
            while exponent < minExponent {
                sticky = sticky || last != 0
                last = coefficient % 10
                coefficient /= 10
                exponent += 1
            }
            if last > 5 || (last == 5 && (sticky || coefficient % 2 == 1)) { coefficient += 1 }
        }
        let biased = UInt64(exponent - minExponent)
        let high = sign | (biased << 49) | UInt64(truncatingIfNeeded: coefficient >> 64)
        return Decimal128(high: high, low: UInt64(truncatingIfNeeded: coefficient))
    }

    private static func power(_ exponent: Int) -> UInt128 {
        var result: UInt128 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    private static func digitCount(_ value: UInt128) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 { count += 1; rest /= 10 }
        return count
    }

    private static func compareMagnitude(_ ca: UInt128, _ ea: Int, _ cb: UInt128, _ eb: Int) -> Int {
        let adjustedA = digitCount(ca) + ea
        let adjustedB = digitCount(cb) + eb
        if adjustedA != adjustedB { return adjustedA < adjustedB ? -1 : 1 }
        // Same order of magnitude: scale the one with fewer digits up; both stay within 39 digits.
        var x = ca
        var y = cb
        if ea > eb { for _ in 0..<(ea - eb) { x *= 10 } } else { for _ in 0..<(eb - ea) { y *= 10 } }
        return x < y ? -1 : (x > y ? 1 : 0)
    }

    /// The nearest Double, for arithmetic and aggregates (comparisons use `order`).
    static func double(_ decimal: Decimal128) -> Double {
        if decimal.isNaN { return .nan }
        if decimal.isInfinite { return decimal.isNegative ? -.infinity : .infinity }
        let (coefficient, exponent) = decimal.coefficientAndExponent
        let magnitude = Double(coefficient) * pow(10, Double(exponent))
        return decimal.isNegative ? -magnitude : magnitude
    }
}

private extension DecimalConversion.Value {
    init(_ parts: (negative: Bool, coefficient: UInt128, exponent: Int)) {
        self = .finite(negative: parts.negative, coefficient: parts.coefficient, exponent: parts.exponent)
    }
}
