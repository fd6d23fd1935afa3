/// A table to write: its schema and its objects, column by column.
public struct NewTable: Sendable {
    public var name: String
    public var kind: TableKind
    public var columns: [NewColumn]
    public var primaryKey: String?
    /// Object keys, ascending.
    public var keys: [Int64]
    /// `values[c][i]`: the value of column `c` for the object with `keys[i]`. Links hold
    /// `.link(table:key:)` values whose table is the target's position in the table list.
    public var values: [[NewValue]]
    /// Next object-key sequence number (table top slot 9).
    public var keySequence: Int64

    public init(name: String, kind: TableKind = .topLevel, columns: [NewColumn], primaryKey: String? = nil,
                keys: [Int64], values: [[NewValue]], keySequence: Int64) {
        self.name = name
        self.kind = kind
        self.columns = columns
        self.primaryKey = primaryKey
        self.keys = keys
        self.values = values
        self.keySequence = keySequence
    }
}

/// A property of a table to write.
public struct NewColumn: Sendable {
    public var name: String
    public var type: ColumnType
    public var isNullable: Bool
    public var collection: CollectionKind?
    /// For links: the position of the target table in the table list.
    public var targetTable: Int?
    public var isIndexed: Bool

    public init(name: String, type: ColumnType, isNullable: Bool = false, collection: CollectionKind? = nil,
                targetTable: Int? = nil, isIndexed: Bool = false) {
        self.name = name
        self.type = type
        self.isNullable = isNullable
        self.collection = collection
        self.targetTable = targetTable
        self.isIndexed = isIndexed
    }
}

/// The object keys realm-core gives tables without a primary key: sequence numbers "squeezed"
/// so that each 256-object leaf starts at a multiple of 65536.
public enum ObjectKeys {
    public static func squeezed(_ sequence: Int64) -> Int64 {
        (sequence & 0xFF) | ((sequence & 0xFFFF_FF00) << 8)
    }
}

/// A value to write: a single value, or the elements of a list.
public enum NewValue: Sendable, Equatable {
    case scalar(RealmValue)
    case list([RealmValue])
}
