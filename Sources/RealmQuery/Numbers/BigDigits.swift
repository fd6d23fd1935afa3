/// A non-negative integer of any size, for the few exact steps of decimal arithmetic that do
/// not fit in 128 bits (aligning two decimals whose exponents differ, dividing with digits to
/// spare before rounding). Little-endian 64-bit limbs, no leading zero limbs.
struct BigDigits: Equatable {
    private(set) var limbs: [UInt64]

    init(_ value: UInt128) {
        limbs = [UInt64(truncatingIfNeeded: value), UInt64(truncatingIfNeeded: value >> 64)]
        trim()
    }

    private init(limbs: [UInt64]) {
        self.limbs = limbs
        trim()
    }

    var isZero: Bool { limbs.isEmpty }

    private mutating func trim() {
        while limbs.last == 0 { limbs.removeLast() }
    }

    func timesPowerOfTen(_ count: Int) -> BigDigits {
        var result = self
        var left = count
        while left > 0 {
            // 10^19 is the largest power of ten in a limb.
            let step = min(left, 19)
            result = result.times(Self.powersOfTen[step])
            left -= step
        }
        return result
    }

    private func times(_ factor: UInt64) -> BigDigits {
        var result: [UInt64] = []
        result.reserveCapacity(limbs.count + 1)
        var carry: UInt64 = 0
        for limb in limbs {
            let product = UInt128(limb) * UInt128(factor) + UInt128(carry)
            result.append(UInt64(truncatingIfNeeded: product))
            carry = UInt64(truncatingIfNeeded: product >> 64)
        }
        if carry != 0 { result.append(carry) }
        return BigDigits(limbs: result)
    }

    func plus(_ other: BigDigits) -> BigDigits {
        var result: [UInt64] = []
        var carry: UInt64 = 0
        for index in 0..<max(limbs.count, other.limbs.count) {
            let (partial, overflowA) = limb(index).addingReportingOverflow(other.limb(index))
            let (sum, overflowB) = partial.addingReportingOverflow(carry)
            result.append(sum)
            carry = (overflowA ? 1 : 0) + (overflowB ? 1 : 0)
        }
        if carry != 0 { result.append(carry) }
        return BigDigits(limbs: result)
    }

    /// `self - other`, where `other` is not larger.
    func minus(_ other: BigDigits) -> BigDigits {
        var result: [UInt64] = []
        var borrow: UInt64 = 0
        for index in 0..<limbs.count {
            let (partial, overflowA) = limb(index).subtractingReportingOverflow(other.limb(index))
            let (difference, overflowB) = partial.subtractingReportingOverflow(borrow)
            result.append(difference)
            borrow = (overflowA ? 1 : 0) + (overflowB ? 1 : 0)
        }
        return BigDigits(limbs: result)
    }

    /// -1, 0 or 1.
    func compare(_ other: BigDigits) -> Int {
        if limbs.count != other.limbs.count { return limbs.count < other.limbs.count ? -1 : 1 }
        for index in stride(from: limbs.count - 1, through: 0, by: -1) where limbs[index] != other.limbs[index] {
            return limbs[index] < other.limbs[index] ? -1 : 1
        }
        return 0
    }

    func dividedBy(_ divisor: UInt64) -> (quotient: BigDigits, remainder: UInt64) {
        var result = [UInt64](repeating: 0, count: limbs.count)
        var remainder: UInt64 = 0
        for index in stride(from: limbs.count - 1, through: 0, by: -1) {
            let dividend = UInt128(remainder) << 64 | UInt128(limbs[index])
            result[index] = UInt64(truncatingIfNeeded: dividend / UInt128(divisor))
            remainder = UInt64(truncatingIfNeeded: dividend % UInt128(divisor))
        }
        return (BigDigits(limbs: result), remainder)
    }

    /// The number as a coefficient of at most 34 digits, rounded half to even; `exponent`
    /// grows by the digits dropped.
    func roundedTo34Digits(_ exponent: inout Int) -> UInt128 {
        var value = self
        var lastDropped: UInt64 = 0
        var sticky = false
        while value.compare(Self.limit) >= 0 {
            sticky = sticky || lastDropped != 0
            let (quotient, digit) = value.dividedBy(10)
            lastDropped = digit
            value = quotient
            exponent += 1
        }
        var coefficient = UInt128(value.limb(0)) | UInt128(value.limb(1)) << 64
        if lastDropped > 5 || (lastDropped == 5 && (sticky || coefficient % 2 == 1)) {
            coefficient += 1
            if coefficient == Self.limitValue {
                coefficient /= 10
                exponent += 1
            }
        }
        return coefficient
    }

    private func limb(_ index: Int) -> UInt64 { index < limbs.count ? limbs[index] : 0 }

    private static let powersOfTen: [UInt64] = (0...19).map { exponent in
        var power: UInt64 = 1
        for _ in 0..<exponent { power *= 10 }
        return power
    }

    /// 10^34, the first number with 35 digits.
    private static let limitValue: UInt128 = {
        var power: UInt128 = 1
        for _ in 0..<34 { power *= 10 }
        return power
    }()
    private static let limit = BigDigits(limitValue)
}
