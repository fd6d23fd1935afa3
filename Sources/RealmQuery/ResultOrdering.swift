import RealmFormat

/// SORT, DISTINCT and LIMIT, applied left to right to the objects that matched.
struct ResultOrdering {
    let paths: PathEvaluator

    enum Step {
        case sort([(path: BoundPath, ascending: Bool)])
        case distinct([BoundPath])
        case limit(Int)
    }

    func apply(_ steps: [Step], to objects: [ObjectRef]) throws(RealmFormatError) -> [ObjectRef] {
        var result = objects
        for (position, step) in steps.enumerated() {
            switch step {
            case let .limit(count):
                result = Array(result.prefix(max(0, count)))
            case let .sort(keys):
                // One flat array of keys (row-major) keeps the comparator free of per-row arrays.
                let width = keys.count
                var values: [RealmValue?] = []
                values.reserveCapacity(result.count * width)
                for object in result {
                    for key in keys { values.append(try firstValue(key.path, of: object)) }
                }
                let ascending = keys.map(\.ascending)
                // Swift's sort is not guaranteed stable; sort indices with the index as tie-breaker.
                let precedes: (Int, Int) -> Bool = { a, b in
                    for index in 0..<width {
                        // Objects whose link chain breaks before the sorted property come first
                        // in either direction, as in Realm.
                        switch (values[a * width + index], values[b * width + index]) {
                        case (nil, nil): continue
                        case (nil, _): return true
                        case (_, nil): return false
                        case let (x?, y?):
                            let comparison = SortOrder.compare(x, y)
                            if comparison != 0 { return ascending[index] ? comparison < 0 : comparison > 0 }
                        }
                    }
                    return a < b
                }
                let order: [Int]
                if position + 1 < steps.count, case let .limit(count) = steps[position + 1], count >= 0, count < result.count / 8 {
                    order = ResultOrdering.smallest(count, of: result.count, by: precedes)
                } else {
                    order = result.indices.sorted(by: precedes)
                }
                let objects = result
                result = order.map { objects[$0] }
            case let .distinct(keyPaths):
                var seen = Set<[DistinctKey]>()
                var kept: [ObjectRef] = []
                for object in result {
                    let key = try keyPaths.map { path throws(RealmFormatError) in DistinctKey(try firstValue(path, of: object) ?? .null) }
                    if seen.insert(key).inserted { kept.append(object) }
                }
                result = kept
            }
        }
        return result
    }

    /// The first `count` indices in `precedes` order, without sorting them all (SORT then LIMIT).
    static func smallest(_ count: Int, of total: Int, by precedes: (Int, Int) -> Bool) -> [Int] {
        var best: [Int] = []
        best.reserveCapacity(count + 1)
        for index in 0..<total {
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

    /// The value a sort or distinct key reads; nil when a link on the way is null.
    private func firstValue(_ path: BoundPath, of object: ObjectRef) throws(RealmFormatError) -> RealmValue? {
        if path.steps.count == 1, case let .property(column) = path.steps[0] {
            return try object.value(of: column)
        }
        let items = try paths.evaluate(path, from: .object(object))
        guard let first = items.first else { return path.steps.count > 1 ? nil : .null }
        return try paths.values(of: [first], expandingCollections: false).first ?? .null
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

    static func compare(_ a: RealmValue, _ b: RealmValue) -> Int {
        let rankA = rank(a)
        let rankB = rank(b)
        if rankA != rankB { return rankA < rankB ? -1 : 1 }
        if let order = ValueComparator.orderWithinType(a, b) { return order }
        if case let (.link(_, x), .link(_, y)) = (a, b) { return x < y ? -1 : (x > y ? 1 : 0) }
        // NaN sorts before every other number.
        let nanA = ValueComparator.number(a)?.isNaN ?? false
        let nanB = ValueComparator.number(b)?.isNaN ?? false
        if nanA != nanB { return nanA ? -1 : 1 }
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
