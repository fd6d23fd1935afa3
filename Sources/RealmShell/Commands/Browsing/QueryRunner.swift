import RealmFormat
import RealmQuery

/// Runs a query and turns its failures into user-facing errors with a caret under the problem.
enum QueryRunner {
    static func run(_ text: String, on table: Table, catalog: Catalog) throws(BrowserError) -> [Int64] {
        do {
            let (query, arguments) = try QueryArguments.parse(text)
            return try QueryEngine(file: catalog.file).run(query, on: table, arguments: arguments)
        } catch {
            if case let .file(fileError) = error { throw .file(fileError) }
            throw .query(error.annotated(query: text))
        }
    }
}
