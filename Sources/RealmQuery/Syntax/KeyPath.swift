/// A dotted path from the queried object (or a SUBQUERY variable) to a value:
/// `category.name`, `intDict['k0']`, `@links.Person.banks.name`, `mixedDict.@values`.
///
/// Operations that end a path (`@count`, `@type`, aggregates) are not components; they live
/// on the expression that uses the path (`PathExpression`, `AggregateExpression`).
public struct KeyPath: Equatable, Hashable, Sendable {
    public var components: [KeyPathComponent]
    public var range: SourceRange

    public init(components: [KeyPathComponent], range: SourceRange) {
        self.components = components
        self.range = range
    }

    /// The SUBQUERY variable this path starts from (`$x` in `$x.age`), if it starts with one.
    /// A name starting with `$` cannot be a property (Realm reserves it for variables).
    public var variable: String? {
        guard let first = components.first, case let .property(name) = first.kind, name.hasPrefix("$") else {
            return nil
        }
        return name
    }
}

/// One step of a key path, with the subscripts written after it (`list[0]`, `dict['key']`).
public struct KeyPathComponent: Equatable, Hashable, Sendable {
    public enum Kind: Equatable, Hashable, Sendable {
        /// A property (or, first in a SUBQUERY's predicate, the `$variable`).
        case property(String)
        /// `@links.Class.property`: the objects of `Class` whose `property` links here.
        case backlinks(className: String, property: String)
        /// `@links` on its own (as in `@links.@count`): every object linking here, from any class.
        case allBacklinks
        /// `@keys` of a dictionary.
        case dictionaryKeys
        /// `@values` of a dictionary.
        case dictionaryValues
    }

    public var kind: Kind
    public var subscripts: [Subscript]
    public var range: SourceRange

    public init(kind: Kind, subscripts: [Subscript] = [], range: SourceRange) {
        self.kind = kind
        self.subscripts = subscripts
        self.range = range
    }
}

/// A subscript after a path component: a list index, a dictionary key, an argument, or one of
/// the positions Realm names (`[FIRST]`, `[LAST]`, `[SIZE]`, `[*]`).
public enum Subscript: Equatable, Hashable, Sendable {
    /// `[3]`: a list position (Realm takes only non-negative decimal integers here).
    case index(Int)
    /// `['key']` or `["key"]`: a dictionary key.
    case key(String)
    /// `[$0]`: the index or key is an argument.
    case argument(Int)
    /// `[FIRST]`
    case first
    /// `[LAST]`
    case last
    /// `[SIZE]`: the collection's size.
    case size
    /// `[*]`: every element.
    case wildcard
}
