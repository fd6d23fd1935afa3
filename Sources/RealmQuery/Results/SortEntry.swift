/// One match in a sort on one typed key: its value turned into plain numbers whose order is
/// Realm's order of the values (`SortOrder`), so sorting compares integers instead of asking
/// the column about two matches at every step.
///
/// `group` puts matches whose path met a null link first (in either direction), then null,
/// then NaN, then the values; `major` and `minor` order the values
/// (sign bits flipped so that unsigned order is signed order; strings by their first 16
/// bytes, the rest compared only when those are equal); `place` is the match's position in
/// the order before this sort, which breaks ties, as Realm keeps tied objects in that order.
struct SortEntry {
    var group: UInt8
    var major: UInt64
    var minor: UInt64
    var place: Int32
    var match: Int32

    static let sign: UInt64 = 1 << 63
    static let brokenLink: UInt8 = 0, null: UInt8 = 1, notANumber: UInt8 = 2, value: UInt8 = 3

    static func integer(_ value: Int64) -> UInt64 { UInt64(bitPattern: value) ^ sign }

    /// Doubles by value with -0 equal to 0 (NaN is its own group).
    static func double(_ value: Double) -> UInt64 {
        let bits = (value == 0 ? 0.0 : value).bitPattern
        return bits & sign != 0 ? ~bits : bits | sign
    }

    /// Up to 8 bytes from `offset`, big-endian, zero-padded: byte order of strings.
    static func bytes(_ text: UnsafeRawBufferPointer, from offset: Int) -> UInt64 {
        var word: UInt64 = 0
        let end = min(text.count, offset + 8)
        var index = offset
        while index < end {
            word |= UInt64(text[index]) << UInt64(8 * (7 - (index - offset)))
            index += 1
        }
        return word
    }
}

extension Array where Element == SortEntry {
    /// The entries in sort order, or the first `limit` of them; `tieBreak` compares two
    /// entries whose numbers are equal (strings longer than 16 bytes), before their places.
    func sorted(ascending: Bool, limit: Int?, tieBreak: ((SortEntry, SortEntry) -> Int)?) -> [SortEntry] {
        if let tieBreak {
            return sorted(EntryOrder(ascending: ascending, tieBreak: tieBreak), limit: limit)
        }
        // Numbers alone decide.
        if let limit, limit >= 0, limit < count / 8 {
            return ascending ? sorted(AscendingEntries(), limit: limit) : sorted(DescendingEntries(), limit: limit)
        }
        return EntryRadixSort.sorted(self, ascending: ascending)
    }

    private func sorted<Order: EntryOrdering>(_ order: Order, limit: Int?) -> [SortEntry] {
        guard let limit, limit >= 0, limit < count / 8 else {
            var entries = self
            EntrySorter(order: order).sort(&entries)
            return entries
        }
        return ResultOrdering.smallest(limit, of: self, by: order.precedes)
    }
}

/// Which of two sort entries comes first.
protocol EntryOrdering {
    func precedes(_ a: SortEntry, _ b: SortEntry) -> Bool
}

extension EntryOrdering {
    /// By group (broken links first in either direction), then by the numbers, ascending or
    /// not; nil when all are equal.
    @inline(__always)
    func byNumbers(_ a: SortEntry, _ b: SortEntry, ascending: Bool) -> Bool? {
        if a.group != b.group {
            if a.group == SortEntry.brokenLink || b.group == SortEntry.brokenLink { return a.group == SortEntry.brokenLink }
            return ascending ? a.group < b.group : a.group > b.group
        }
        if a.major != b.major { return ascending ? a.major < b.major : a.major > b.major }
        if a.minor != b.minor { return ascending ? a.minor < b.minor : a.minor > b.minor }
        return nil
    }
}

struct AscendingEntries: EntryOrdering {
    @inline(__always)
    func precedes(_ a: SortEntry, _ b: SortEntry) -> Bool { byNumbers(a, b, ascending: true) ?? (a.place < b.place) }
}

struct DescendingEntries: EntryOrdering {
    @inline(__always)
    func precedes(_ a: SortEntry, _ b: SortEntry) -> Bool { byNumbers(a, b, ascending: false) ?? (a.place < b.place) }
}

/// Strings: the whole bytes decide where the first 16 are equal.
struct EntryOrder: EntryOrdering {
    let ascending: Bool
    let tieBreak: (SortEntry, SortEntry) -> Int

    func precedes(_ a: SortEntry, _ b: SortEntry) -> Bool {
        if let order = byNumbers(a, b, ascending: ascending) { return order }
        let order = tieBreak(a, b)
        if order != 0 { return ascending ? order < 0 : order > 0 }
        return a.place < b.place
    }
}

/// An in-place sort of sort entries: quicksort (median of three), insertion sort for short
/// ranges, heapsort where quicksort goes too deep. Entries are totally ordered (their places
/// differ), so it need not be stable, and it allocates nothing, where the standard library's
/// stable sort allocated as it merged.
struct EntrySorter<Order: EntryOrdering> {
    let order: Order

    @inline(__always)
    private func precedes(_ a: SortEntry, _ b: SortEntry) -> Bool { order.precedes(a, b) }

    func sort(_ entries: inout [SortEntry]) {
        entries.withUnsafeMutableBufferPointer { buffer in
            var depth = 2 * (Int.bitWidth - buffer.count.leadingZeroBitCount)
            quicksort(buffer, 0, buffer.count, &depth)
        }
    }

    private func quicksort(_ items: UnsafeMutableBufferPointer<SortEntry>, _ low: Int, _ high: Int, _ depth: inout Int) {
        var low = low
        var high = high
        while high - low > 16 {
            if depth == 0 {
                heapsort(items, low, high)
                return
            }
            depth -= 1
            let middle = low + (high - low) / 2
            // The median of the first, middle and last entries as the pivot, moved to `low`.
            if precedes(items[middle], items[low]) { items.swapAt(middle, low) }
            if precedes(items[high - 1], items[middle]) { items.swapAt(high - 1, middle) }
            if precedes(items[middle], items[low]) { items.swapAt(middle, low) }
            items.swapAt(low, middle)
            let pivot = items[low]
            var left = low + 1
            var right = high - 1
            while true {
                while left <= right && precedes(items[left], pivot) { left += 1 }
                while left <= right && precedes(pivot, items[right]) { right -= 1 }
                if left >= right { break }
                items.swapAt(left, right)
                left += 1
                right -= 1
            }
            items.swapAt(low, right)
            // The smaller side recursively, the larger one in the loop: stack depth stays log n.
            if right - low < high - right - 1 {
                quicksort(items, low, right, &depth)
                low = right + 1
            } else {
                quicksort(items, right + 1, high, &depth)
                high = right
            }
        }
        insertionSort(items, low, high)
    }

    private func insertionSort(_ items: UnsafeMutableBufferPointer<SortEntry>, _ low: Int, _ high: Int) {
        guard high - low > 1 else { return }
        for index in (low + 1)..<high {
            let item = items[index]
            var position = index
            while position > low && precedes(item, items[position - 1]) {
                items[position] = items[position - 1]
                position -= 1
            }
            items[position] = item
        }
    }

    private func heapsort(_ items: UnsafeMutableBufferPointer<SortEntry>, _ low: Int, _ high: Int) {
        let count = high - low
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while 2 * root + 1 < end {
                var child = 2 * root + 1
                if child + 1 < end && precedes(items[low + child], items[low + child + 1]) { child += 1 }
                guard precedes(items[low + root], items[low + child]) else { return }
                items.swapAt(low + root, low + child)
                root = child
            }
        }
        for start in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(start, count) }
        for end in stride(from: count - 1, to: 0, by: -1) {
            items.swapAt(low, low + end)
            siftDown(0, end)
        }
    }
}

/// A whole sort on numbers alone: a stable least-significant-digit radix sort over the
/// entries' (group, major, minor), a byte at a time, skipping the bytes every entry shares.
/// The entries come in place order and the sort is stable, so ties keep that order; it
/// allocates the result and one buffer, whatever the number of entries.
enum EntryRadixSort {
    static func sorted(_ entries: [SortEntry], ascending: Bool) -> [SortEntry] {
        guard entries.count > 1 else { return entries }
        var result = entries
        var buffer = entries
        result.withUnsafeMutableBufferPointer { result in
            buffer.withUnsafeMutableBufferPointer { buffer in
                var from = result
                var to = buffer
                // Least significant first: minor, major, then the group's one byte.
                for field in 0..<3 {
                    for shift in stride(from: 0, to: field == 2 ? 8 : 64, by: 8)
                    where pass(from, to, field: field, shift: UInt64(shift), ascending: ascending) {
                        swap(&from, &to)
                    }
                }
                if from.baseAddress != result.baseAddress, let source = from.baseAddress, let target = result.baseAddress {
                    target.update(from: source, count: result.count)
                }
            }
        }
        return result
    }

    /// The key whose unsigned order is the wanted order: descending flips the numbers, but
    /// matches whose path met a null link (group 0) still come first.
    @inline(__always)
    private static func key(_ entry: SortEntry, _ field: Int, _ ascending: Bool) -> UInt64 {
        switch field {
        case 0: return ascending ? entry.minor : ~entry.minor
        case 1: return ascending ? entry.major : ~entry.major
        default:
            let group = UInt64(entry.group)
            return ascending || group == UInt64(SortEntry.brokenLink) ? group : 4 - group
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
