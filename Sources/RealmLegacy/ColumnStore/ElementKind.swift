/// How the elements of a B+tree of formats 5-9 are stored and read (L§5).
enum ElementKind: Sendable, Equatable {
    /// Plain integer leaves, or nullable-integer leaves (element 0 is the null value, L§5.1).
    case int(nullable: Bool)
    /// Stored as integers (L§5.2): 0 false, anything else true; nullable as nullable integers.
    case bool(nullable: Bool)
    /// IEEE values; null is one NaN pattern, only in nullable columns (L§5.3).
    case float(nullable: Bool)
    case double(nullable: Bool)
    case string(nullable: Bool)
    case binary(nullable: Bool)
    /// Has-refs leaves: one slot per element (link lists, subtables, backlinks, Mixed data).
    case slots

    /// Plain integers: link targets + 1, enum indexes, link-list rows, nanoseconds.
    static let integers = ElementKind.int(nullable: false)
}
