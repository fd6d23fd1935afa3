import RealmFormat

/// One object: the leaf and row where it lives.
public struct ObjectHandle {
    public let table: Table
    public let leaf: ClusterLeaf
    public let row: Int
    /// The object's position among all objects of its class, as `show CLASS[N]` addresses it.
    public let position: Int

    public var key: Int64 {
        get throws(RealmFormatError) { try leaf.key(at: row) }
    }

    public func value(of column: Column) throws(RealmFormatError) -> RealmValue {
        try ColumnLeafReader(leaf: leaf, column: column).value(at: row)
    }
}
