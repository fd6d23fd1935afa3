import RealmFormat

/// A whole-table scan, on one thread or split between several (`ParallelWork`): large tables
/// are cut into runs of leaves in key order (`ClusterTree.split`), each run scanned by its own
/// copy of the kernel into keys and SORT/DISTINCT values of its own, and the runs' results put
/// one after the other. That is the order one thread finds them in, so the answer is the same
/// keys in the same order however the work was split.
extension QueryEngine {
    /// The matching keys in key order, and the values SORT and DISTINCT need for them.
    func scan(_ table: Table, _ kernel: ScanKernel, _ steps: [ResultOrdering.Step]) throws(RealmFormatError) -> (keys: [Int64], ordering: ResultOrdering) {
        let parts = try ScanSplit.runs(of: table, kernel)
        let results = parts.map { _ in PartResult(ordering: ResultOrdering(steps, paths: paths)) }
        try ScanSplit.each(parts, of: table, kernel: kernel) { index, leafKeys, rows, scope throws(RealmFormatError) in
            let result = results[index]
            rows.appendKeys(leafKeys, to: &result.keys)
            if !result.ordering.isEmpty { try result.ordering.collect(rows, scope) }
        }
        guard let first = results.first else { return ([], ResultOrdering(steps, paths: paths)) }
        first.ordering.append(parts: results.dropFirst().map(\.ordering)[...])
        return (PartKeys.joined(results), first.ordering)
    }

    /// `SORT(property) LIMIT(k)` over the whole table, each run keeping only its best `k`
    /// matches (`StreamingTop`; with `fromEnd` its last `k`); `total` counts every match.
    func top(_ table: Table, _ kernel: ScanKernel, _ plan: (path: BoundPath, ascending: Bool, limit: Int),
             fromEnd: Bool = false) throws(RealmFormatError) -> (keys: [Int64], total: Int) {
        let parts = try ScanSplit.runs(of: table, kernel)
        let runs = parts.map { _ in StreamingTop(path: plan.path, ascending: plan.ascending, limit: plan.limit, fromEnd: fromEnd, paths: paths) }
        try ScanSplit.each(parts, of: table, kernel: kernel) { index, leafKeys, rows, scope throws(RealmFormatError) in
            try runs[index].add(leafKeys, rows, scope)
        }
        return (StreamingTop.keys(of: runs), runs.reduce(0) { $0 + $1.matches })
    }

    /// The number of matching objects, counted leaf by leaf (no keys held).
    func count(_ table: Table, _ kernel: ScanKernel) throws(RealmFormatError) -> Int {
        let parts = try ScanSplit.runs(of: table, kernel)
        let counts = PartCounts(parts.count)
        try ScanSplit.each(parts, of: table, kernel: kernel) { index, _, rows, _ in counts.add(rows.selectedCount, part: index) }
        return counts.total
    }
}

/// How a whole-table scan is cut between threads: shared by the query's own scan, its count
/// and the scan of a linked table that a link condition makes first (`LinkKernel`).
enum ScanSplit {
    /// The runs a scan of `table` is split into: one (the whole tree) for small tables, where
    /// threads would cost more than they save. Kernels are prepared before a split so their
    /// copies share what they compute once.
    static func runs(of table: Table, _ kernel: ScanKernel) throws(RealmFormatError) -> [ClusterTree.Part?] {
        let wanted = ParallelWork.parts(objects: table.objects.count, minimumObjectsPerPart: Self.minimumObjectsPerPart(kernel.cost))
        guard wanted > 1 else { return [nil] }
        let parts = try table.objects.split(into: wanted)
        guard parts.count > 1 else { return [nil] }
        try kernel.prepare()
        return parts
    }

    /// The objects a run must have for a second thread to pay, by what the kernel does per
    /// object (BENCHMARKS.md, "Threads by cost", two cores, idle). Packed numbers, dates,
    /// TRUEPREDICATE, byte comparisons of strings and collection sizes run at 50-250 million
    /// objects a second: on big.realm's 200,000 objects a thread's start and the merge of keys
    /// eat the gain (0.2x-0.9x for numbers, 0.8x-1.7x for strings), on the 1,000,000-object demo
    /// two threads give numbers 1.0x-1.7x and strings 1.7x-1.9x, on 10,000,000 numbers
    /// 1.3x-1.7x. Once freed memory was kept for reuse (`AllocatorTuning`), a one-thread scan
    /// of numbers over the demo's 1,000,000 got so cheap (TRUEPREDICATE 3 ms) that two threads
    /// lost on the cheapest (TRUEPREDICATE 0.5x, `float-lt` 0.7x against the build before), so
    /// numbers split from a million objects a run. Searching inside strings, walking collections and following links cost
    /// enough per object to pay from tens of thousands (big.realm's `ANY tags` and CONTAINS[c]
    /// 1.1x-2.2x, the demo's links 1.4x-2.5x).
    static func minimumObjectsPerPart(_ cost: KernelCost) -> Int {
        switch cost {
        case .numeric: return 1_000_000
        case .bytes: return 250_000
        case .search, .links, .general: return ParallelWork.minimumObjectsPerPart
        }
    }

    /// Scans each run with its own copy of `kernel` (the first run with `kernel` itself), at
    /// the same time; `body` gets the run's index.
    static func each(_ parts: [ClusterTree.Part?], of table: Table, kernel: ScanKernel,
                     _ body: (Int, LeafKeys, RowBitmap, LeafScope) throws(RealmFormatError) -> Void) throws(RealmFormatError) {
        let kernels = [kernel] + parts.dropFirst().map { _ in kernel.copy() }
        try ParallelWork.run(parts: parts.count) { index throws(RealmFormatError) in
            let scan = TableScan(table: table, kernel: kernels[index])
            let visit = { (leafKeys: LeafKeys, rows: RowBitmap, scope: LeafScope) throws(RealmFormatError) in
                try body(index, leafKeys, rows, scope)
            }
            if let part = parts[index] { try scan.run(part: part, visit) } else { try scan.run(visit) }
        }
    }

    /// The keys of the matching objects (or, with `matching: false`, of the others), ascending:
    /// `TableScan.keys(matching:)`, split like the query's own scan.
    static func keys(of table: Table, _ kernel: ScanKernel, matching: Bool) throws(RealmFormatError) -> [Int64] {
        let parts = try runs(of: table, kernel)
        guard parts.count > 1 else { return try TableScan(table: table, kernel: kernel).keys(matching: matching) }
        let results = parts.map { _ in PartKeys() }
        try each(parts, of: table, kernel: kernel) { index, leafKeys, rows, _ in
            TableScan.append(leafKeys, rows, matching: matching, to: &results[index].keys)
        }
        return PartKeys.joined(results)
    }
}

/// The keys one run of a split scan found; written by that run's thread only.
class PartKeys {
    // Appended to once a leaf through `&keys`, by one thread: the run-time exclusivity check
    // of that access (a thread-local access set) is dropped.
    @exclusivity(unchecked) var keys: [Int64] = []

    /// The runs' keys one after the other, in run order. The first run's array is taken out of
    /// it and grown, so what one thread found is not copied.
    static func joined(_ runs: [PartKeys]) -> [Int64] {
        guard let first = runs.first else { return [] }
        var keys = first.keys
        first.keys = []
        guard runs.count > 1 else { return keys }
        keys.reserveCapacity(runs.reduce(keys.count) { $0 + $1.keys.count })
        for run in runs.dropFirst() { keys += run.keys }
        return keys
    }
}

/// What one run of a split scan found, with the values SORT and DISTINCT need.
final class PartResult: PartKeys {
    let ordering: ResultOrdering

    init(ordering: ResultOrdering) { self.ordering = ordering }
}

/// Per-run counts of a split count; each run adds to its own slot.
final class PartCounts {
    private var counts: [Int]

    init(_ parts: Int) { counts = Array(repeating: 0, count: parts) }

    func add(_ count: Int, part: Int) {
        counts.withUnsafeMutableBufferPointer { $0[part] += count }
    }

    var total: Int { counts.reduce(0, +) }
}
