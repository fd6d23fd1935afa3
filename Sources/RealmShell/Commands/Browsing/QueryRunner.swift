import RealmFormat
import RealmQuery

/// Runs a query and turns its failures into user-facing errors with a caret under the problem.
public enum QueryRunner {
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

    /// The answer `find` shows and serve pages through: for a query sorted by one plain
    /// property over a large class, its first `count` keys and how many objects it finds in all,
    /// from one scan that sorts none of the rest (`QueryEngine.firstKeys`), more found as they
    /// are asked for (`QueryResult.load`); for any other query every key. The query is parsed
    /// once for both. Throws the query's own error, whose position serve reports.
    public static func result(_ text: String, on table: Table, catalog: Catalog, firstKeys count: Int) throws(QueryError) -> QueryResult {
        let (query, arguments) = try QueryArguments.parse(text)
        let engine = QueryEngine(file: catalog.file)
        guard let first = try engine.firstKeys(count, of: query, on: table, arguments: arguments) else {
            return QueryResult(table: table, keys: try engine.run(query, on: table, arguments: arguments))
        }
        let name = table.name
        return QueryResult(table: table, first: first.keys, count: first.total) { current, wanted, fromEnd throws(BrowserError) in
            try streamedKeysOrAll(wanted, fromEnd: fromEnd, of: text, on: try current.table(named: name), catalog: current)
        }
    }

    /// The first (or last) `count` keys of a query that streams them, with the total; every key
    /// and no total for one that does not.
    private static func streamedKeysOrAll(_ count: Int, fromEnd: Bool, of text: String, on table: Table,
                                          catalog: Catalog) throws(BrowserError) -> (keys: [Int64], total: Int?) {
        try answer(text, catalog: catalog) { engine, query, arguments throws(QueryError) in
            let streamed = fromEnd
                ? try engine.lastKeys(count, of: query, on: table, arguments: arguments)
                : try engine.firstKeys(count, of: query, on: table, arguments: arguments)
            if let streamed { return (streamed.keys, streamed.total) }
            return (try engine.run(query, on: table, arguments: arguments), nil)
        }
    }

    /// A query's error as the user sees it: with a caret under the problem.
    static func failure(_ error: QueryError, in text: String) -> BrowserError {
        if case let .file(fileError) = error { return .file(fileError) }
        return .query(error.annotated(query: text))
    }

    private static func answer<Answer>(_ text: String, catalog: Catalog,
                                       _ body: (QueryEngine, Query, [RealmValue]) throws(QueryError) -> Answer) throws(BrowserError) -> Answer {
        do {
            let (query, arguments) = try QueryArguments.parse(text)
            return try body(QueryEngine(file: catalog.file), query, arguments)
        } catch {
            throw failure(error, in: text)
        }
    }
}
