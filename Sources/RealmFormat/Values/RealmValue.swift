/// A single property value (or collection element) read from a file.
public enum RealmValue: Sendable, Equatable {
    case null
    case int(Int64)
    case bool(Bool)
    case float(Float)
    case double(Double)
    case string(String)
    case binary([UInt8])
    case timestamp(Timestamp)
    case objectId(ObjectId)
    case uuid(RealmUUID)
    case decimal(Decimal128)
    /// A link to the object with `key` in the table with TableKey `table`.
    case link(table: UInt32, key: Int64)
    /// A link stored with its own target table (typed links, links held in Mixed values).
    case typedLink(table: UInt32, key: Int64)
    /// A list, set or dictionary; its elements are read through `CollectionReader`.
    case collection(CollectionSummary)

    public var isNull: Bool { self == .null }
}

/// Points at a list, set or dictionary and says how to decode its elements, without reading them.
public struct CollectionSummary: Sendable, Equatable {
    public let kind: CollectionKind
    /// The declared element type (`.mixed` for collections nested in Mixed values).
    public let elementType: ColumnType
    public let isNullable: Bool
    /// For collections of links: the target table.
    public let linkTarget: UInt32?
    /// The root of the collection, or nil when the object never had one (an empty collection).
    public let rootRef: Int64?
    public let elementCount: Int
    /// Roots of the collections this one is nested in (via Mixed elements), outermost first;
    /// empty for a property's own collection. `CollectionReader` uses it to refuse loops.
    let enclosingRoots: [Int64]

    /// 0 for a property's own collection, 1 for one held in an element of it, and so on.
    public var nestingDepth: Int { enclosingRoots.count }

    public init(kind: CollectionKind, elementType: ColumnType, isNullable: Bool, linkTarget: UInt32?,
                rootRef: Int64?, elementCount: Int) {
        self.init(kind: kind, elementType: elementType, isNullable: isNullable, linkTarget: linkTarget,
                  rootRef: rootRef, elementCount: elementCount, enclosingRoots: [])
    }

    init(kind: CollectionKind, elementType: ColumnType, isNullable: Bool, linkTarget: UInt32?,
         rootRef: Int64?, elementCount: Int, enclosingRoots: [Int64]) {
        self.kind = kind
        self.elementType = elementType
        self.isNullable = isNullable
        self.linkTarget = linkTarget
        self.rootRef = rootRef
        self.elementCount = elementCount
        self.enclosingRoots = enclosingRoots
    }

    /// The same collection, found inside an element of `parent`.
    func nested(in parent: CollectionSummary) -> CollectionSummary {
        CollectionSummary(kind: kind, elementType: elementType, isNullable: isNullable, linkTarget: linkTarget,
                          rootRef: rootRef, elementCount: elementCount,
                          enclosingRoots: parent.enclosingRoots + (parent.rootRef.map { [$0] } ?? []))
    }
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
