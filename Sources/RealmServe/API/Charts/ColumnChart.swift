import RealmShell
import RealmFormat
import RealmInterchange

/// The chart of one property over a class or a query's objects: the figures `stats` prints
/// (its own `PropertyStatistics` and `StatsCommand.figures`, fed the same rows) and the bars
/// to draw. Memory stays the same whatever the number of objects: the first pass is `stats`'s
/// with its frequencies capped (a Misra-Gries summary past `frequencyCapacity` values), the
/// second counts into bins fixed from the first pass's minimum and maximum, and recounts the
/// remaining frequent values exactly when the cap was reached.
struct ColumnChart {
    /// Bins of a histogram, at most.
    static let bins = 20
    /// Most common values drawn as bars, at most.
    static let bars = 20
    /// Distinct values counted one by one before the summary takes over.
    static let frequencyCapacity = 1000

    enum Kind: String {
        /// Numbers and dates in equal bins (`edges` gives their bounds).
        case histogram
        /// The most common values, most frequent first; true and false for booleans.
        case values
        /// How many objects have each collection length (or each range of lengths).
        case lengths
        /// Mixed: how many values of each type.
        case types
    }

    /// One bar: its label (a value, a length, a type or a bin's bounds) and count.
    struct Bar {
        let label: String
        let count: Int
    }

    let statistics: PropertyStatistics
    let kind: Kind
    let bars: [Bar]
    /// The histogram's edges as JSON numbers (bins.count + 1 of them; dates in nanoseconds).
    let edges: [String]

    /// The chart of `column` over every object of `table`, or those of `keys` (a query's).
    static func compute(table: Table, column: Column, keys: [Int64]?, catalog: Catalog,
                        frequencyCapacity: Int = frequencyCapacity) throws(RealmFormatError) -> ColumnChart {
        let statistics = PropertyStatistics(column: column, frequencyCapacity: frequencyCapacity)
        let rows = ChartRows(table: table, column: column, keys: keys)
        try rows.forEach { values, row throws(RealmFormatError) in try statistics.add(values, row: row) }
        if statistics.frequenciesOverflowed {
            try rows.forEach { values, row throws(RealmFormatError) in try statistics.recount(values, row: row) }
            statistics.finishRecount()
        }
        if column.collection != nil { return lengths(statistics) }
        switch column.type {
        case .int:
            guard let minimum = statistics.integerMinimum, let maximum = statistics.integerMaximum else { return empty(statistics) }
            var histogram = Histogram<Int128>.whole(minimum: Int128(minimum), maximum: Int128(maximum), bins: bins)
            try rows.forEach { values, row throws(RealmFormatError) in
                if let value = try values.integer(at: row) { histogram.add(Int128(value)) }
            }
            return whole(statistics, histogram) { String($0) }
        case .timestamp:
            guard let minimum = statistics.dateMinimum, let maximum = statistics.dateMaximum else { return empty(statistics) }
            var histogram = Histogram<Int128>.whole(minimum: nanoseconds(minimum), maximum: nanoseconds(maximum), bins: bins)
            try rows.forEach { values, row throws(RealmFormatError) in
                if let value = try values.timestamp(at: row) { histogram.add(nanoseconds(value)) }
            }
            return whole(statistics, histogram) { TimestampFormatter.iso8601(timestamp($0)) }
        case .float, .double:
            guard let minimum = statistics.realMinimum, let maximum = statistics.realMaximum else { return empty(statistics) }
            var histogram = Histogram<Double>.real(minimum: minimum, maximum: maximum, bins: bins)
            try rows.forEach { values, row throws(RealmFormatError) in
                if let value = try values.floatingPoint(at: row), !value.isNaN { histogram.add(value) }
            }
            let edges = histogram.edges.map(NumberText.text(of:))
            let bars = histogram.counts.indices.map { index in
                Bar(label: edges[index] + (index == histogram.counts.count - 1 ? " – " : " ≤ x < ") + edges[index + 1], count: histogram.counts[index])
            }
            // Edges go out as JSON numbers, which have no infinities.
            let finite = histogram.edges.allSatisfy(\.isFinite)
            return ColumnChart(statistics: statistics, kind: .histogram, bars: bars, edges: finite ? edges : [])
        case .bool:
            return ColumnChart(statistics: statistics, kind: .values,
                               bars: [Bar(label: "true", count: statistics.trues), Bar(label: "false", count: statistics.falses)], edges: [])
        case .mixed:
            let types = statistics.types.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            return ColumnChart(statistics: statistics, kind: .types, bars: types.map { Bar(label: $0.key, count: $0.value) }, edges: [])
        default:
            let bars = statistics.mostCommon(bars).map { Bar(label: StatsCommand.shown($0.value, column: column, catalog: catalog), count: $0.count) }
            return ColumnChart(statistics: statistics, kind: .values, bars: bars, edges: [])
        }
    }

    private static func empty(_ statistics: PropertyStatistics) -> ColumnChart {
        ColumnChart(statistics: statistics, kind: .histogram, bars: [], edges: [])
    }

    /// Bins of whole numbers: bin i holds edge i up to edge i+1 less one.
    private static func whole(_ statistics: PropertyStatistics, _ histogram: Histogram<Int128>, label: (Int128) -> String) -> ColumnChart {
        let bars = histogram.counts.indices.map { index in
            let from = histogram.edges[index]
            let to = histogram.edges[index + 1] - 1
            return Bar(label: from == to ? label(from) : label(from) + " – " + label(to), count: histogram.counts[index])
        }
        return ColumnChart(statistics: statistics, kind: .histogram, bars: bars, edges: histogram.edges.map { String($0) })
    }

    /// Collection lengths: one bar per length while they are few, else bins of lengths.
    private static func lengths(_ statistics: PropertyStatistics) -> ColumnChart {
        let lengths = statistics.lengths.sorted { $0.key < $1.key }
        guard let first = lengths.first?.key, let last = lengths.last?.key else { return ColumnChart(statistics: statistics, kind: .lengths, bars: [], edges: []) }
        guard lengths.count > bins else {
            return ColumnChart(statistics: statistics, kind: .lengths, bars: lengths.map { Bar(label: String($0.key), count: $0.value) }, edges: [])
        }
        var histogram = Histogram<Int128>.whole(minimum: Int128(first), maximum: Int128(last), bins: bins)
        for (length, count) in lengths { histogram.add(Int128(length), count: count) }
        let chart = whole(statistics, histogram) { String($0) }
        return ColumnChart(statistics: statistics, kind: .lengths, bars: chart.bars, edges: chart.edges)
    }

    static func nanoseconds(_ date: Timestamp) -> Int128 {
        Int128(date.seconds) * 1_000_000_000 + Int128(date.nanoseconds)
    }

    /// The date `nanoseconds` after the epoch (seconds rounded down, nanoseconds 0 to 999,999,999).
    static func timestamp(_ nanoseconds: Int128) -> Timestamp {
        var seconds = nanoseconds / 1_000_000_000
        var rest = nanoseconds % 1_000_000_000
        if rest < 0 {
            seconds -= 1
            rest += 1_000_000_000
        }
        return Timestamp(seconds: Int64(clamping: seconds), nanoseconds: Int32(rest))
    }
}

/// The rows a chart reads: every object of the table, or only those whose keys a query found,
/// met in key order while the table's leaves are walked (the keys sorted once, a copy).
struct ChartRows {
    let table: Table
    let column: Column
    let sortedKeys: [Int64]?

    init(table: Table, column: Column, keys: [Int64]?) {
        self.table = table
        self.column = column
        sortedKeys = keys?.sorted()
    }

    func forEach(_ body: (LeafValues, Int) throws(RealmFormatError) -> Void) throws(RealmFormatError) {
        var next = 0
        try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            let values = try LeafValues(leaf: leaf, column: column)
            guard let sortedKeys else {
                for row in 0..<leaf.count { try body(values, row) }
                return
            }
            for row in 0..<leaf.count where next < sortedKeys.count {
                let key = try leaf.key(at: row)
                while next < sortedKeys.count, sortedKeys[next] < key { next += 1 }
                if next < sortedKeys.count, sortedKeys[next] == key {
                    try body(values, row)
                    next += 1
                }
            }
        }
    }
}
