import RealmFormat

/// What a date comparison tests: every bound must hold, comparing (seconds, nanoseconds) as
/// Realm orders dates; and the answer for null.
struct TimestampCondition {
    struct Bound {
        let op: ComparisonOperator
        let seconds: Int64
        let nanoseconds: Int64

        @inline(__always)
        func matches(_ seconds: Int64, _ nanoseconds: Int64) -> Bool {
            let order = seconds != self.seconds ? (seconds < self.seconds ? -1 : 1)
                : (nanoseconds == self.nanoseconds ? 0 : (nanoseconds < self.nanoseconds ? -1 : 1))
            switch op {
            case .equal: return order == 0
            case .notEqual: return order != 0
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        }
    }

    var bounds: [Bound]
    var nullMatches: Bool

    @inline(__always)
    func matches(_ seconds: Int64, _ nanoseconds: Int64) -> Bool {
        for bound in bounds where !bound.matches(seconds, nanoseconds) { return false }
        return true
    }
}

extension TimestampCondition {
    /// Narrows `rows` to the elements of a date leaf that match. The bounds are turned into
    /// two intervals of seconds once per leaf (`SecondsWindow`): seconds inside the inner one
    /// match whatever their nanoseconds, seconds outside the outer one fail, and only the
    /// seconds between (a bound's own second) read the nanoseconds node. `!=` takes the
    /// row-by-row loop.
    func narrow(_ rows: RowBitmap, _ scan: ColumnScan) -> Bool {
        guard case let .timestamps(seconds, nullValue, nanoseconds) = scan else { return false }
        narrow(rows, seconds: seconds, nullValue: nullValue, nanoseconds: nanoseconds)
        return true
    }

    /// `narrow` on a leaf's two nodes (`DateLeafScan`).
    func narrow(_ rows: RowBitmap, seconds: PackedIntegers, nullValue: Int64, nanoseconds: PackedIntegers) {
        let condition = self
        let count = min(seconds.count, nanoseconds.count)
        if let window = SecondsWindow(bounds) {
            // A null value inside the outer interval is one more second to settle apart.
            let nullInside = nullMatches || window.outer(contains: nullValue)
            var loop = WindowNarrowing(window: window, condition: condition, nanoseconds: nanoseconds, count: count, rows: rows,
                                       nullValue: nullInside ? nullValue : nil)
            seconds.visit(&loop)
            return
        }
        narrowWords(rows, count) { row in
            let second = seconds[row]
            if second == nullValue { return condition.nullMatches }
            return condition.matches(second, nanoseconds[row])
        }
    }
}

/// What a date's seconds alone say about the bounds: every second in `inner` matches
/// whatever the nanoseconds, every second outside `outer` fails; `inner` lies inside `outer`,
/// and the seconds between are the bounds' own, where the nanoseconds decide. Intervals are
/// closed, kept as a start and an unsigned span so a test is one subtraction and one compare.
struct SecondsWindow {
    let outerLow: Int64
    let outerSpan: UInt64
    let innerLow: Int64
    let innerSpan: UInt64

    /// Nil when no window describes the bounds (`!=`, or bounds no second satisfies).
    init?(_ bounds: [TimestampCondition.Bound]) {
        var outer = (low: Int64.min, high: Int64.max)
        var inner = (low: Int64.min, high: Int64.max)
        for bound in bounds {
            let second = bound.seconds
            switch bound.op {
            case .greater, .greaterOrEqual:
                outer.low = max(outer.low, second)
                if second == .max { inner = (.max, .min) } else { inner.low = max(inner.low, second + 1) }
            case .less, .lessOrEqual:
                outer.high = min(outer.high, second)
                if second == .min { inner = (.max, .min) } else { inner.high = min(inner.high, second - 1) }
            case .equal:
                outer = (max(outer.low, second), min(outer.high, second))
                inner = (.max, .min)
            default:
                return nil
            }
        }
        guard outer.low <= outer.high else { return nil }
        if inner.low > inner.high || inner.low < outer.low || inner.high > outer.high {
            // No second is sure: an empty inner interval, as one second outside the outer one
            // (the outer one is never all seconds then: each bound left some out).
            let outside = outer.low > .min ? outer.low - 1 : outer.high &+ 1
            inner = (outside, outside)
        }
        outerLow = outer.low
        outerSpan = UInt64(bitPattern: outer.high &- outer.low)
        innerLow = inner.low
        innerSpan = UInt64(bitPattern: inner.high &- inner.low)
    }

    @inline(__always)
    func outer(contains second: Int64) -> Bool { UInt64(bitPattern: second &- outerLow) <= outerSpan }

    @inline(__always)
    func inner(contains second: Int64) -> Bool { UInt64(bitPattern: second &- innerLow) <= innerSpan }
}
