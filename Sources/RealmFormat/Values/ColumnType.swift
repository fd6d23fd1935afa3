/// Column (property) value types as stored in a ColKey.
public enum ColumnType: Int, Sendable, CaseIterable, CustomStringConvertible {
    case int = 0
    case bool = 1
    case string = 2
    case binary = 4
    case mixed = 6
    case timestamp = 8
    case float = 9
    case double = 10
    case decimal128 = 11
    case link = 12
    /// Formats up to 23 spelled "list of links" as its own type.
    case legacyLinkList = 13
    case backlink = 14
    case objectId = 15
    case typedLink = 16
    case uuid = 17

    /// The spelling used in canonical dumps and in `schema`.
    public var description: String {
        switch self {
        case .int: return "int"
        case .bool: return "bool"
        case .string: return "string"
        case .binary: return "binary"
        case .mixed: return "mixed"
        case .timestamp: return "timestamp"
        case .float: return "float"
        case .double: return "double"
        case .decimal128: return "decimal128"
        case .link, .legacyLinkList: return "link"
        case .backlink: return "backlink"
        case .objectId: return "objectId"
        case .typedLink: return "typedLink"
        case .uuid: return "uuid"
        }
    }
}

/// Whether a column holds one value per object or a collection of them.
public enum CollectionKind: String, Sendable, CustomStringConvertible {
    case list, set, dictionary
    public var description: String { rawValue }
}

/// A column key: leaf index, type and attribute bits packed into 64 bits.
public struct ColumnKey: Hashable, Sendable {
    public let rawValue: Int64

    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// The column's slot in every cluster leaf (minus one) and in the per-column table arrays.
    public var leafIndex: Int { Int(rawValue & 0xFFFF) }
    public var typeCode: Int { Int((rawValue >> 16) & 0x3F) }
    public var attributes: Int { Int((rawValue >> 22) & 0xFF) }
    public var isNullable: Bool { attributes & ColumnAttribute.nullable != 0 }
    public var collection: CollectionKind? {
        if attributes & ColumnAttribute.list != 0 || typeCode == ColumnType.legacyLinkList.rawValue { return .list }
        if attributes & ColumnAttribute.dictionary != 0 { return .dictionary }
        if attributes & ColumnAttribute.set != 0 { return .set }
        return nil
    }
}

/// ColumnAttr bits (format document §4.3).
enum ColumnAttribute {
    static let indexed = 1
    static let nullable = 16
    static let list = 32
    static let dictionary = 64
    static let set = 128
    static let fullText = 256
}
