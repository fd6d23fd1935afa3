import RealmFormat

/// Runs Realm Query Language queries over a file and returns the matching objects' keys in
/// the order Realm returns them: key order, then SORT/DISTINCT/LIMIT left to right.
public struct QueryEngine {
    public let file: RealmFile
    let paths: PathEvaluator

    public init(file: RealmFile) {
        self.file = file
        paths = PathEvaluator(file: file)
    }

    /// Parses and runs `text` against `table`; `$0`, `$1`... take `arguments`.
    public func run(_ text: String, on table: Table, arguments: [RealmValue] = []) throws(QueryError) -> [Int64] {
        let query: Query
        do { query = try Query.parse(text) } catch { throw .syntax(error) }
        return try run(query, on: table, arguments: arguments)
    }

    public func run(_ query: Query, on table: Table, arguments: [RealmValue] = []) throws(QueryError) -> [Int64] {
        let binder = PredicateBinder(file: file, arguments: arguments)
        let predicate = try binder.bind(query.predicate, on: table).optimized
        let ordering = try bindDescriptors(query.descriptors, binder: binder, table: table)
        let evaluator = PredicateEvaluator(paths: paths)
        var matches: [ObjectRef] = []
        do {
            if let candidates = try IndexPlanner(file: file).candidates(for: predicate) {
                for key in candidates {
                    guard let object = try paths.object(in: table, key: key) else { continue }
                    if try evaluator.matches(predicate, .object(object)) { matches.append(object) }
                }
            } else {
                let columnar = LeafFilter.applies(to: predicate)
                try table.objects.forEachLeaf { leaf in
                    let readers = LeafReaders(leaf: leaf)
                    if columnar {
                        for (row, matched) in try LeafFilter.mask(predicate, readers: readers).enumerated() where matched {
                            matches.append(ObjectRef(table: table, readers: readers, row: row))
                        }
                        return
                    }
                    for row in 0..<leaf.count {
                        let object = ObjectRef(table: table, readers: readers, row: row)
                        if try evaluator.matches(predicate, .object(object)) { matches.append(object) }
                    }
                }
            }
            let ordered = try ResultOrdering(paths: paths).apply(ordering, to: matches)
            var keys: [Int64] = []
            keys.reserveCapacity(ordered.count)
            for object in ordered { keys.append(try object.key) }
            return keys
        } catch let error as RealmFormatError {
            throw .file(error)
        } catch {
            throw .invalid(message: "\(error)", range: query.predicate.range)
        }
    }

    private func bindDescriptors(_ descriptors: [Descriptor], binder: PredicateBinder, table: Table) throws(QueryError) -> [ResultOrdering.Step] {
        var steps: [ResultOrdering.Step] = []
        for descriptor in descriptors {
            switch descriptor.kind {
            case let .limit(count):
                steps.append(.limit(count))
            case let .sort(keys):
                var bound: [(path: BoundPath, ascending: Bool)] = []
                for key in keys {
                    bound.append((try singleValued(key.path, binder: binder, table: table, purpose: "sort"), key.ascending))
                }
                steps.append(.sort(bound))
            case let .distinct(keyPaths):
                var bound: [BoundPath] = []
                for path in keyPaths { bound.append(try singleValued(path, binder: binder, table: table, purpose: "DISTINCT")) }
                steps.append(.distinct(bound))
            }
        }
        return steps
    }

    /// SORT and DISTINCT need one value per object: no lists, sets or dictionaries on the way.
    private func singleValued(_ path: KeyPath, binder: PredicateBinder, table: Table, purpose: String) throws(QueryError) -> BoundPath {
        let bound = try binder.paths.bind(path, from: table)
        guard !bound.isMulti, bound.terminal.collection == nil else {
            throw .invalid(message: "cannot \(purpose) on '\(path.components.map { "\($0.kind)" }.joined(separator: "."))': it holds several values per object", range: path.range)
        }
        return bound
    }
}
