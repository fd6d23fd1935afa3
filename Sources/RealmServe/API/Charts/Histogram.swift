/// Equal bins fixed before any value is counted (from the minimum and maximum of a first
/// pass), so counting a million values costs the bins' counters and nothing per value.
///
/// There are `bins + 1` edges; a value falls into the bin of the last of the first `bins`
/// edges at or below it, so every value from the first edge up (the maximum included) has a
/// bin. Edges are computed once, by the formulas of `real` and `whole`, and values are placed
/// by comparison with them (a binary search), never by a division of their own: whoever
/// computes the same edges places every value the same way.
struct Histogram<Value: Comparable> {
    let edges: [Value]
    private(set) var counts: [Int]

    init(edges: [Value]) {
        self.edges = edges
        counts = Array(repeating: 0, count: max(0, edges.count - 1))
    }

    /// The bin of `value` (at least the first edge).
    func bin(of value: Value) -> Int {
        // The first of edges[1..<bins] above the value, less one.
        var low = 1
        var high = counts.count
        while low < high {
            let middle = (low + high) / 2
            if edges[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }

    mutating func add(_ value: Value, count: Int = 1) {
        counts[bin(of: value)] += count
    }
}

extension Histogram where Value == Double {
    /// `bins` bins from `minimum` to `maximum` (finite): edge i is `minimum + (maximum - minimum)
    /// * (i / bins)` (the last one `maximum` itself); when the span overflows a double, the same
    /// with halves, doubled. One bin when all values are equal or a bound is infinite.
    static func real(minimum: Double, maximum: Double, bins: Int) -> Histogram {
        // Infinities leave no finite span to divide: one bin holds everything.
        guard maximum > minimum, bins > 1, minimum.isFinite, maximum.isFinite else { return Histogram(edges: [minimum, maximum]) }
        let span = maximum - minimum
        let edges = (0...bins).map { index -> Double in
            if index == bins { return maximum }
            // The fraction first: span times it stays within span (span * index could overflow).
            let fraction = Double(index) / Double(bins)
            if span.isFinite { return minimum + span * fraction }
            return 2 * (minimum / 2 + (maximum / 2 - minimum / 2) * fraction)
        }
        return Histogram(edges: edges)
    }
}

extension Histogram where Value == Int128 {
    /// Bins of whole numbers (integers, dates in nanoseconds, lengths) from `minimum` to
    /// `maximum`: edge i is `minimum + ⌊(maximum - minimum + 1) * i / bins⌋`, so bin i holds
    /// edge i up to edge i+1 less one; no more bins than values between them.
    static func whole(minimum: Int128, maximum: Int128, bins: Int) -> Histogram {
        let values = maximum - minimum + 1
        let count = Int128(max(1, min(Int128(bins), values)))
        return Histogram(edges: (0...count).map { minimum + values * $0 / count })
    }
}
