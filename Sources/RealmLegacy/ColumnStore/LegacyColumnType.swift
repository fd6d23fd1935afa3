import RealmFormat

/// The column types of formats 5-9 (L§3.3), as the spec's types array holds them.
///
/// They differ from today's `ColumnType`: strings may be enumerated (a type of their own),
/// lists of primitives are subtables, a list of links is its own type, and backlinks have no
/// name. `presented` maps each to the type Realm's upgrade gives it (L§8.2, L§15).
enum LegacyColumnType: Int, Sendable {
    case int = 0
    case bool = 1
    case string = 2
    case stringEnum = 3
    case binary = 4
    case table = 5
    case mixed = 6
    case oldDateTime = 7
    case timestamp = 8
    case float = 9
    case double = 10
    case link = 12
    case linkList = 13
    case backlink = 14

    /// The spec attribute bits that matter to a reader (L§3.3).
    enum Attribute {
        static let indexed = 1
        static let nullable = 16
    }

    /// The type of the column after Realm's upgrade; nil for subtables (their element
    /// column's type) and backlinks (not shown).
    var presented: ColumnType? {
        switch self {
        case .int: return .int
        case .bool: return .bool
        case .string, .stringEnum: return .string
        case .binary: return .binary
        case .timestamp: return .timestamp
        case .float: return .float
        case .double: return .double
        case .link, .linkList: return .link
        case .mixed: return .mixed
        // L§5.13: formats 5-9 never hold one (core 5 converted them); realm-core refuses them.
        case .oldDateTime, .table, .backlink: return nil
        }
    }
}
