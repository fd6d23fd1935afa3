import RealmFormat

/// Produces a format 10/11 table's objects for the writer, in key order, a leaf at a time:
/// the values as the engine reads them, links pointing at table positions, lists read out, and
/// null for the values of damaged enumerated-string leaves (L§10).
final class ClusterRows {
    private let table: Table
    private let clusters: [ClusterLeaf]
    private let positions: [UInt32: Int]
    private let damage: EnumeratedColumnDamage
    private let collections: CollectionReader
    /// Where the next object is: a cluster, a row in it, and that cluster's column readers.
    private var cluster = 0
    private var row = 0
    private var produced = 0
    private var readers: [ColumnLeafReader] = []
    private var enteredCluster = -1
    /// The columns whose node in the current cluster is a damaged leaf.
    private var damagedHere: Set<Int> = []

    init(file: RealmFile, table: Table, clusters: [ClusterLeaf], positions: [UInt32: Int], damage: EnumeratedColumnDamage) {
        self.table = table
        self.clusters = clusters
        self.positions = positions
        self.damage = damage
        collections = CollectionReader(file: file)
    }

    /// The objects `range` covers; the writer asks for consecutive ranges from 0.
    func produce(_ range: Range<Int>) throws(RealmFormatError) -> StreamedRows {
        guard range.lowerBound == produced else {
            throw .cannotWrite(path: "", reason: "internal error: objects \(range) of \(table.name) asked after \(produced)")
        }
        let columns = table.columns
        var keys: [Int64] = []
        keys.reserveCapacity(range.count)
        var values: [[NewValue]] = columns.map { _ in
            var column: [NewValue] = []
            column.reserveCapacity(range.count)
            return column
        }
        for _ in range {
            let leaf = try nextObject()
            keys.append(try leaf.key(at: row))
            for index in columns.indices {
                values[index].append(damagedHere.contains(index) ? .scalar(.null) : try converted(try readers[index].value(at: row)))
            }
            row += 1
            produced += 1
        }
        return StreamedRows(keys: keys, values: values.map { $0[...] })
    }

    /// Calls `body` with the origin key and the target key of every link of column `column`
    /// (by position among the public columns), in key order.
    func forEachLink(column: Int, _ body: (Int64, Int64) -> Void) throws(RealmFormatError) {
        let source = table.columns[column]
        for leaf in clusters {
            let reader = try ColumnLeafReader(leaf: leaf, column: source)
            for row in 0..<leaf.count {
                switch try reader.value(at: row) {
                case let .link(_, key):
                    body(try leaf.key(at: row), key)
                case let .collection(summary) where summary.elementCount > 0:
                    let origin = try leaf.key(at: row)
                    for case let .link(_, key) in try collections.elements(of: summary) { body(origin, key) }
                default:
                    break
                }
            }
        }
    }

    /// The cluster holding the next object, its readers made when the walk enters it.
    private func nextObject() throws(RealmFormatError) -> ClusterLeaf {
        while cluster < clusters.count {
            let leaf = clusters[cluster]
            if row < leaf.count {
                if enteredCluster != cluster { try enter(leaf) }
                return leaf
            }
            cluster += 1
            row = 0
        }
        throw .unexpectedNode(ref: 0, context: "table \"\(table.name)\"", detail: "its cluster leaves end before its \(table.objects.count) objects")
    }

    private func enter(_ leaf: ClusterLeaf) throws(RealmFormatError) {
        let columns = table.columns
        readers = try columns.map { column throws(RealmFormatError) in try ColumnLeafReader(leaf: leaf, column: column) }
        damagedHere = []
        for (index, column) in columns.enumerated() {
            if let node = try leaf.columnNode(leafIndex: column.leafIndex), damage.isDamaged(nodeRef: node.ref) { damagedHere.insert(index) }
        }
        enteredCluster = cluster
    }

    /// A value as the image holds it: links naming table positions, lists read out.
    private func converted(_ value: RealmValue) throws(RealmFormatError) -> NewValue {
        switch value {
        case let .collection(summary):
            return .list(try collections.elements(of: summary).map { element throws(RealmFormatError) in try relinked(element) })
        default:
            return .scalar(try relinked(value))
        }
    }

    private func relinked(_ value: RealmValue) throws(RealmFormatError) -> RealmValue {
        guard case let .link(tableKey, key) = value else { return value }
        guard let position = positions[tableKey] else {
            throw .unexpectedNode(ref: 0, context: "table \"\(table.name)\"", detail: "a link to table key \(tableKey), which the file does not have")
        }
        return .link(table: UInt32(position), key: key)
    }
}
