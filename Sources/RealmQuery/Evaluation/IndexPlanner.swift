import RealmFormat

/// Finds a condition a search index can answer (`indexed == constant`, `indexed IN {...}`,
/// alone or inside an AND), so that only the candidate objects are evaluated instead of the
/// whole class. Candidates are always re-checked against the full predicate.
struct IndexPlanner {
    let file: RealmFile

    /// Candidate object keys in ascending key order, or nil when the predicate needs a scan.
    func candidates(for predicate: BoundPredicate) throws(RealmFormatError) -> [Int64]? {
        switch predicate {
        case let .and(parts):
            for part in parts {
                if let keys = try candidates(for: part) { return keys }
            }
            return nil
        case let .comparison(left, op, options, right):
            guard options.isEmpty, let shape = KernelCompiler.normalized(left, op, right),
                  shape.op == .equal || shape.op == .in, shape.operation == nil, shape.quantifier == nil,
                  shape.path.origin == .root, shape.path.steps.count == 1, case let .property(column) = shape.path.steps[0],
                  column.collection == nil, [.int, .string].contains(column.type) else { return nil }
            return try lookup(column, shape.constants)
        default:
            return nil
        }
    }

    private func lookup(_ column: Column, _ values: [RealmValue]) throws(RealmFormatError) -> [Int64]? {
        guard let index = try SearchIndex(column: column, file: file) else { return nil }
        var keys = Set<Int64>()
        for value in values {
            guard let found = try index.candidates(for: value) else { return nil }
            keys.formUnion(found)
        }
        return keys.sorted()
    }
}
