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
    /// Narrows `rows` to the elements of a date leaf that match: the seconds node decides, the
    /// nanoseconds node is read only where the seconds equal a bound's.
    func narrow(_ rows: RowBitmap, _ scan: ColumnScan) -> Bool {
        switch scan {
        case let .timestamps(seconds, nullValue, nanoseconds):
            let condition = self
            let count = min(seconds.count, nanoseconds.count)
            if condition.bounds.count == 1 {
                var loop = SingleBoundNarrowing(bound: condition.bounds[0], nullValue: nullValue, nullMatches: condition.nullMatches,
                                                nanoseconds: nanoseconds, count: count, rows: rows)
                seconds.visit(&loop)
            } else {
                narrowWords(rows, count) { row in
                    let second = seconds[row]
                    if second == nullValue { return condition.nullMatches }
                    return condition.matches(second, nanoseconds[row])
                }
            }
        default:
            return false
        }
        return true
    }
}

/// One bound (`date > X`, the usual date query) over a date leaf, with the loop specialised
/// for the width of the seconds node: the seconds decide every row whose seconds differ
/// from the bound's (the answers for earlier and later seconds are fixed once), and the
/// nanoseconds are read only where they are equal.
private struct SingleBoundNarrowing: PackedIntegerVisitor {
    let bound: TimestampCondition.Bound
    let nullValue: Int64
    let nullMatches: Bool
    let nanoseconds: PackedIntegers
    let count: Int
    let rows: RowBitmap

    func visit<Width: PackedWidth>(_ seconds: PackedIntegers, _ width: Width.Type) {
        let base = seconds.base
        let skip = seconds.offset
        let boundSeconds = bound.seconds
        let earlier = bound.matches(boundSeconds &- 1, 0)
        let later = bound.matches(boundSeconds &+ 1, 0)
        narrowWords(rows, count) { row in
            let second = Width.load(base, row &+ skip)
            if second == nullValue { return nullMatches }
            if second != boundSeconds { return second < boundSeconds ? earlier : later }
            return bound.matches(second, nanoseconds[row])
        }
    }
}
