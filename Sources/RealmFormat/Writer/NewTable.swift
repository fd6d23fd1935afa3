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
    /// A full-text index: the words of each string are indexed, not the whole string.
    public var isFullTextIndexed: Bool

    public init(name: String, type: ColumnType, isNullable: Bool = false, collection: CollectionKind? = nil,
                targetTable: Int? = nil, isIndexed: Bool = false, isFullTextIndexed: Bool = false) {
        self.name = name
        self.type = type
        self.isNullable = isNullable
        self.collection = collection
        self.targetTable = targetTable
        self.isIndexed = isIndexed
        self.isFullTextIndexed = isFullTextIndexed
    }
}

/// The object keys realm-core gives tables without a primary key: sequence numbers "squeezed"
/// so that each 256-object leaf starts at a multiple of 65536.
public enum ObjectKeys {
    public static func squeezed(_ sequence: Int64) -> Int64 {
        (sequence & 0xFF) | ((sequence & 0xFFFF_FF00) << 8)
    }

    /// The next key sequence number for a table holding `keys`: past the highest key, read
    /// back through the squeeze for tables without a primary key.
    public static func nextSequence(after keys: [Int64], hasPrimaryKey: Bool) -> Int64 {
        let highest = keys.max() ?? -1
        let sequence: Int64
        if hasPrimaryKey {
            sequence = highest &+ 1
        } else {
            sequence = highest < 0 ? 0 : ((highest >> 16) << 8 | (highest & 0xFF)) &+ 1
        }
        return max(sequence, Int64(keys.count))
    }
}

/// A value to write: a single value, the elements of a list or set, or a Mixed collection.
public indirect enum NewValue: Sendable, Equatable {
    case scalar(RealmValue)
    /// A list or set of values of the column's type (sets in their stored order).
    case list([RealmValue])
    /// A list of Mixed values, which may themselves be lists or dictionaries.
    case mixedList([NewValue])
    /// A dictionary (string keys, in ascending key order).
    case dictionary([DictionaryEntry])
}

/// One key and value of a dictionary to write.
public struct DictionaryEntry: Sendable, Equatable {
    public var key: String
    public var value: NewValue

    public init(key: String, value: NewValue) {
        self.key = key
        self.value = value
    }
}
