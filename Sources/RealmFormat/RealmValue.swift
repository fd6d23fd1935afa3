/// A single property value read from a file.
public enum RealmValue: Sendable, Equatable {
    case null
    case int(Int64)
    case bool(Bool)
    case float(Float)
    case double(Double)
    case string(String)
    case binary([UInt8])
    case timestamp(Timestamp)
    /// A link to the object with `key` in the table with TableKey `table`.
    case link(table: UInt32, key: Int64)
    /// A collection property; its elements are read through the collection itself.
    case collection(CollectionSummary)

    public var isNull: Bool { self == .null }
}

/// Points at a list, set or dictionary without reading its elements.
public struct CollectionSummary: Sendable, Equatable {
    public let kind: CollectionKind
    /// The root of the collection, or nil when the object never had one (an empty collection).
    public let rootRef: Int64?
    public let elementCount: Int
}

/// A point in time as Realm stores it: seconds and nanoseconds since the Unix epoch,
/// both negative (or zero) before 1970.
public struct Timestamp: Sendable, Hashable {
    public let seconds: Int64
    public let nanoseconds: Int32

    public init(seconds: Int64, nanoseconds: Int32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }
}
