import RealmFormat

/// What a float or double comparison tests: one or two (a range) IEEE comparisons with the
/// constant as a Double, and the answers for null and for NaN.
///
/// NaN has an answer of its own because Realm orders it before every number in most
/// comparisons (`NumericMode.mixedOrder`), where IEEE would say false; `checksNaN` is set
/// only where the two differ, so IEEE comparisons keep their loops without the extra test.
struct FloatingCondition {
    var tests: [DoubleCondition]
    var nullMatches: Bool
    var nanMatches: Bool
    let checksNaN: Bool

    init(tests: [DoubleCondition], nullMatches: Bool, nanMatches: Bool) {
        self.tests = tests
        self.nullMatches = nullMatches
        self.nanMatches = nanMatches
        checksNaN = tests.allSatisfy { $0.matches(.nan) } != nanMatches
    }

    /// `value op constant` for the values of a float or double property, with `numbers`'
    /// rules: the answer for NaN, and for the other values with a NaN constant, come from
    /// `ValueComparator`, like `nullMatches`. Nil for constants that are no Double exactly
    /// (decimals, ints beyond 2^53), which only the general evaluator compares exactly.
    static func comparison(_ type: ColumnType, _ op: ComparisonOperator, _ constant: RealmValue, numbers: NumericMode,
                           nullMatches: Bool) -> FloatingCondition? {
        guard let number = exactDouble(constant) else { return nil }
        let nan: RealmValue = type == .float ? .float(.nan) : .double(.nan)
        let nanMatches = ValueComparator.matches(nan, op, constant, options: [], numbers: numbers)
        let test: DoubleCondition?
        if number.isNaN {
            // Every number answers alike: all come after NaN in Realm's order, and none is
            // ordered against it in IEEE's.
            let answer = ValueComparator.matches(type == .float ? .float(0) : .double(0), op, constant, options: [], numbers: numbers)
            test = DoubleCondition(op: answer ? .notEqual : .equal, constant: .nan)
        } else if nanMatches, let ordered = DoubleCondition(op, number), ordered.op == .less || ordered.op == .lessOrEqual {
            test = DoubleCondition(op: ordered.op == .less ? .lessOrNaN : .lessOrEqualOrNaN, constant: number)
        } else {
            test = DoubleCondition(op, number)
        }
        guard let test else { return nil }
        return FloatingCondition(tests: [test], nullMatches: nullMatches, nanMatches: nanMatches)
    }

    /// Floats, doubles, and ints that a Double holds exactly.
    static func exactDouble(_ value: RealmValue) -> Double? {
        switch value {
        case let .int(number):
            let double = Double(number)
            return double < 0x1p63 && Int64(double) == number ? double : nil
        case let .float(number): return Double(number)
        case let .double(number): return number
        default: return nil
        }
    }

    /// Both conditions: every test of each, and null and NaN matching where both match them.
    func and(_ other: FloatingCondition) -> FloatingCondition {
        FloatingCondition(tests: tests + other.tests, nullMatches: nullMatches && other.nullMatches,
                          nanMatches: nanMatches && other.nanMatches)
    }

    @inline(__always)
    func matches(_ value: Double) -> Bool {
        if checksNaN && value.isNaN { return nanMatches }
        for test in tests where !test.matches(value) { return false }
        return true
    }
}

extension FloatingCondition {
    /// Narrows `rows` to the elements of a float or double node that match, on the raw elements.
    func narrow(_ rows: RowBitmap, _ scan: ColumnScan) -> Bool {
        switch scan {
        case let .doubles(elements): narrow(rows, doubles: elements)
        case let .floats(elements): narrow(rows, floats: elements)
        default: return false
        }
        return true
    }

    /// `narrow` on a leaf of doubles.
    func narrow(_ rows: RowBitmap, doubles elements: FloatingScan) {
        narrow(rows, elements: elements.count) { elements.doubleBits($0) == FloatingScan.doubleNull ? nil : Double(bitPattern: elements.doubleBits($0)) }
    }

    /// `narrow` on a leaf of floats.
    func narrow(_ rows: RowBitmap, floats elements: FloatingScan) {
        narrow(rows, elements: elements.count) { elements.floatBits($0) == FloatingScan.floatNull ? nil : Double(Float(bitPattern: elements.floatBits($0))) }
    }

    /// The loop for this condition's tests over `count` elements read by `value` (nil: null):
    /// one comparison, a range, or the general test. Inlined into each element type's caller,
    /// so every loop reads its elements directly.
    @inline(__always)
    private func narrow(_ rows: RowBitmap, elements count: Int, _ value: (Int) -> Double?) {
        if tests.count == 1 && !checksNaN {
            narrow(rows, count: count, single: tests[0], value)
        } else if let range = openRange {
            narrow(rows, count: count, range: range, value)
        } else {
            narrow(rows, count: count, value)
        }
    }

    @inline(__always)
    private func narrow(_ rows: RowBitmap, count: Int, single test: DoubleCondition, _ value: (Int) -> Double?) {
        switch test.op {
        case .equal: narrowWords(rows, count) { value($0).map { $0 == test.constant } ?? nullMatches }
        case .notEqual: narrowWords(rows, count) { value($0).map { $0 != test.constant } ?? nullMatches }
        case .less: narrowWords(rows, count) { value($0).map { $0 < test.constant } ?? nullMatches }
        case .lessOrEqual: narrowWords(rows, count) { value($0).map { $0 <= test.constant } ?? nullMatches }
        case .greater: narrowWords(rows, count) { value($0).map { $0 > test.constant } ?? nullMatches }
        case .greaterOrEqual: narrowWords(rows, count) { value($0).map { $0 >= test.constant } ?? nullMatches }
        case .lessOrNaN: narrowWords(rows, count) { value($0).map { !($0 >= test.constant) } ?? nullMatches }
        case .lessOrEqualOrNaN: narrowWords(rows, count) { value($0).map { !($0 > test.constant) } ?? nullMatches }
        }
    }

    /// A lower and an upper bound (`>`/`>=`, which NaN fails, and `<`/`<=`) with no NaN test
    /// of its own: what `x >= a AND x < b` joins into.
    var openRange: (low: Double, lowInclusive: Bool, high: Double, highInclusive: Bool)? {
        guard tests.count == 2, !checksNaN else { return nil }
        var low: (Double, Bool)?
        var high: (Double, Bool)?
        for test in tests {
            switch test.op {
            case .greater where low == nil: low = (test.constant, false)
            case .greaterOrEqual where low == nil: low = (test.constant, true)
            // With a lower bound, which NaN fails, the "or NaN" of an upper bound (Realm orders
            // NaN first) changes nothing: NaN fails the range either way.
            case .less where high == nil, .lessOrNaN where high == nil: high = (test.constant, false)
            case .lessOrEqual where high == nil, .lessOrEqualOrNaN where high == nil: high = (test.constant, true)
            default: return nil
            }
        }
        guard let low, let high, !low.0.isNaN, !high.0.isNaN else { return nil }
        return (low.0, low.1, high.0, high.1)
    }

    /// Both bounds in one loop, each of the four kinds with its comparisons fixed.
    @inline(__always)
    private func narrow(_ rows: RowBitmap, count: Int, range: (low: Double, lowInclusive: Bool, high: Double, highInclusive: Bool),
                        _ value: (Int) -> Double?) {
        let (low, high, nullMatches) = (range.low, range.high, nullMatches)
        // Both comparisons made, then combined without a branch: `&&` branched on the first,
        // which random values mispredict.
        @inline(__always) func both(_ first: Bool, _ second: Bool) -> Bool { (first ? 1 : 0) & (second ? 1 : 0) != 0 }
        switch (range.lowInclusive, range.highInclusive) {
        case (true, false): narrowWords(rows, count) { value($0).map { both($0 >= low, $0 < high) } ?? nullMatches }
        case (true, true): narrowWords(rows, count) { value($0).map { both($0 >= low, $0 <= high) } ?? nullMatches }
        case (false, false): narrowWords(rows, count) { value($0).map { both($0 > low, $0 < high) } ?? nullMatches }
        case (false, true): narrowWords(rows, count) { value($0).map { both($0 > low, $0 <= high) } ?? nullMatches }
        }
    }

    @inline(__always)
    private func narrow(_ rows: RowBitmap, count: Int, _ value: (Int) -> Double?) {
        let condition = self
        narrowWords(rows, count) { value($0).map(condition.matches) ?? condition.nullMatches }
    }
}

/// Narrows `rows` word by word with a per-row test: words without selected rows are skipped,
/// and within a word every row is tested without branching on the selection, unless at most
/// 8 of its 64 are selected, when only those are.
@inline(__always)
func narrowWords(_ rows: RowBitmap, _ count: Int, _ matches: (Int) -> Bool) {
    rows.narrowBlocks(below: count) { start, end, selected in
        var word: UInt64 = 0
        if selected.nonzeroBitCount <= 8 {
            // Few rows left here (what an earlier condition of an AND leaves): only those
            // are tested, so a costlier test after a selective one reads few values.
            var bits = selected
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                if start &+ bit < end, matches(start &+ bit) { word |= 1 &<< UInt64(bit) }
                bits &= bits &- 1
            }
        } else {
            for row in start..<end {
                word |= UInt64(matches(row) ? 1 : 0) &<< UInt64(row &- start)
            }
        }
        return selected & word
    }
}
