/// A table to write whose objects are handed over a cluster leaf at a time, so that writing
/// it never holds more than one leaf of values: a generated table of millions of objects is
/// encoded into nodes as it is produced. `NewTable`s are written through this too (their
/// producer slices the arrays they hold), so both paths write the same bytes.
public struct StreamedTable {
    public var name: String
    public var kind: TableKind
    public var columns: [NewColumn]
    public var primaryKey: String?
    /// The number of objects `rows` produces.
    public var count: Int
    /// Next object-key sequence number (table top slot 9).
    public var keySequence: Int64
    /// For each Mixed column (by position) the tables its values link to: each gets a backlink
    /// column, which must be laid out before any value is produced.
    public var mixedLinkTargets: [Int: Set<Int>]
    /// Produces the objects of a range of rows. The writer calls it once for each leaf, with
    /// consecutive ranges of at most 256 rows from 0 to `count`, in order, so a producer may
    /// draw its values from a stateful source.
    public var rows: (Range<Int>) throws(RealmFormatError) -> StreamedRows

    public init(name: String, kind: TableKind = .topLevel, columns: [NewColumn], primaryKey: String? = nil,
                count: Int, keySequence: Int64, mixedLinkTargets: [Int: Set<Int>] = [:],
                rows: @escaping (Range<Int>) throws(RealmFormatError) -> StreamedRows) {
        self.name = name
        self.kind = kind
        self.columns = columns
        self.primaryKey = primaryKey
        self.count = count
        self.keySequence = keySequence
        self.mixedLinkTargets = mixedLinkTargets
        self.rows = rows
    }
}

/// The objects of one leaf: keys ascending, values column by column as in `NewTable.values`
/// (links hold their target's position in the table list).
public struct StreamedRows {
    public var keys: [Int64]
    /// `values[c][i]`: the value of column `c` for the object with `keys[i]`.
    public var values: [ArraySlice<NewValue>]

    public init(keys: [Int64], values: [ArraySlice<NewValue>]) {
        self.keys = keys
        self.values = values
    }
}
