@testable import RealmQuery
import RealmFormat
import Testing

/// `EntryRadixSort` and `EntrySorter` (quicksort, insertion sort, heapsort) must put sort
/// entries in exactly the order the standard library's sort gives them, whatever their
/// values, ties and sizes.
@Suite("Sorting sort entries")
struct EntrySorterTests {
    enum Sorting {
        static func ascending(_ entries: inout [SortEntry]) { EntrySorter(order: AscendingEntries()).sort(&entries) }
        static func descending(_ entries: inout [SortEntry]) { EntrySorter(order: DescendingEntries()).sort(&entries) }
        static func radixAscending(_ entries: inout [SortEntry]) { EntryRadixSort.sort(&entries, ascending: true) }
        static func radixDescending(_ entries: inout [SortEntry]) { EntryRadixSort.sort(&entries, ascending: false) }
    }

    static func entries(_ count: Int, distinctMajors: UInt64, seed: UInt64) -> [SortEntry] {
        var numbers = RobustnessTests.Generator(state: seed)
        return (0..<count).map { place in
            SortEntry(group: UInt8(numbers.next() % 4), major: numbers.next() % distinctMajors, minor: numbers.next() % 3,
                      place: Int32(place), match: Int32(place))
        }
    }

    @Test("the same order as the standard library's sort", arguments: [0, 1, 2, 15, 16, 17, 100, 1000, 20000])
    func sameOrder(count: Int) {
        for (distinct, ascending) in [(UInt64(1), true), (2, false), (50, true), (UInt64.max, false)] {
            let entries = Self.entries(count, distinctMajors: distinct, seed: UInt64(count) &* 31 &+ distinct)
            // The reference: group (null links the largest: last ascending, first descending),
            // numbers, then place.
            let precedes: (SortEntry, SortEntry) -> Bool = { a, b in
                if a.group != b.group { return ascending ? a.group < b.group : a.group > b.group }
                if a.major != b.major { return ascending ? a.major < b.major : a.major > b.major }
                if a.minor != b.minor { return ascending ? a.minor < b.minor : a.minor > b.minor }
                return a.place < b.place
            }
            let expected = entries.sorted(by: precedes).map(\.match)
            let radix = ascending ? Sorting.radixAscending : Sorting.radixDescending
            var byRadix = entries
            radix(&byRadix)
            #expect(byRadix.map(\.match) == expected, "radix: \(count) entries, \(distinct) majors")
            let sorter = ascending ? Sorting.ascending : Sorting.descending
            var sorted = entries
            sorter(&sorted)
            #expect(sorted.map(\.match) == expected, "\(count) entries, \(distinct) majors")
            // Entries already in order, and in reverse, are quicksort's classic worst cases.
            var again = sorted
            sorter(&again)
            #expect(again.map(\.match) == sorted.map(\.match))
            var reversed = Array(sorted.reversed())
            sorter(&reversed)
            #expect(reversed.map(\.match) == sorted.map(\.match))
        }
    }

    /// Large sorts run as two halves on two threads and a merge (`EntryRadixSort.sort`): forced
    /// here on small inputs, the order must be the one-thread order, ties (equal numbers) in
    /// place order across the halves' boundary too.
    @Test("two halves and a merge give the one-thread order", arguments: [2, 3, 17, 1000, 20001])
    func halvesAgree(count: Int) {
        for (distinct, ascending) in [(UInt64(1), true), (3, false), (UInt64.max, true)] {
            let entries = Self.entries(count, distinctMajors: distinct, seed: UInt64(count) &* 7 &+ distinct)
            var alone = entries
            ParallelWork.$forcedParts.withValue(1) { EntryRadixSort.sort(&alone, ascending: ascending) }
            var halves = entries
            ParallelWork.$forcedParts.withValue(2) { EntryRadixSort.sort(&halves, ascending: ascending) }
            #expect(halves.map(\.match) == alone.map(\.match), "\(count) entries, \(distinct) majors")
            let expected = entries.sorted { a, b in
                if a.group != b.group { return ascending ? a.group < b.group : a.group > b.group }
                if a.major != b.major { return ascending ? a.major < b.major : a.major > b.major }
                if a.minor != b.minor { return ascending ? a.minor < b.minor : a.minor > b.minor }
                return a.place < b.place
            }
            #expect(halves.map(\.match) == expected.map(\.match))
        }
    }

    /// Strings longer than 16 bytes: entries whose numbers are equal are told apart by a
    /// tie-break (the whole bytes), then by place. A whole sort goes by the numbers in radix
    /// passes and then sorts each run of equal numbers; a small LIMIT keeps the smallest by
    /// the whole order. Both must give the standard library's order by the whole comparison,
    /// with entries given out of place order (as after an earlier SORT step) and with many ties.
    @Test("with a tie-break: radix passes then the runs of equal numbers", arguments: [0, 1, 2, 17, 1000, 20000])
    func tieBreaks(count: Int) {
        for (distinct, ascending) in [(UInt64(1), true), (3, false), (40, true), (UInt64.max, false)] {
            var entries = Self.entries(count, distinctMajors: distinct, seed: UInt64(count) &* 13 &+ distinct)
            var numbers = RobustnessTests.Generator(state: UInt64(count) &+ 5)
            // The bytes past the first 16, by match; places shuffled.
            let rest = (0..<count).map { _ in numbers.next() % 5 }
            var places = (0..<count).map { Int32($0) }
            for index in places.indices.reversed() where index > 0 { places.swapAt(index, Int(numbers.next() % UInt64(index + 1))) }
            for index in entries.indices { entries[index].place = places[index] }
            let tieBreak: (SortEntry, SortEntry) -> Int = { a, b in
                let (x, y) = (rest[Int(a.match)], rest[Int(b.match)])
                return x == y ? 0 : (x < y ? -1 : 1)
            }
            let expected = entries.sorted { a, b in
                if a.group != b.group { return ascending ? a.group < b.group : a.group > b.group }
                if a.major != b.major { return ascending ? a.major < b.major : a.major > b.major }
                if a.minor != b.minor { return ascending ? a.minor < b.minor : a.minor > b.minor }
                let order = tieBreak(a, b)
                if order != 0 { return ascending ? order < 0 : order > 0 }
                return a.place < b.place
            }.map(\.match)
            for limit in [nil, 0, 5, count / 10] as [Int?] {
                var sorted = entries
                sorted.sort(ascending: ascending, limit: limit, tieBreak: tieBreak)
                let wanted = limit.map { Array(expected.prefix($0)) } ?? expected
                #expect(Array(sorted.map(\.match).prefix(wanted.count)) == wanted, "\(count) entries, \(distinct) majors, limit \(String(describing: limit))")
            }
        }
    }
}
