import RealmFormat
import RealmQuery

/// `find CLASS QUERY`: the objects matching a Realm Query Language query, in Realm's order.
/// The result becomes the current listing (`more`, `cd N`, `sort`).
enum FindCommand {
    static let spec = CommandSpec(
        name: "find", aliases: ["filter", "where"], arguments: "CLASS QUERY",
        summary: "objects matching a query, e.g. find Specimen name BEGINSWITH[c] 'b' SORT(name ASC)",
        access: .oneVersion, completion: .query(allowsSet: false),
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        guard let (table, queryText) = try ClassArgument.split(arguments, session: session, catalog: catalog), !queryText.isEmpty else {
            throw .usage("find CLASS QUERY   (see 'help queries'; after 'cd CLASS', find QUERY)")
        }
        try show(queryText, on: table, session: session, catalog: catalog)
    }

    /// Runs `text` on `table`, makes its answer the current listing and shows its first page.
    static func show(_ text: String, on table: Table, session: Session, catalog: Catalog) throws(BrowserError) {
        let result: QueryResult
        do throws(QueryError) {
            let firstPage = QueryResult.keysToFind(through: session.pageEnd(from: 0), known: 0)
            result = try QueryRunner.result(text, on: table, catalog: catalog, firstKeys: firstPage)
        } catch {
            throw QueryRunner.failure(error, in: text)
        }
        session.lastQuery = (table.name, text)
        session.move(to: [NavigationStep(location: .results(result), label: "\(table.displayName)(\(result.count))")])
        try ResultListing.render(result, from: 0, to: session.pageEnd(from: 0), catalog: catalog, session: session)
    }
}
