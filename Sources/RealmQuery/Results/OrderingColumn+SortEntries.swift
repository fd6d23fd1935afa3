extension OrderingColumn {
    /// The matches of `order`, in that order, as sort entries; nil for general keys (paths
    /// through links, Mixed, decimals...), which sort through `compare`.
    func sortEntries(for order: [Int]) -> [SortEntry]? {
        // Local copies: the loop then reads plain arrays, not a class's stored properties.
        let nulls = self.nulls
        let broken = self.broken
        var entries: [SortEntry] = []
        entries.reserveCapacity(order.count)
        func add(_ group: UInt8, _ major: UInt64, _ minor: UInt64, _ place: Int, _ match: Int) {
            let group = !broken.isEmpty && broken[match] ? SortEntry.brokenLink : group
            entries.append(SortEntry(group: group, major: major, minor: minor, place: Int32(truncatingIfNeeded: place),
                                     match: Int32(truncatingIfNeeded: match)))
        }
        switch kind {
        case .integer, .bool:
            let integers = self.integers
            for (place, match) in order.enumerated() {
                if nulls[match] { add(SortEntry.null, 0, 0, place, match) } else { add(SortEntry.value, SortEntry.integer(integers[match]), 0, place, match) }
            }
        case .double:
            let doubles = self.doubles
            for (place, match) in order.enumerated() {
                let value = doubles[match]
                if nulls[match] {
                    add(SortEntry.null, 0, 0, place, match)
                } else if value.isNaN {
                    add(SortEntry.notANumber, 0, 0, place, match)
                } else {
                    add(SortEntry.value, SortEntry.double(value), 0, place, match)
                }
            }
        case .timestamp:
            let seconds = self.seconds
            let nanoseconds = self.nanoseconds
            for (place, match) in order.enumerated() {
                if nulls[match] {
                    add(SortEntry.null, 0, 0, place, match)
                } else {
                    add(SortEntry.value, SortEntry.integer(seconds[match]), SortEntry.integer(Int64(nanoseconds[match])), place, match)
                }
            }
        case .string:
            let strings = self.strings
            for (place, match) in order.enumerated() {
                if nulls[match] {
                    add(SortEntry.null, 0, 0, place, match)
                } else {
                    let (major, minor) = strings[match].withBytes { (SortEntry.bytes($0, from: 0), SortEntry.bytes($0, from: 8)) }
                    add(SortEntry.value, major, minor, place, match)
                }
            }
        case .general:
            return nil
        }
        return entries
    }

    /// For strings whose first 16 bytes are equal: the order of the whole strings (which
    /// also tells "ab" from "ab\0"); nil for the other kinds, whose numbers are exact.
    var entryTieBreak: ((SortEntry, SortEntry) -> Int)? {
        guard kind == .string else { return nil }
        let strings = self.strings
        return { a, b in
            strings[Int(a.match)].withBytes { x in strings[Int(b.match)].withBytes { y in OrderingColumn.order(x, y) } }
        }
    }
}
