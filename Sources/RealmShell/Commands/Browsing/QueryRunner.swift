import RealmFormat
import RealmQuery

/// Runs a query and turns its failures into user-facing errors with a caret under the problem.
enum QueryRunner {
    static func run(_ text: String, on table: Table, catalog: Catalog) throws(BrowserError) -> [Int64] {
        try answer(text, catalog: catalog) { engine, query, arguments throws(QueryError) in
            try engine.run(query, on: table, arguments: arguments)
        }
    }

    /// How many objects the query finds, without holding their keys where it can
    /// (`QueryEngine.count`).
    static func count(_ text: String, on table: Table, catalog: Catalog) throws(BrowserError) -> Int {
        try answer(text, catalog: catalog) { engine, query, arguments throws(QueryError) in
            try engine.count(query, on: table, arguments: arguments)
        }
    }

    /// The answer `find` shows: for a query sorted by one plain property over a large class,
    /// its first `count` keys and how many objects it finds in all, from one scan that sorts
    /// none of the rest (`QueryEngine.firstKeys`); for any other query every key and no total.
    /// The query is parsed once for both.
    static func firstKeysOrAll(_ count: Int, of text: String, on table: Table, catalog: Catalog) throws(BrowserError) -> (keys: [Int64], total: Int?) {
        try answer(text, catalog: catalog) { engine, query, arguments throws(QueryError) in
            if let first = try engine.firstKeys(count, of: query, on: table, arguments: arguments) { return (first.keys, first.total) }
            return (try engine.run(query, on: table, arguments: arguments), nil)
        }
    }

    private static func answer<Answer>(_ text: String, catalog: Catalog,
                                       _ body: (QueryEngine, Query, [RealmValue]) throws(QueryError) -> Answer) throws(BrowserError) -> Answer {
        do {
            let (query, arguments) = try QueryArguments.parse(text)
            return try body(QueryEngine(file: catalog.file), query, arguments)
        } catch {
            if case let .file(fileError) = error { throw .file(fileError) }
            throw .query(error.annotated(query: text))
        }
    }
}
