/// One match in a sort on one typed key: its value turned into plain numbers whose order is
/// Realm's order of the values (`SortOrder`), so sorting compares integers instead of asking
/// the column about two matches at every step.
///
/// `group` orders null, then NaN, then the values, then the matches whose path met a null
/// link (Realm's rule, `BaseDescriptor::Sorter`: a null link on the way sorts after every
/// value when ascending and before every value when descending, so it is simply the largest
/// group; a null *value* at the end of the path is the smallest); `major` and `minor` order
/// the values
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
    static let null: UInt8 = 0, notANumber: UInt8 = 1, value: UInt8 = 2, brokenLink: UInt8 = 3

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
    /// Puts the entries in sort order, or keeps only the first `limit` of them, in place;
    /// `tieBreak` compares two entries whose numbers are equal (strings longer than 16 bytes),
    /// before their places.
    mutating func sort(ascending: Bool, limit: Int?, tieBreak: ((SortEntry, SortEntry) -> Int)?) {
        if let tieBreak {
            if let limit, limit >= 0, limit < count / 8 {
                sort(EntryOrder(ascending: ascending, tieBreak: tieBreak), limit: limit)
                return
            }
            // By the numbers (the first 16 bytes) in radix passes, then each run of entries
            // whose numbers are equal by the whole bytes: at 10,000,000 strings the passes
            // take a third of a quicksort's comparisons of entries through the tie-break.
            EntryRadixSort.sort(&self, ascending: ascending)
            sortTies(EntryOrder(ascending: ascending, tieBreak: tieBreak))
            return
        }
        // Numbers alone decide.
        if let limit, limit >= 0, limit < count / 8 {
            if ascending { sort(AscendingEntries(), limit: limit) } else { sort(DescendingEntries(), limit: limit) }
            return
        }
        EntryRadixSort.sort(&self, ascending: ascending)
    }

    /// Sorts each run of neighbours whose group and numbers are equal by `order`, which
    /// decides between them (the whole bytes, then the places): after a sort by the numbers,
    /// the whole order.
    private mutating func sortTies(_ order: EntryOrder) {
        let sorter = EntrySorter(order: order)
        withUnsafeMutableBufferPointer { entries in
            var start = 0
            while start < entries.count {
                var end = start + 1
                let first = entries[start]
                while end < entries.count, entries[end].group == first.group, entries[end].major == first.major,
                      entries[end].minor == first.minor {
                    end += 1
                }
                if end - start > 1 { sorter.sort(entries, start..<end) }
                start = end
            }
        }
    }

    private mutating func sort<Order: EntryOrdering>(_ order: Order, limit: Int?) {
        guard let limit, limit >= 0, limit < count / 8 else {
            EntrySorter(order: order).sort(&self)
            return
        }
        self = ResultOrdering.smallest(limit, of: self, by: order.precedes)
    }
}

/// Which of two sort entries comes first.
protocol EntryOrdering {
    func precedes(_ a: SortEntry, _ b: SortEntry) -> Bool
}

extension EntryOrdering {
    /// By group (a null link on the way is the largest group: last ascending, first
    /// descending), then by the numbers, ascending or not; nil when all are equal.
    @inline(__always)
    func byNumbers(_ a: SortEntry, _ b: SortEntry, ascending: Bool) -> Bool? {
        if a.group != b.group { return ascending ? a.group < b.group : a.group > b.group }
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

/// The reverse of an order, ties included: what `StreamingTop` keeps when it keeps the last
/// matches.
struct ReversedEntries<Order: EntryOrdering>: EntryOrdering {
    let order: Order

    @inline(__always)
    func precedes(_ a: SortEntry, _ b: SortEntry) -> Bool { order.precedes(b, a) }
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
