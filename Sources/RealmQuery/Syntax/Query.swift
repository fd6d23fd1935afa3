/// A parsed Realm Query Language query: the predicate and the SORT/DISTINCT/LIMIT clauses
/// that follow it, in the order written.
///
/// This is pure syntax: names are not checked against any schema and `$n` arguments are not
/// resolved. The evaluator does both, using the source ranges kept on every node to report
/// where a problem is.
public struct Query: Equatable, Hashable, Sendable {
    public var predicate: Predicate
    public var descriptors: [Descriptor]

    public init(predicate: Predicate, descriptors: [Descriptor] = []) {
        self.predicate = predicate
        self.descriptors = descriptors
    }

    /// Parses a whole query string as a user types it, e.g.
    /// `name BEGINSWITH[c] 'b' SORT(name ASC) LIMIT(10)`.
    public static func parse(_ text: String) throws(QueryParseError) -> Query {
        var parser = try Parser(text: text)
        return try parser.parseQuery()
    }
}
