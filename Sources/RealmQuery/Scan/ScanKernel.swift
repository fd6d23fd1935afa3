import RealmFormat

/// A compiled condition over one table: it narrows the selected rows of the current cluster
/// leaf to those that match.
///
/// Kernels are made once per query by `KernelCompiler` and then called once per leaf (never
/// per row): layout and bounds are checked when a kernel reads a column's node, and its loop
/// then works on the packed bytes. What has no kernel is evaluated object by object by
/// `GeneralKernel`, which gives the same answers, only slower.
protocol ScanKernel: AnyObject {
    /// Clears every selected row of `scope`'s leaf that does not match.
    func narrow(_ rows: RowBitmap, in scope: LeafScope) throws(RealmFormatError)
    /// Rough cost per row, so that AND runs cheap kernels first and the costly ones only on
    /// the rows that survive.
    var cost: KernelCost { get }
    /// Does now what the kernel would do once, on its first leaf (a link kernel's scan of the
    /// linked table), so that the copies made for a split scan share it.
    func prepare() throws(RealmFormatError)
    /// A kernel answering exactly as this one, for another thread of a split scan: it shares
    /// what is computed once per query and has scratch of its own. Stateless kernels are
    /// their own copy.
    func copy() -> ScanKernel
}

extension ScanKernel {
    func prepare() throws(RealmFormatError) {}
}

/// Relative costs per row; only their order matters.
enum KernelCost: Int, Comparable {
    /// A comparison on packed numbers.
    case numeric = 1
    /// Byte comparisons of strings, reading collection sizes.
    case bytes = 4
    /// Searching inside strings or walking collections.
    case search = 16
    /// Following links to other tables.
    case links = 64
    /// The general per-object evaluator.
    case general = 256

    static func < (lhs: KernelCost, rhs: KernelCost) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// TRUEPREDICATE and FALSEPREDICATE.
final class ConstantKernel: ScanKernel {
    let value: Bool
    init(_ value: Bool) { self.value = value }
    var cost: KernelCost { .numeric }
    func copy() -> ScanKernel { self }

    func narrow(_ rows: RowBitmap, in scope: LeafScope) throws(RealmFormatError) {
        if !value { rows.reset(rows: rows.rowCount, selected: false) }
    }
}

/// AND: each part narrows what the cheaper parts before it left.
final class AndKernel: ScanKernel {
    let parts: [ScanKernel]

    init(_ parts: [ScanKernel]) {
        // A stable order by cost: equal costs keep the order the query wrote.
        self.parts = parts.enumerated().sorted { ($0.element.cost, $0.offset) < ($1.element.cost, $1.offset) }.map(\.element)
    }

    var cost: KernelCost { parts.map(\.cost).max() ?? .numeric }

    func prepare() throws(RealmFormatError) {
        for part in parts { try part.prepare() }
    }

    /// The parts are in cost order already, which the sort in `init` keeps (it is stable).
    func copy() -> ScanKernel { AndKernel(parts.map { $0.copy() }) }

    func narrow(_ rows: RowBitmap, in scope: LeafScope) throws(RealmFormatError) {
        for part in parts {
            if rows.isEmpty { return }
            try part.narrow(rows, in: scope)
        }
    }
}

/// OR: each part is asked only about the rows no earlier part has matched.
final class OrKernel: ScanKernel {
    let parts: [ScanKernel]
    private let pending = RowBitmap()
    private let candidate = RowBitmap()
    private let matched = RowBitmap()

    init(_ parts: [ScanKernel]) {
        self.parts = parts.enumerated().sorted { ($0.element.cost, $0.offset) < ($1.element.cost, $1.offset) }.map(\.element)
    }

    var cost: KernelCost { parts.map(\.cost).max() ?? .numeric }

    func prepare() throws(RealmFormatError) {
        for part in parts { try part.prepare() }
    }

    func copy() -> ScanKernel { OrKernel(parts.map { $0.copy() }) }

    func narrow(_ rows: RowBitmap, in scope: LeafScope) throws(RealmFormatError) {
        pending.copy(rows)
        matched.reset(rows: rows.rowCount, selected: false)
        for part in parts {
            if pending.isEmpty { break }
            candidate.copy(pending)
            try part.narrow(candidate, in: scope)
            matched.formUnion(candidate)
            pending.subtract(candidate)
        }
        rows.copy(matched)
    }
}

/// NOT: the selected rows the inner condition does not match.
final class NotKernel: ScanKernel {
    let inner: ScanKernel
    private let matched = RowBitmap()

    init(_ inner: ScanKernel) { self.inner = inner }

    var cost: KernelCost { inner.cost }
    func prepare() throws(RealmFormatError) { try inner.prepare() }
    func copy() -> ScanKernel { NotKernel(inner.copy()) }

    func narrow(_ rows: RowBitmap, in scope: LeafScope) throws(RealmFormatError) {
        matched.copy(rows)
        try inner.narrow(matched, in: scope)
        rows.subtract(matched)
    }
}

/// Whatever has no kernel: the general evaluator, one selected object at a time.
final class GeneralKernel: ScanKernel {
    let predicate: BoundPredicate
    let evaluator: PredicateEvaluator

    init(_ predicate: BoundPredicate, evaluator: PredicateEvaluator) {
        self.predicate = predicate
        self.evaluator = evaluator
    }

    var cost: KernelCost { .general }
    /// The evaluator keeps nothing between objects; each scan's scope brings the readers.
    func copy() -> ScanKernel { self }

    func narrow(_ rows: RowBitmap, in scope: LeafScope) throws(RealmFormatError) {
        let readers = try scope.objects()
        let table = scope.table
        try rows.keep { row throws(RealmFormatError) in
            try evaluator.matches(predicate, .object(ObjectRef(table: table, readers: readers, row: row)))
        }
    }
}
