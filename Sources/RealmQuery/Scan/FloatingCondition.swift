import RealmFormat

/// What a float or double comparison tests: one or two (a range) IEEE comparisons with the
/// constant as a Double, and the answer for null.
struct FloatingCondition {
    var tests: [DoubleCondition]
    var nullMatches: Bool

    @inline(__always)
    func matches(_ value: Double) -> Bool {
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
            if condition.tests.count == 1 {
                narrow(rows, count: elements.count, single: condition.tests[0]) { elements.doubleBits($0) == FloatingScan.doubleNull ? nil : Double(bitPattern: elements.doubleBits($0)) }
            } else {
                narrow(rows, count: elements.count) { elements.doubleBits($0) == FloatingScan.doubleNull ? nil : Double(bitPattern: elements.doubleBits($0)) }
            }
        case let .floats(elements):
            if condition.tests.count == 1 {
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
