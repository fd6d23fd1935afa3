import RealmFormat

/// The cluster leaf a scan stands on, with each column's layout decoded at most once.
///
/// One scope serves a whole query: `enter` moves it to the next leaf and forgets the columns
/// of the last one, reusing its storage, so walking 200,000 objects allocates nothing per
/// leaf. Kernels ask it for the columns they compare; the general evaluator asks it for the
/// `LeafReaders` its objects share.
final class LeafScope {
    let table: Table
    // Touched for every column of every leaf; a scope belongs to one scan on one thread, so
    // the run-time exclusivity checks are dropped.
    @exclusivity(unchecked) private(set) var leaf: ClusterLeaf?
    /// Column layouts by leaf index, valid where `stamps` holds the current `generation`:
    /// entering a leaf forgets them all by counting up, without touching each slot.
    private let scans: UnsafeMutablePointer<ColumnScan>
    private let stamps: UnsafeMutablePointer<UInt32>
    private let slots: Int
    @exclusivity(unchecked) private var generation: UInt32 = 1
    @exclusivity(unchecked) private var readers: [ColumnLeafReader?]
    @exclusivity(unchecked) private var touched: [Int] = []
    @exclusivity(unchecked) private var objectReaders: LeafReaders?

    init(table: Table) {
        self.table = table
        slots = (table.allColumns.map(\.leafIndex).max() ?? -1) + 1
        scans = .allocate(capacity: max(1, slots))
        scans.initialize(repeating: .absent, count: max(1, slots))
        stamps = .allocate(capacity: max(1, slots))
        stamps.initialize(repeating: 0, count: max(1, slots))
        readers = Array(repeating: nil, count: slots)
        touched.reserveCapacity(slots)
    }

    deinit {
        scans.deinitialize(count: max(1, slots))
        scans.deallocate()
        stamps.deallocate()
    }

    var rowCount: Int { leaf?.count ?? 0 }

    func enter(_ leaf: ClusterLeaf) {
        self.leaf = leaf
        generation &+= 1
        if generation == 0 {
            // After 2^32 leaves: no stamp may match by accident.
            stamps.update(repeating: 0, count: max(1, slots))
            generation = 1
        }
        if !touched.isEmpty {
            for slot in touched { readers[slot] = nil }
            touched.removeAll(keepingCapacity: true)
        }
        if objectReaders != nil { objectReaders = nil }
    }

    /// The column's reader in the current leaf.
    func reader(_ column: Column) throws(RealmFormatError) -> ColumnLeafReader {
        let slot = column.leafIndex
        if slot < readers.count, let reader = readers[slot] { return reader }
        guard let leaf else { throw .unexpectedNode(ref: 0, context: "query scan", detail: "no leaf entered") }
        let reader = try ColumnLeafReader(leaf: leaf, column: column)
        if slot < readers.count {
            readers[slot] = reader
            touched.append(slot)
        }
        return reader
    }

    /// The column's in-place layout in the current leaf.
    func scan(_ column: Column) throws(RealmFormatError) -> ColumnScan {
        let slot = column.leafIndex
        if slot < slots, stamps[slot] == generation { return scans[slot] }
        guard let leaf else { throw .unexpectedNode(ref: 0, context: "query scan", detail: "no leaf entered") }
        let scan = try leaf.scan(column)
        if slot < slots {
            scans[slot] = scan
            stamps[slot] = generation
        }
        return scan
    }

    /// The object key of `row` in the current leaf.
    func key(_ row: Int) throws(RealmFormatError) -> Int64 {
        guard let leaf else { throw .unexpectedNode(ref: 0, context: "query scan", detail: "no leaf entered") }
        return try leaf.key(at: row)
    }

    /// The readers the general evaluator's objects share, made once per leaf when needed.
    func objects() throws(RealmFormatError) -> LeafReaders {
        if let objectReaders { return objectReaders }
        guard let leaf else { throw .unexpectedNode(ref: 0, context: "query scan", detail: "no leaf entered") }
        let readers = LeafReaders(leaf: leaf)
        objectReaders = readers
        return readers
    }
}
