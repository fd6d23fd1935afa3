/// How the values of one leaf node are encoded: the element type plus the few facts about the
/// surrounding structure that change the bytes (nullability of ints, +1 on link columns, ...).
public enum LeafEncoding: Sendable, Equatable {
    case int(nullable: Bool)
    case bool
    case float
    case double
    case string
    case binary
    case timestamp
    case decimal
    case objectId
    case uuid
    /// Single link columns store key + 1 (0 is null); link lists and sets store raw keys.
    case link(target: UInt32, storesKeyPlusOne: Bool)
    case typedLink
    /// `linkTarget`: the table of plain links held in this Mixed leaf, when the column says.
    case mixed(linkTarget: UInt32?)

    /// The encoding of elements of `type` in a collection (B+tree) leaf.
    static func collectionElement(_ type: ColumnType, nullable: Bool, linkTarget: UInt32?) -> LeafEncoding? {
        switch type {
        case .int: return .int(nullable: nullable)
        case .bool: return .bool
        case .float: return .float
        case .double: return .double
        case .string: return .string
        case .binary: return .binary
        case .timestamp: return .timestamp
        case .decimal128: return .decimal
        case .objectId: return .objectId
        case .uuid: return .uuid
        case .link, .legacyLinkList: return linkTarget.map { .link(target: $0, storesKeyPlusOne: false) }
        case .typedLink: return .typedLink
        case .mixed: return .mixed(linkTarget: linkTarget)
        case .backlink: return .int(nullable: false)
        }
    }
}
