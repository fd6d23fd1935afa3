import RealmFormat

/// `SORT(property) LIMIT(k)` on a plain number, bool, date or string of the scanned class,
/// without holding every match: each run of the scan keeps only its best `k` as it goes (a
/// heap with the entry that comes last on top), and the runs' best are sorted together at the
/// end.
///
/// The general path keeps a key, a value, a match number and a sort entry for every match and
/// then selects; at 10,000,000 objects that was 330 MB of fresh memory, and the page faults of
/// filling it were most of the query (perf: `clear_page`, `exc_page_fault`). The order is the
/// same `SortEntry` order (group, numbers, for strings the whole bytes where the first 16 are
/// equal, then the match's place in scan order), so the result is the same keys in the same
/// order: a run numbers its matches from 0, and the runs' places are shifted by the matches of
/// the runs before them before they are put together.
///
/// With `fromEnd` it keeps the last `k` instead (the last page of a sorted answer): the heap
/// then works in the reverse of the whole order, every comparison reversed, the place that
/// breaks ties included, so what it keeps is exactly the whole sort's suffix.
final class StreamingTop {
    /// A LIMIT this large or larger takes the general path (the heap would hold most matches).
    static let largestLimit = 100_000

    let column: OrderingColumn
    let ascending: Bool
    let limit: Int
    /// Keeps the last `limit` matches of the order instead of the first.
    let fromEnd: Bool
    /// At most `limit` entries; `match` is the entry's slot in `keys` (and `strings`).
    private var heap: [SortEntry] = []
    private var keys: [Int64] = []
    /// Strings: each slot's value, in place in the mapping (as the general path keeps them).
    private var strings: [StringKey] = []
    private var leafKeys: [Int64] = []
    private var leafMatches: [Int] = []
    /// Matches seen by this run so far.
    private(set) var matches = 0

    /// The plan when `steps` are one SORT on one plain property, then a LIMIT of less than an
    /// eighth of the objects (below that the general path's selection is as cheap).
    static func plan(_ steps: [ResultOrdering.Step], objects: Int, paths: PathEvaluator) -> (path: BoundPath, ascending: Bool, limit: Int)? {
        guard steps.count == 2, case let .sort(sortKeys) = steps[0], sortKeys.count == 1, case let .limit(limit) = steps[1],
              limit >= 0, limit < largestLimit, limit < objects / 8 else { return nil }
        let column = OrderingColumn(path: sortKeys[0].path, paths: paths)
        guard column.hops.isEmpty, column.column != nil, column.kind != .general else { return nil }
        return (sortKeys[0].path, sortKeys[0].ascending, limit)
    }

    init(path: BoundPath, ascending: Bool, limit: Int, fromEnd: Bool = false, paths: PathEvaluator) {
        column = OrderingColumn(path: path, paths: paths)
        self.ascending = ascending
        self.limit = limit
        self.fromEnd = fromEnd
    }

    /// Whether `a` (a string `x` for string keys) is kept before `b` (`y`): comes before it in
    /// the order, or (`fromEnd`) after it.
    @inline(__always)
    private func precedes(_ a: SortEntry, _ x: StringKey?, _ b: SortEntry, _ y: StringKey?) -> Bool {
        let order = compare(a, x, b, y)
        return fromEnd ? order > 0 : order < 0
    }

    /// Where `a` (a string `x` for string keys) stands against `b` (`y`) in the order:
    /// negative before, positive after (0 only for an entry against itself). One comparison
    /// for both directions of the heap: two copies of it, one per direction, made the string
    /// loop 15% slower.
    @inline(__always)
    private func compare(_ a: SortEntry, _ x: StringKey?, _ b: SortEntry, _ y: StringKey?) -> Int {
        if let before = AscendingEntries().byNumbers(a, b, ascending: ascending) { return before ? -1 : 1 }
        if let x, let y {
            let order = x.withBytes { first in y.withBytes { second in OrderingColumn.order(first, second) } }
            if order != 0 { return ascending ? order : -order }
        }
        return a.place < b.place ? -1 : (a.place == b.place ? 0 : 1)
    }

    /// Whether heap entries `a` and `b` are in order.
    @inline(__always)
    private func precedes(_ a: SortEntry, _ b: SortEntry) -> Bool {
        strings.isEmpty ? precedes(a, nil, b, nil) : precedes(a, strings[Int(a.match)], b, strings[Int(b.match)])
    }

    /// Takes in the selected rows of one leaf.
    func add(_ leafKeys: LeafKeys, _ rows: RowBitmap, _ scope: LeafScope) throws(RealmFormatError) {
        let selected = rows.selectedCount
        guard selected > 0 else { return }
        defer { matches += selected }
        guard limit > 0 else { return }
        column.removeValues()
        try column.append(rows, scope)
        if leafMatches.count != selected { leafMatches = Array(0..<selected) }
        guard let entries = column.sortEntries(for: leafMatches) else { return }
        self.leafKeys.removeAll(keepingCapacity: true)
        rows.appendKeys(leafKeys, to: &self.leafKeys)
        guard column.kind == .string else {
            switch (ascending, fromEnd) {
            case (true, false): addNumbers(entries, AscendingEntries())
            case (false, false): addNumbers(entries, DescendingEntries())
            case (true, true): addNumbers(entries, ReversedEntries(order: AscendingEntries()))
            case (false, true): addNumbers(entries, ReversedEntries(order: DescendingEntries()))
            }
            return
        }
        let leafStrings = column.strings
        for (index, found) in entries.enumerated() {
            var entry = found
            entry.place = Int32(truncatingIfNeeded: matches + index)
            let string = leafStrings[index]
            if heap.count < limit {
                entry.match = Int32(truncatingIfNeeded: keys.count)
                keys.append(self.leafKeys[index])
                strings.append(string)
                heap.append(entry)
                siftUp(heap.count - 1)
            } else if precedes(entry, string, heap[0], strings[Int(heap[0].match)]) {
                entry.match = heap[0].match
                keys[Int(entry.match)] = self.leafKeys[index]
                strings[Int(entry.match)] = string
                heap[0] = entry
                siftDown(0)
            }
        }
    }

    /// `add` for numbers, bools and dates, whose entries alone decide: the order's own
    /// comparison, and a match that does not beat the heap's top (most of them, once the heap
    /// is full) costs one comparison.
    @inline(__always)
    private func addNumbers<Order: EntryOrdering>(_ entries: [SortEntry], _ order: Order) {
        let first = matches
        for index in entries.indices {
            var entry = entries[index]
            entry.place = Int32(truncatingIfNeeded: first &+ index)
            if heap.count == limit {
                guard order.precedes(entry, heap[0]) else { continue }
                entry.match = heap[0].match
                keys[Int(entry.match)] = leafKeys[index]
                heap[0] = entry
                siftDown(0)
            } else {
                entry.match = Int32(truncatingIfNeeded: keys.count)
                keys.append(leafKeys[index])
                heap.append(entry)
                siftUp(heap.count - 1)
            }
        }
    }

    /// The keys of the first (or, `fromEnd`, the last) `limit` matches of all runs, given in
    /// scan order, in the order.
    static func keys(of runs: [StreamingTop]) -> [Int64] {
        guard let first = runs.first else { return [] }
        var entries: [SortEntry] = []
        var keys: [Int64] = []
        var strings: [StringKey] = []
        var before = 0
        for run in runs {
            for found in run.heap {
                var entry = found
                entry.place = Int32(truncatingIfNeeded: Int(found.place) + before)
                entry.match = Int32(truncatingIfNeeded: keys.count)
                keys.append(run.keys[Int(found.match)])
                if !run.strings.isEmpty { strings.append(run.strings[Int(found.match)]) }
                entries.append(entry)
            }
            before += run.matches
        }
        if first.column.kind == .string {
            let order = EntryOrder(ascending: first.ascending) { a, b in
                strings[Int(a.match)].withBytes { x in strings[Int(b.match)].withBytes { y in OrderingColumn.order(x, y) } }
            }
            EntrySorter(order: order).sort(&entries)
        } else if first.ascending {
            EntrySorter(order: AscendingEntries()).sort(&entries)
        } else {
            EntrySorter(order: DescendingEntries()).sort(&entries)
        }
        let kept = first.fromEnd ? entries.suffix(first.limit) : entries.prefix(first.limit)
        return kept.map { keys[Int($0.match)] }
    }

    /// The heap keeps the entry kept last on top: a parent never precedes a child.
    private func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(heap[parent], heap[child]) else { return }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    private func siftDown(_ start: Int) {
        var parent = start
        while true {
            var last = parent
            let left = 2 * parent + 1
            if left < heap.count, precedes(heap[last], heap[left]) { last = left }
            if left + 1 < heap.count, precedes(heap[last], heap[left + 1]) { last = left + 1 }
            guard last != parent else { return }
            heap.swapAt(parent, last)
            parent = last
        }
    }
}
