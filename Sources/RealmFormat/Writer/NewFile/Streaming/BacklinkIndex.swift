/// The backlink entries one link column gives the objects of its target table: for each target
/// object (by position) the keys of the objects linking to it, in the order the links come.
///
/// A table's backlink column is written with the table, before the origin table's links may
/// even exist in memory (a streamed origin is produced after its target), so the entries are
/// gathered beforehand. They are held flat, CSR style (where each target's entries start, plus
/// one array of origin keys), because a million targets with six links each then take 56 MB,
/// where a dictionary of arrays takes several times that.
///
/// Built in two passes over the same links: a `Counter` learns how many entries each target
/// gets, then its `Filler` places the origin keys.
public struct BacklinkIndex: Sendable {
    /// The table and column (by position) whose links these are.
    public let originTable: Int
    public let originColumn: Int
    /// The table (by position) whose objects the links point at.
    public let targetTable: Int
    /// `starts[r]..<starts[r + 1]`: the entries of target `r` in `origins`.
    private let starts: [Int]
    private let origins: [Int64]
    /// The entries kept in a temporary file instead (`SpilledBacklinks`, `generate demo`).
    private let spilled: SpilledBacklinks?

    /// The number of target objects covered.
    public var targetCount: Int { spilled?.targetCount ?? starts.count - 1 }

    /// The keys of the objects linking to target `row`, one per link (a list holding the target
    /// twice links twice); empty for a row outside the index. Throws only when spilled entries
    /// cannot be read back.
    public func origins(ofTarget row: Int) throws(RealmFormatError) -> ArraySlice<Int64> {
        if let spilled { return try spilled.origins(ofTarget: row) }
        guard row >= 0, row < targetCount else { return [] }
        return origins[starts[row]..<starts[row + 1]]
    }

    /// Entries gathered in a temporary file, read back in ascending target order.
    public init(originTable: Int, originColumn: Int, targetTable: Int, spilled: SpilledBacklinks) {
        self.originTable = originTable
        self.originColumn = originColumn
        self.targetTable = targetTable
        starts = []
        origins = []
        self.spilled = spilled
    }

    /// No links at all to `targetCount` objects.
    public init(originTable: Int, originColumn: Int, targetTable: Int, targetCount: Int) {
        self.init(originTable: originTable, originColumn: originColumn, targetTable: targetTable,
                  starts: [Int](repeating: 0, count: max(0, targetCount) + 1), origins: [])
    }

    private init(originTable: Int, originColumn: Int, targetTable: Int, starts: [Int], origins: [Int64]) {
        self.originTable = originTable
        self.originColumn = originColumn
        self.targetTable = targetTable
        self.starts = starts
        self.origins = origins
        spilled = nil
    }

    /// The first pass: links per target. Links to rows outside `0..<targetCount` (objects that
    /// are not there) get no entry, in both passes.
    public struct Counter {
        private var counts: [Int]

        public init(targetCount: Int) {
            counts = [Int](repeating: 0, count: max(0, targetCount))
        }

        public mutating func count(target row: Int) {
            guard row >= 0, row < counts.count else { return }
            counts[row] += 1
        }

        /// The second pass, for the links counted.
        public func filling(originTable: Int, originColumn: Int, targetTable: Int) -> Filler {
            var starts = [Int](repeating: 0, count: counts.count + 1)
            for (row, count) in counts.enumerated() { starts[row + 1] = starts[row] + count }
            return Filler(originTable: originTable, originColumn: originColumn, targetTable: targetTable, starts: starts)
        }
    }

    /// The second pass: the same links again, now with the keys of the objects they start from.
    public struct Filler {
        private let originTable: Int
        private let originColumn: Int
        private let targetTable: Int
        private let starts: [Int]
        /// Where target `r`'s next entry goes.
        private var next: [Int]
        private var origins: [Int64]
        /// Set when a target gets more entries than counted: the passes disagreed.
        private var overflowed = false

        fileprivate init(originTable: Int, originColumn: Int, targetTable: Int, starts: [Int]) {
            self.originTable = originTable
            self.originColumn = originColumn
            self.targetTable = targetTable
            self.starts = starts
            next = Array(starts.dropLast())
            origins = [Int64](repeating: 0, count: starts.last ?? 0)
        }

        public mutating func add(origin key: Int64, target row: Int) {
            guard row >= 0, row < next.count else { return }
            guard next[row] < starts[row + 1] else {
                overflowed = true
                return
            }
            origins[next[row]] = key
            next[row] += 1
        }

        /// The finished index; throws when the second pass did not bring exactly the links the
        /// first one counted (a producer that does not replay the same links).
        public func index() throws(RealmFormatError) -> BacklinkIndex {
            guard !overflowed, next.indices.allSatisfy({ next[$0] == starts[$0 + 1] }) else {
                throw .cannotWrite(path: "", reason: "internal error: the backlinks of table \(targetTable) from "
                                   + "table \(originTable) column \(originColumn) were counted differently than filled")
            }
            return BacklinkIndex(originTable: originTable, originColumn: originColumn, targetTable: targetTable,
                                 starts: starts, origins: origins)
        }
    }
}
