import RealmFormat

/// The objects a query returned, by key, in result order.
public struct QueryResult {
    public let table: Table
    public let keys: [Int64]

    public init(table: Table, keys: [Int64]) {
        self.table = table
        self.keys = keys
    }
}
