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
        let condition = self
        switch scan {
        case let .doubles(elements):
            if condition.tests.count == 1 && !condition.checksNaN {
                narrow(rows, count: elements.count, single: condition.tests[0]) { elements.doubleBits($0) == FloatingScan.doubleNull ? nil : Double(bitPattern: elements.doubleBits($0)) }
            } else {
                narrow(rows, count: elements.count) { elements.doubleBits($0) == FloatingScan.doubleNull ? nil : Double(bitPattern: elements.doubleBits($0)) }
            }
        case let .floats(elements):
            if condition.tests.count == 1 && !condition.checksNaN {
                narrow(rows, count: elements.count, single: condition.tests[0]) { elements.floatBits($0) == FloatingScan.floatNull ? nil : Double(Float(bitPattern: elements.floatBits($0))) }
            } else {
                narrow(rows, count: elements.count) { elements.floatBits($0) == FloatingScan.floatNull ? nil : Double(Float(bitPattern: elements.floatBits($0))) }
            }
        default:
            return false
        }
        return true
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

    @inline(__always)
    private func narrow(_ rows: RowBitmap, count: Int, _ value: (Int) -> Double?) {
        let condition = self
        narrowWords(rows, count) { value($0).map(condition.matches) ?? condition.nullMatches }
    }
}

/// Narrows `rows` word by word with a per-row test: words without selected rows are skipped,
/// and within a word every row is tested without branching on the selection.
@inline(__always)
func narrowWords(_ rows: RowBitmap, _ count: Int, _ matches: (Int) -> Bool) {
    let limit = min(count, rows.rowCount)
    let words = rows.words
    var start = 0
    var index = 0
    while start < limit {
        let selected = words[index]
        if selected != 0 {
            let end = min(start + 64, limit)
            var word: UInt64 = 0
            for row in start..<end {
                word |= UInt64(matches(row) ? 1 : 0) &<< UInt64(row &- start)
            }
            words[index] = selected & word
        }
        start += 64
        index += 1
    }
}
