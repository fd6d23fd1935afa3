import RealmFormat

/// `@sum` and `@avg` over Mixed values, as Realm computes them: in Decimal128
/// (realm-core `Mixed::accumulate_numeric_to`). Every int, float and double element is turned
/// into a Decimal128 (ints exactly, doubles to 15 significant digits, floats to 7: the
/// conversions `DecimalConversion.value` already makes for comparisons) and added; a Decimal128
/// element is added unless it is NaN; bools, strings, dates, links, nested collections and
/// nulls are skipped. A double NaN is not skipped: it becomes a decimal NaN and the sum is NaN
/// from then on, as is `+Inf + -Inf`. `@avg` is the sum divided by the number of elements
/// added, null when none was.
///
/// Each addition and the division round to 34 significant digits, half to even, as IEEE 754
/// decimal128 arithmetic does, so `0.1 + 0.2` (two doubles in a list of Mixed) is exactly the
/// decimal 0.3 Realm compares with, where Double arithmetic would give 0.30000000000000004.
struct DecimalSum {
    fileprivate enum State {
        case finite(negative: Bool, coefficient: UInt128, exponent: Int)
        case infinite(negative: Bool)
        case notANumber
    }

    /// The sum of nothing: decimal zero.
    private var state = State.finite(negative: false, coefficient: 0, exponent: 0)
    /// How many elements were added.
    private(set) var count = 0

    /// Adds `value` when Realm's Mixed accumulation takes it; the rest are skipped.
    mutating func add(_ value: RealmValue) {
        let addend: State
        switch value {
        case .int, .float, .double:
            if let number = ValueComparator.number(value), number.isNaN {
                addend = .notANumber
            } else if let converted = DecimalConversion.value(value) {
                addend = State(converted)
            } else {
                return
            }
        case let .decimal(decimal):
            guard !decimal.isNaN, let converted = DecimalConversion.value(value) else { return }
            addend = State(converted)
        default:
            return
        }
        state = DecimalSum.add(state, addend)
        count += 1
    }

    /// The sum as a Decimal128 value.
    var sum: RealmValue { .decimal(DecimalSum.encode(state)) }

    /// The sum divided by the number of elements added; null when none was.
    var average: RealmValue {
        guard count > 0 else { return .null }
        switch state {
        case .notANumber, .infinite: return sum
        case let .finite(negative, coefficient, exponent):
            let (quotient, quotientExponent) = DecimalSum.divide(coefficient, exponent, by: UInt64(count))
            return .decimal(DecimalConversion.encode(negative, quotient, quotientExponent))
        }
    }

    // MARK: - Arithmetic

    private static func add(_ a: State, _ b: State) -> State {
        switch (a, b) {
        case (.notANumber, _), (_, .notANumber): return .notANumber
        case let (.infinite(x), .infinite(y)): return x == y ? a : .notANumber
        case (.infinite, _): return a
        case (_, .infinite): return b
        case let (.finite(aNegative, aCoefficient, aExponent), .finite(bNegative, bCoefficient, bExponent)):
            return addFinite((aNegative, aCoefficient, aExponent), (bNegative, bCoefficient, bExponent))
        }
    }

    /// Exact sum, rounded once to 34 digits. An addend lying wholly more than three digits
    /// below the other's 34-digit window only decides the rounding through its sign and its
    /// being non-zero, so it is replaced by one unit at that depth: the numbers stay short.
    private static func addFinite(_ a: (Bool, UInt128, Int), _ b: (Bool, UInt128, Int)) -> State {
        let (aNegative, aCoefficientGiven, aExponentGiven) = a
        let (bNegative, bCoefficientGiven, bExponentGiven) = b
        var (aCoefficient, aExponent) = (aCoefficientGiven, aExponentGiven)
        var (bCoefficient, bExponent) = (bCoefficientGiven, bExponentGiven)
        if aCoefficient == 0 && bCoefficient == 0 {
            // IEEE: the sum of two zeros is -0 only when both are negative.
            return .finite(negative: aNegative && bNegative, coefficient: 0, exponent: min(aExponent, bExponent))
        }
        if aCoefficient == 0 { return .finite(negative: bNegative, coefficient: bCoefficient, exponent: bExponent) }
        if bCoefficient == 0 { return .finite(negative: aNegative, coefficient: aCoefficient, exponent: aExponent) }
        let aTop = digitCount(aCoefficient) + aExponent
        let bTop = digitCount(bCoefficient) + bExponent
        if bTop <= aTop - 37 {
            (bCoefficient, bExponent) = (1, aTop - 38)
        } else if aTop <= bTop - 37 {
            (aCoefficient, aExponent) = (1, bTop - 38)
        }
        let exponent = min(aExponent, bExponent)
        let x = BigDigits(aCoefficient).timesPowerOfTen(aExponent - exponent)
        let y = BigDigits(bCoefficient).timesPowerOfTen(bExponent - exponent)
        let magnitude: BigDigits
        var negative = aNegative
        if aNegative == bNegative {
            magnitude = x.plus(y)
        } else {
            switch x.compare(y) {
            case 0: return .finite(negative: false, coefficient: 0, exponent: exponent)
            case 1: magnitude = x.minus(y)
            default:
                magnitude = y.minus(x)
                negative = bNegative
            }
        }
        var resultExponent = exponent
        let coefficient = magnitude.roundedTo34Digits(&resultExponent)
        return .finite(negative: negative, coefficient: coefficient, exponent: resultExponent)
    }

    /// `coefficient × 10^exponent / divisor` to 34 significant digits, half to even.
    private static func divide(_ coefficient: UInt128, _ exponent: Int, by divisor: UInt64) -> (UInt128, Int) {
        guard coefficient != 0 else { return (0, exponent) }
        // 56 more digits keep at least 35 significant ones in the quotient (a divisor has at
        // most 20), the rest of the remainder only says whether it was exact.
        let scaled = BigDigits(coefficient).timesPowerOfTen(56)
        var (quotient, remainder) = scaled.dividedBy(divisor)
        var resultExponent = exponent - 56
        if remainder != 0 { quotient = quotient.timesPowerOfTen(1).plus(BigDigits(1)); resultExponent -= 1 }
        let rounded = quotient.roundedTo34Digits(&resultExponent)
        return (rounded, resultExponent)
    }

    private static func encode(_ state: State) -> Decimal128 {
        switch state {
        case .notANumber: return Decimal128(high: 0x7C00_0000_0000_0000, low: 0)
        case let .infinite(negative): return Decimal128(high: (negative ? 1 << 63 : 0) | 0x7800_0000_0000_0000, low: 0)
        case let .finite(negative, coefficient, exponent): return DecimalConversion.encode(negative, coefficient, exponent)
        }
    }

    private static func digitCount(_ value: UInt128) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 { count += 1; rest /= 10 }
        return count
    }
}

private extension DecimalSum.State {
    init(_ value: DecimalConversion.Value) {
        switch value {
        case let .finite(negative, coefficient, exponent): self = .finite(negative: negative, coefficient: coefficient, exponent: exponent)
        case let .infinite(negative): self = .infinite(negative: negative)
        }
    }
}
