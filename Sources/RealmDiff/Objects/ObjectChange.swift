import RealmFormat

/// An object of one of the two files, where it lives. Unlike `ObjectHandle` it has no position:
/// objects found by key would need every earlier subtree counted to get one, and a diff names
/// objects by key or primary key, which stay the same in both files.
public struct DiffObject {
    public let table: Table
    public let leaf: ClusterLeaf
    public let row: Int
    public let key: Int64

    public func value(of column: Column) throws(RealmFormatError) -> RealmValue {
        try ColumnLeafReader(leaf: leaf, column: column).value(at: row)
    }
}

/// One property of a matched object whose value differs.
public struct PropertyChange {
    public let a: Column
    public let b: Column
    public let old: RealmValue
    public let new: RealmValue
}

/// One object that differs between the files, in a class present in both.
public enum ObjectChange {
    case added(DiffObject)
    case removed(DiffObject)
    case changed(a: DiffObject, b: DiffObject, properties: [PropertyChange])
}

/// How the objects of one class compare.
public struct ClassSummary: Equatable {
    public var added = 0
    public var removed = 0
    public var changed = 0
    public var unchanged = 0

    public var isUnchanged: Bool { added == 0 && removed == 0 && changed == 0 }

    public init(added: Int = 0, removed: Int = 0, changed: Int = 0, unchanged: Int = 0) {
        self.added = added
        self.removed = removed
        self.changed = changed
        self.unchanged = unchanged
    }
}
