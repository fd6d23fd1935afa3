import RealmFormat

/// Evaluates predicates built only from in-place comparisons (and AND, OR, NOT, constants) a
/// whole cluster leaf at a time: each comparison walks its column's leaf in one loop and the
/// results are combined as row masks, with no per-object work at all.
enum LeafFilter {
    static func applies(to predicate: BoundPredicate) -> Bool {
        switch predicate {
        case .constant, .fast: return true
        case let .not(inner): return applies(to: inner)
        case let .and(parts), let .or(parts): return parts.allSatisfy(applies)
        default: return false
        }
    }

    /// Which rows of the leaf satisfy `predicate`.
    static func mask(_ predicate: BoundPredicate, readers: LeafReaders) throws(RealmFormatError) -> [Bool] {
        let count = readers.leaf.count
        switch predicate {
        case let .constant(value):
            return Array(repeating: value, count: count)
        case let .fast(comparison):
            return try comparison.mask(readers: readers)
        case let .not(inner):
            return try mask(inner, readers: readers).map { !$0 }
        case let .and(parts):
            var result = Array(repeating: true, count: count)
            for part in parts {
                let next = try mask(part, readers: readers)
                for row in 0..<count where !next[row] { result[row] = false }
            }
            return result
        case let .or(parts):
            var result = Array(repeating: false, count: count)
            for part in parts {
                let next = try mask(part, readers: readers)
                for row in 0..<count where next[row] { result[row] = true }
            }
            return result
        default:
            return Array(repeating: false, count: count)
        }
    }
}

extension FastComparison {
    /// The comparison for every row of the leaf, reading the column's node in one pass.
    func mask(readers: LeafReaders) throws(RealmFormatError) -> [Bool] {
        let count = readers.leaf.count
        let reader = try readers.reader(for: column)
        var result = [Bool](repeating: false, count: count)
        for row in 0..<count {
            result[row] = try matches(reader: reader, row: row)
        }
        return result
    }
}
