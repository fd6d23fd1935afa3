import RealmFormat

/// SORT, DISTINCT and LIMIT, applied left to right to the objects that matched.
///
/// The values of every key path they name are extracted during the scan, leaf by leaf, into
/// `OrderingColumn`s (typed arrays for plain properties); the steps then work on match indexes:
/// a stable sort (a top-k selection when a LIMIT follows), DISTINCT with a hash set over the
/// typed values, LIMIT by truncation.
struct ResultOrdering {
    enum Step {
        case sort([(path: BoundPath, ascending: Bool)])
        case distinct([BoundPath])
        case limit(Int)
    }

    private enum Plan {
        case sort([(column: Int, ascending: Bool)])
        case distinct([Int])
        case limit(Int)
    }

    private let plan: [Plan]
    let columns: [OrderingColumn]

    init(_ steps: [Step], paths: PathEvaluator) {
        var columns: [OrderingColumn] = []
        func column(_ path: BoundPath) -> Int {
            columns.append(OrderingColumn(path: path, paths: paths))
            return columns.count - 1
        }
        plan = steps.map { step in
            switch step {
            case let .sort(keys): return .sort(keys.map { (column($0.path), $0.ascending) })
            case let .distinct(keyPaths): return .distinct(keyPaths.map(column))
            case let .limit(count): return .limit(count)
            }
        }
        self.columns = columns
    }

    var isEmpty: Bool { plan.isEmpty }

    /// After the scan: reads the values of key paths through links, for all matches at once.
    func resolveLinks() throws(RealmFormatError) {
        for column in columns { try column.resolveLinks() }
    }

    /// Appends what the orderings of the later parts of a split scan collected, in part order.
    func append(parts: ArraySlice<ResultOrdering>) {
        for part in parts {
            for (column, collected) in zip(columns, part.columns) { column.append(contentsOf: collected) }
        }
    }

    /// Extracts the key values of the selected rows of the scope's leaf.
    func collect(_ rows: RowBitmap, _ scope: LeafScope) throws(RealmFormatError) {
        for column in columns { try column.append(rows, scope) }
    }

    /// The keys in result order, given the keys of the matches in scan order.
    func apply(to keys: [Int64]) -> [Int64] {
        guard !plan.isEmpty else { return keys }
        var order = Array(0..<keys.count)
        // Only a sort leaves the matches out of their scan order.
        var sorted = false
        for (position, step) in plan.enumerated() {
            switch step {
            case let .limit(count):
                if order.count > max(0, count) { order.removeSubrange(max(0, count)...) }
            case let .sort(sortKeys):
                var limit: Int?
                if position + 1 < plan.count, case let .limit(count) = plan[position + 1] { limit = count }
                if sortKeys.count == 1, var entries = columns[sortKeys[0].column].sortEntries(for: order) {
                    let tieBreak = columns[sortKeys[0].column].entryTieBreak
                    entries.sort(ascending: sortKeys[0].ascending, limit: limit, tieBreak: tieBreak)
                    // Into `order`'s own storage: no second array of a match per object.
                    order.removeAll(keepingCapacity: true)
                    for entry in entries { order.append(Int(entry.match)) }
                    sorted = true
                    continue
                }
                let columns = self.columns
                // Ties keep the order they had before this sort: the match number at first,
                // the position after an earlier step.
                var rank: [Int] = []
                if sorted {
                    rank = Array(repeating: 0, count: keys.count)
                    for (place, index) in order.enumerated() { rank[index] = place }
                }
                let precedes: (Int, Int) -> Bool = { a, b in
                    for key in sortKeys {
                        let column = columns[key.column]
                        let comparison = column.brokenLinkOrder(a, b) ?? column.compare(a, b)
                        if comparison != 0 { return key.ascending ? comparison < 0 : comparison > 0 }
                    }
                    return rank.isEmpty ? a < b : rank[a] < rank[b]
                }
                if position + 1 < plan.count, case let .limit(count) = plan[position + 1], count >= 0, count < order.count / 8 {
                    order = ResultOrdering.smallest(count, of: order, by: precedes)
                } else {
                    order.sort(by: precedes)
                }
                sorted = true
            case let .distinct(columnIndexes):
                order = DistinctFilter.firstOfEach(order, columns: columnIndexes.map { columns[$0] })
            }
        }
        return order.map { keys[$0] }
    }

    /// The first `count` entries of `order` by `precedes`, without sorting them all.
    static func smallest<Element>(_ count: Int, of order: [Element], by precedes: (Element, Element) -> Bool) -> [Element] {
        var best: [Element] = []
        best.reserveCapacity(count + 1)
        for index in order {
            if best.count == count, let last = best.last, !precedes(index, last) { continue }
            var low = 0
            var high = best.count
            while low < high {
                let middle = (low + high) / 2
                if precedes(index, best[middle]) { high = middle } else { low = middle + 1 }
            }
            best.insert(index, at: low)
            if best.count > count { best.removeLast() }
        }
        return best
    }
}

/// The total order Realm sorts by: null first, then by kind, then by value (strings by bytes).
enum SortOrder {
    static func rank(_ value: RealmValue) -> Int {
        switch value {
        case .null: return 0
        case .bool: return 1
        case .int, .float, .double, .decimal: return 2
        case .string: return 3
        case .binary: return 4
        case .timestamp: return 5
        case .objectId: return 6
        case .uuid: return 7
        case .typedLink, .link: return 8
        case .collection: return 9
        }
    }

    /// Numbers of every type in one order (`NumericOrder`): NaN first, -0 with 0, decimals by
    /// exact value (the largest finite decimal before +Inf, which a Double would not tell
    /// apart), ties left in the order before the sort.
    static func compare(_ a: RealmValue, _ b: RealmValue) -> Int {
        let rankA = rank(a)
        let rankB = rank(b)
        if rankA != rankB { return rankA < rankB ? -1 : 1 }
        if let order = ValueComparator.orderWithinType(a, b) { return order }
        if case let (.link(_, x), .link(_, y)) = (a, b) { return x < y ? -1 : (x > y ? 1 : 0) }
        return 0
    }
}

/// A hashable stand-in for a value, equal exactly when Realm's DISTINCT treats values as equal.
struct DistinctKey: Hashable {
    let text: String

    init(_ value: RealmValue) {
        switch value {
        case .null: text = "null"
        case let .int(number): text = "n\(Double(number) == Double(number).rounded() && abs(Double(number)) < 9e15 ? "\(Double(number))" : "\(number)")"
        case let .float(number): text = "n\(Double(number) == 0 ? 0 : Double(number))"
        case let .double(number): text = "n\(number == 0 ? 0 : number)"
        case let .decimal(decimal): text = "n\(DecimalConversion.double(decimal))"
        case let .string(string): text = "s" + string.utf8.map { String($0) }.joined(separator: ",")
        case let .link(table, key), let .typedLink(table, key): text = "l\(table):\(key)"
        default: text = "\(value)"
        }
    }
}
