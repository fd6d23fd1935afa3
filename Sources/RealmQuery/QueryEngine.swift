import RealmFormat

/// Runs Realm Query Language queries over a file and returns the matching objects' keys in
/// the order Realm returns them: key order, then SORT/DISTINCT/LIMIT left to right.
///
/// The predicate is bound, compiled into scan kernels (`KernelCompiler`) and run over the
/// class's cluster leaves, or over the candidates of a search index; the matching rows' keys,
/// and the values SORT and DISTINCT need, are read while the scan stands on their leaf.
public struct QueryEngine {
    /// How predicates are evaluated. `general` runs the per-object evaluator alone: slower, and
    /// kept so the kernels can be checked against it.
    public enum Strategy: Sendable {
        case kernels
        case general
    }

    public let file: RealmFile
    public let strategy: Strategy
    let paths: PathEvaluator

    public init(file: RealmFile, strategy: Strategy = .kernels) {
        self.file = file
        self.strategy = strategy
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
        let predicate = try binder.bind(query.predicate, on: table)
        let steps = try bindDescriptors(query.descriptors, binder: binder, table: table)
        let kernel = compile(predicate, on: table)
        do throws(RealmFormatError) {
            if let candidates = try IndexPlanner(file: file).candidates(for: predicate) {
                let ordering = ResultOrdering(steps, paths: paths)
                var keys: [Int64] = []
                try TableScan(table: table, kernel: kernel).run(candidates: candidates) { leafKeys, rows, scope throws(RealmFormatError) in
                    rows.appendKeys(leafKeys, to: &keys)
                    if !ordering.isEmpty { try ordering.collect(rows, scope) }
                }
                try ordering.resolveLinks()
                return ordering.apply(to: keys)
            }
            if let plan = StreamingTop.plan(steps, objects: table.objects.count, paths: paths) {
                return try top(table, kernel, plan).keys
            }
            let (keys, ordering) = try scan(table, kernel, steps)
            try ordering.resolveLinks()
            return ordering.apply(to: keys)
        } catch {
            throw .file(error)
        }
    }

    /// The number of objects `text` gives: what `run(_:on:).count` says, without holding
    /// their keys when the query has no DISTINCT or LIMIT (a count over ten million objects
    /// then takes no memory of its own). A SORT orders the objects and drops none, so it is
    /// only bound (its errors are the query's) and not run.
    public func count(_ text: String, on table: Table, arguments: [RealmValue] = []) throws(QueryError) -> Int {
        let query: Query
        do { query = try Query.parse(text) } catch { throw .syntax(error) }
        return try count(query, on: table, arguments: arguments)
    }

    /// `count(_:on:)` for a parsed query (the shell parses its `$0` arguments with it).
    public func count(_ query: Query, on table: Table, arguments: [RealmValue] = []) throws(QueryError) -> Int {
        let sortsOnly = query.descriptors.allSatisfy { descriptor in
            if case .sort = descriptor.kind { return true }
            return false
        }
        guard sortsOnly else { return try run(query, on: table, arguments: arguments).count }
        let binder = PredicateBinder(file: file, arguments: arguments)
        let predicate = try binder.bind(query.predicate, on: table)
        _ = try bindDescriptors(query.descriptors, binder: binder, table: table)
        let kernel = compile(predicate, on: table)
        do throws(RealmFormatError) {
            if let candidates = try IndexPlanner(file: file).candidates(for: predicate) {
                var total = 0
                try TableScan(table: table, kernel: kernel).run(candidates: candidates) { _, rows, _ in total += rows.selectedCount }
                return total
            }
            return try count(table, kernel)
        } catch {
            throw .file(error)
        }
    }

    /// The first `count` keys of `query`, which sorts by one plain number, bool, date or string
    /// and ends there, and how many objects it finds in all, from one scan that keeps only the
    /// best `count` (`StreamingTop`): serve's first pages of a sorted class, without sorting
    /// ten million objects to show a hundred. Nil for any other query, and for one an index
    /// answers (its few candidates sort at once).
    public func firstKeys(_ count: Int, of query: Query, on table: Table, arguments: [RealmValue] = []) throws(QueryError) -> (keys: [Int64], total: Int)? {
        try streamedKeys(count, fromEnd: false, of: query, on: table, arguments: arguments)
    }

    /// `firstKeys` from the other end: the last `count` keys of the answer, in its order (the
    /// last page of ten million objects sorted, without sorting them).
    public func lastKeys(_ count: Int, of query: Query, on table: Table, arguments: [RealmValue] = []) throws(QueryError) -> (keys: [Int64], total: Int)? {
        try streamedKeys(count, fromEnd: true, of: query, on: table, arguments: arguments)
    }

    private func streamedKeys(_ count: Int, fromEnd: Bool, of query: Query, on table: Table,
                              arguments: [RealmValue]) throws(QueryError) -> (keys: [Int64], total: Int)? {
        guard query.descriptors.count == 1, case .sort = query.descriptors[0].kind else { return nil }
        let binder = PredicateBinder(file: file, arguments: arguments)
        let predicate = try binder.bind(query.predicate, on: table)
        let steps = try bindDescriptors(query.descriptors, binder: binder, table: table) + [.limit(count)]
        guard let plan = StreamingTop.plan(steps, objects: table.objects.count, paths: paths) else { return nil }
        do throws(RealmFormatError) {
            guard try IndexPlanner(file: file).candidates(for: predicate) == nil else { return nil }
            return try top(table, compile(predicate, on: table), plan, fromEnd: fromEnd)
        } catch {
            throw .file(error)
        }
    }

    /// Whether `query` on `table` is answered by `StreamingTop` (for the tests that hold it to
    /// the general path's answer).
    func streamsTop(_ query: Query, on table: Table) throws(QueryError) -> Bool {
        let steps = try bindDescriptors(query.descriptors, binder: PredicateBinder(file: file, arguments: []), table: table)
        return StreamingTop.plan(steps, objects: table.objects.count, paths: paths) != nil
    }

    func compile(_ predicate: BoundPredicate, on table: Table) -> ScanKernel {
        let evaluator = PredicateEvaluator(paths: paths)
        return strategy == .kernels
            ? KernelCompiler(file: file, evaluator: evaluator).compile(predicate, on: table)
            : GeneralKernel(predicate, evaluator: evaluator)
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
