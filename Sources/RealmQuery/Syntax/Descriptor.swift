/// A clause after the predicate: `SORT(…)`, `DISTINCT(…)` or `LIMIT(n)`.
///
/// A query keeps them in the order written because Realm applies them left to right:
/// `LIMIT(5) SORT(a ASC)` sorts the first five, `SORT(a ASC) LIMIT(5)` keeps the five smallest.
public struct Descriptor: Equatable, Hashable, Sendable {
    public enum Kind: Equatable, Hashable, Sendable {
        case sort([SortKey])
        case distinct([KeyPath])
        case limit(Int)
    }

    public var kind: Kind
    public var range: SourceRange

    public init(_ kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// One `path ASC|DESC` of a SORT clause.
public struct SortKey: Equatable, Hashable, Sendable {
    public var path: KeyPath
    public var ascending: Bool

    public init(path: KeyPath, ascending: Bool) {
        self.path = path
        self.ascending = ascending
    }
}
