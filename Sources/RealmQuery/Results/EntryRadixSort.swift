import RealmFormat

/// A whole sort on numbers alone: a stable least-significant-digit radix sort over the
/// entries' (group, major, minor), a byte at a time, skipping the bytes every entry shares.
/// The entries come in place order and the sort is stable, so ties keep that order; it
/// allocates one buffer, whatever the number of entries.
enum EntryRadixSort {
    /// Sorts `entries` in place. One scratch buffer of the same size, left uninitialised (the
    /// entries are plain values): at 10,000,000 entries (320 MB) every fresh array is pages the
    /// kernel must zero on first touch, and copying the input twice (result and buffer) made
    /// that half of a whole-class sort (perf: `clear_page_erms` 43%).
    static func sort(_ entries: inout [SortEntry], ascending: Bool) {
        guard entries.count > 1 else { return }
        let buffer = UnsafeMutableBufferPointer<SortEntry>.allocate(capacity: entries.count)
        defer { buffer.deallocate() }
        let parts = min(2, ParallelWork.parts(objects: entries.count, minimumObjectsPerPart: minimumEntriesPerHalf))
        entries.withUnsafeMutableBufferPointer { result in
            guard parts == 2, let base = result.baseAddress, let scratch = buffer.baseAddress else {
                sortAlone(result, buffer, ascending: ascending, endIn: result)
                return
            }
            // Two halves sorted at the same time, each left in its half of the buffer, then
            // merged back into `result`. The passes are most of the time (random writes over
            // hundreds of megabytes) and the merge one more; the left half's entries all came
            // first, so taking it on a tie keeps the sort stable: the same order as one thread.
            let middle = result.count / 2
            ParallelWork.run(parts: 2) { (part: Int) -> Void in
                let range = part == 0 ? 0..<middle : middle..<result.count
                let half = UnsafeMutableBufferPointer(start: base + range.lowerBound, count: range.count)
                let spare = UnsafeMutableBufferPointer(start: scratch + range.lowerBound, count: range.count)
                sortAlone(half, spare, ascending: ascending, endIn: spare)
            }
            merge(UnsafeMutableBufferPointer(start: scratch, count: middle),
                  UnsafeMutableBufferPointer(start: scratch + middle, count: result.count - middle),
                  into: result, ascending: ascending)
        }
    }

    /// Sorting is split in two from this many entries a half: below it a thread and the
    /// merge cost more than half the passes save.
    static let minimumEntriesPerHalf = 500_000

    /// The passes over `entries`, alternating with `spare`; the sorted entries end in `endIn`
    /// (one of the two).
    private static func sortAlone(_ entries: UnsafeMutableBufferPointer<SortEntry>, _ spare: UnsafeMutableBufferPointer<SortEntry>,
                                  ascending: Bool, endIn: UnsafeMutableBufferPointer<SortEntry>) {
        var from = entries
        var to = spare
        // Least significant first: minor, major, then the group's one byte.
        for field in 0..<3 {
            for shift in stride(from: 0, to: field == 2 ? 8 : 64, by: 8)
            where pass(from, to, field: field, shift: UInt64(shift), ascending: ascending) {
                swap(&from, &to)
            }
        }
        if from.baseAddress != endIn.baseAddress, let source = from.baseAddress, let target = endIn.baseAddress {
            target.update(from: source, count: endIn.count)
        }
    }

    /// Merges two sorted runs into `target` (as long as both); the left run wins ties.
    private static func merge(_ left: UnsafeMutableBufferPointer<SortEntry>, _ right: UnsafeMutableBufferPointer<SortEntry>,
                              into target: UnsafeMutableBufferPointer<SortEntry>, ascending: Bool) {
        var l = 0
        var r = 0
        var t = 0
        while l < left.count && r < right.count {
            let a = left[l]
            let b = right[r]
            if precedes(b, a, ascending) {
                target[t] = b
                r &+= 1
            } else {
                target[t] = a
                l &+= 1
            }
            t &+= 1
        }
        while l < left.count { target[t] = left[l]; l &+= 1; t &+= 1 }
        while r < right.count { target[t] = right[r]; r &+= 1; t &+= 1 }
    }

    /// Whether `a` sorts strictly before `b` by (group, major, minor): the order the passes give.
    @inline(__always)
    private static func precedes(_ a: SortEntry, _ b: SortEntry, _ ascending: Bool) -> Bool {
        let groupA = key(a, 2, ascending), groupB = key(b, 2, ascending)
        if groupA != groupB { return groupA < groupB }
        let majorA = key(a, 1, ascending), majorB = key(b, 1, ascending)
        if majorA != majorB { return majorA < majorB }
        return key(a, 0, ascending) < key(b, 0, ascending)
    }

    /// The key whose unsigned order is the wanted order: descending flips every field (the
    /// null-link group, the largest, then comes first).
    @inline(__always)
    private static func key(_ entry: SortEntry, _ field: Int, _ ascending: Bool) -> UInt64 {
        switch field {
        case 0: return ascending ? entry.minor : ~entry.minor
        case 1: return ascending ? entry.major : ~entry.major
        default:
            let group = UInt64(entry.group)
            return ascending ? group : UInt64(SortEntry.brokenLink) - group
        }
    }

    /// One counting pass on the byte at `shift` of `field`, from `from` into `to`; false (and
    /// nothing moved) when every entry has the same byte there.
    private static func pass(_ from: UnsafeMutableBufferPointer<SortEntry>, _ to: UnsafeMutableBufferPointer<SortEntry>,
                             field: Int, shift: UInt64, ascending: Bool) -> Bool {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { counts in
            counts.initialize(repeating: 0)
            for entry in from { counts[Int(truncatingIfNeeded: key(entry, field, ascending) >> shift) & 0xFF] += 1 }
            if counts.contains(from.count) { return false }
            var start = 0
            for index in 0..<256 {
                let count = counts[index]
                counts[index] = start
                start += count
            }
            for entry in from {
                let byte = Int(truncatingIfNeeded: key(entry, field, ascending) >> shift) & 0xFF
                to[counts[byte]] = entry
                counts[byte] += 1
            }
            return true
        }
    }
}
