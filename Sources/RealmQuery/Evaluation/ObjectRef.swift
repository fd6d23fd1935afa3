import RealmFormat

/// One object during evaluation: its table, the readers of its leaf, and its row.
///
/// Objects of the scanned table share one `LeafReaders` per cluster leaf, so each column's leaf
/// layout is decoded once per leaf, not once per object.
struct ObjectRef {
    let table: Table
    let readers: LeafReaders
    let row: Int

    var key: Int64 {
        get throws(RealmFormatError) { try readers.leaf.key(at: row) }
    }

    func value(of column: Column) throws(RealmFormatError) -> RealmValue {
        try readers.reader(for: column).value(at: row)
    }

    func backlinks(_ column: Column) throws(RealmFormatError) -> [Int64] {
        try readers.reader(for: column).backlinks(at: row)
    }
}

/// Column readers of one cluster leaf, created on first use and kept by leaf index.
final class LeafReaders {
    let leaf: ClusterLeaf
    private var readers: [ColumnLeafReader?] = []

    init(leaf: ClusterLeaf) {
        self.leaf = leaf
    }

    func reader(for column: Column) throws(RealmFormatError) -> ColumnLeafReader {
        let index = column.leafIndex
        if index < readers.count, let reader = readers[index] { return reader }
        let reader = try ColumnLeafReader(leaf: leaf, column: column)
        if index >= readers.count { readers += Array(repeating: nil, count: index + 1 - readers.count) }
        readers[index] = reader
        return reader
    }
}
