import RealmFormat

/// A key path resolved against the schema: each step knows its column (or backlink column),
/// so evaluation never looks a name up again.
struct BoundPath {
    enum Origin: Equatable {
        case root
        case variable(String)
    }

    enum Step {
        /// A property of the objects reached so far.
        case property(Column)
        /// `@links.Class.property`: the objects of `origin` whose `property` links here.
        case backlinks(origin: Table, backlinkColumn: Column)
        /// `@links` followed by `@count`: every incoming link.
        case allBacklinks(columns: [Column])
        case dictionaryKey(String)
        case dictionaryKeys
        case dictionaryValues
        case index(Int)
        case first
        case last
        /// `[*]`: every element of a list, every value of a dictionary.
        case allElements
        /// A property of whatever object a Mixed value links to. Mixed values are typed per
        /// object, so the name is looked up on each linked object's class; values that are not
        /// links, or link to a class without the property, yield nothing.
        case mixedProperty(String)
    }

    var origin: Origin
    var steps: [Step]
    /// What the last step yields, for type checks.
    var terminal: TerminalType
    /// Whether the path can reach several values for one object (through a list, set,
    /// dictionary or backlinks), which makes a comparison "any of them" by default.
    var isMulti: Bool
    var range: SourceRange
    /// Set on the rest of a path after its links were followed (by a link kernel): its
    /// comparisons still count as ones behind links (see `NumericMode`).
    var isBehindLinks = false

    /// Whether a path that yields nothing for an object reads as one null value. Realm reads a
    /// chain of single links that breaks at a null link as null (`category.name == nil`
    /// matches an object without a category), but a missing list element, a missing
    /// dictionary key or a Mixed value of another shape is no value at all: it matches
    /// nothing, not even `== nil` or `!= nil`.
    var readsNullWhenBroken: Bool {
        guard !isMulti, terminal.collection == nil else { return false }
        return steps.allSatisfy { if case .property = $0 { return true } else { return false } }
    }
}

/// The type of what a path ends on.
struct TerminalType {
    /// Element type: the column type, `.link` for objects.
    var elementType: ColumnType
    /// The table of linked objects, for links.
    var target: Table?
    /// Set when the path ends on a whole list, set or dictionary (not on one element of it).
    var collection: CollectionKind?
    /// `@links.@count`.
    var isBacklinkCount = false

    var typeName: String {
        if elementType == .link || elementType == .legacyLinkList { return "object" }
        return QueryTypeNames.name(of: elementType)
    }
}

/// The type names Realm uses in messages and in `@type` comparisons.
enum QueryTypeNames {
    static func name(of type: ColumnType) -> String {
        switch type {
        case .int: return "int"
        case .bool: return "bool"
        case .string: return "string"
        case .binary: return "binary"
        case .mixed: return "mixed"
        case .timestamp: return "date"
        case .float: return "float"
        case .double: return "double"
        case .decimal128: return "decimal128"
        case .link, .legacyLinkList, .backlink, .typedLink: return "object"
        case .objectId: return "objectId"
        case .uuid: return "uuid"
        }
    }
}
