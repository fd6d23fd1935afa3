import RealmFormat

/// The object being written: its statement, and where the value `LeafColumns` reads next goes.
/// `SQLiteTableWriter` points `parameter` at the column's parameter before each value, and the
/// formats bind there (they only get the value itself).
final class SQLiteRow {
    let statement: SQLiteStatement
    /// The realm table's public columns, in `LeafColumns` order.
    let columns: [Column]
    /// Per column: the parameter of its value (0 for list, set and dictionary properties).
    let parameters: [Int32]
    /// Per column: the rows of a list, set or dictionary property; nil for the others.
    let collections: [SQLiteCollectionInsert?]
    let reader: CollectionReader
    var parameter: Int32 = 0

    init(statement: SQLiteStatement, columns: [Column], parameters: [Int32], collections: [SQLiteCollectionInsert?],
         reader: CollectionReader) {
        self.statement = statement
        self.columns = columns
        self.parameters = parameters
        self.collections = collections
        self.reader = reader
    }
}
