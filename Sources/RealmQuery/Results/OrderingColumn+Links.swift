import RealmFormat

extension OrderingColumn {
    /// During the scan: each selected row's first link target (its key, or -1 for null).
    func appendLinks(_ rows: RowBitmap, _ link: Column, _ scope: LeafScope) throws(RealmFormatError) {
        switch try scope.scan(link) {
        case .absent:
            for _ in 0..<rows.selectedCount { linkedKeys.append(-1) }
        case let .integers(stored, _):
            // Single links store key + 1, 0 for null.
            rows.forEachSelected { row in linkedKeys.append(stored[row] &- 1) }
        default:
            throw .unexpectedNode(ref: 0, context: "column \"\(link.name)\"", detail: "a link of an unexpected layout")
        }
    }

    /// After the scan, for a path through links: follows them hop by hop for all matches at
    /// once and fills the typed values of the plain property at the end, in match order.
    ///
    /// Each hop reads only the objects some match leads to, a leaf at a time (`TableScan.run(candidates:)`
    /// over their sorted keys), so a million matches linking to the same few objects read
    /// those few, and no object is looked up per match.
    func resolveLinks() throws(RealmFormatError) {
        guard !hops.isEmpty, broken.isEmpty, let column else { return }
        var keys = linkedKeys
        linkedKeys = []
        for (index, hop) in hops.enumerated().dropFirst() {
            // The link of this hop lives in the table the previous hop led to.
            let links = OrderingColumn(property: hop.link, kind: .integer, paths: paths)
            let places = try OrderingColumn.gather(keys, in: hops[index - 1].target, into: links)
            keys = places.map { $0 < 0 || links.nulls[$0] ? -1 : links.integers[$0] &- 1 }
        }
        let values = OrderingColumn(property: column, kind: kind, paths: paths)
        let places = try OrderingColumn.gather(keys, in: hops[hops.count - 1].target, into: values)
        broken.reserveCapacity(places.count)
        for place in places {
            broken.append(place < 0)
            if place < 0 { appendNulls(1) } else { copy(place, of: values) }
        }
    }

    /// Appends the value at `place` of `other`, a column of the same kind.
    private func copy(_ place: Int, of other: OrderingColumn) {
        switch kind {
        case .integer, .bool: appendValue(integer: other.integers[place], null: other.nulls[place])
        case .double: appendValue(double: other.doubles[place], null: other.nulls[place])
        case .timestamp: appendValue(seconds: other.seconds[place], nanoseconds: other.nanoseconds[place], null: other.nulls[place])
        case .string: appendValue(string: other.strings[place])
        case .general: appendNulls(1)
        }
    }

    /// Reads `into`'s property for the objects `keys` of `table` (negative keys: none) and
    /// returns, per key, where its value landed in `into`, or -1 where no object has it.
    static func gather(_ keys: [Int64], in table: Table, into values: OrderingColumn) throws(RealmFormatError) -> [Int] {
        var wanted = keys.filter { $0 >= 0 }
        wanted.sort()
        var distinct: [Int64] = []
        distinct.reserveCapacity(wanted.count)
        for key in wanted where distinct.last != key { distinct.append(key) }
        var found: [Int64] = []
        found.reserveCapacity(distinct.count)
        try TableScan(table: table, kernel: ConstantKernel(true)).run(candidates: distinct) { leafKeys, rows, scope throws(RealmFormatError) in
            try values.append(rows, scope)
            rows.forEachSelected { row in found.append(leafKeys[row]) }
        }
        // `found` is ascending: candidates go in key order, a leaf's rows too. Keys without
        // gaps (a table nothing was deleted from) give a position by subtraction.
        if let first = found.first, let last = found.last, last &- first == Int64(found.count - 1) {
            return keys.map { key in key >= first && key <= last ? Int(key &- first) : -1 }
        }
        return keys.map { key in
            guard key >= 0 else { return -1 }
            var low = 0
            var high = found.count
            while low < high {
                let middle = (low + high) >> 1
                if found[middle] < key { low = middle + 1 } else { high = middle }
            }
            return low < found.count && found[low] == key ? low : -1
        }
    }
}
