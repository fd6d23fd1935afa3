import RealmFormat

/// An object of one of the two files, where it lives. Unlike `ObjectHandle` it has no position:
/// objects found by key would need every earlier subtree counted to get one, and a diff names
/// objects by key or primary key, which stay the same in both files.
struct DiffObject {
    let table: Table
    let leaf: ClusterLeaf
    let row: Int
    let key: Int64

    func value(of column: Column) throws(RealmFormatError) -> RealmValue {
        try ColumnLeafReader(leaf: leaf, column: column).value(at: row)
    }
}

/// One property of a matched object whose value differs.
struct PropertyChange {
    let a: Column
    let b: Column
    let old: RealmValue
    let new: RealmValue
}

/// One object that differs between the files, in a class present in both.
enum ObjectChange {
    case added(DiffObject)
    case removed(DiffObject)
    case changed(a: DiffObject, b: DiffObject, properties: [PropertyChange])
}

/// How the objects of one class compare.
struct ClassSummary: Equatable {
    var added = 0
    var removed = 0
    var changed = 0
    var unchanged = 0

    var isUnchanged: Bool { added == 0 && removed == 0 && changed == 0 }
}
