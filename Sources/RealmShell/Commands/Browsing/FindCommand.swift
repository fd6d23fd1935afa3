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

    /// How many keys a sorted answer is first found with: fifty pages of twenty. A page or a
    /// position past them finds more (`QueryResult`).
    static let firstKeys = 1000

    /// Runs `text` on `table`, makes its answer the current listing and shows its first page.
    static func show(_ text: String, on table: Table, session: Session, catalog: Catalog) throws(BrowserError) {
        let result: QueryResult
        let (keys, total) = try QueryRunner.firstKeys(max(firstKeys, session.pageEnd(from: 0)), of: text, on: table, catalog: catalog)
        if let total {
            let name = table.name
            result = QueryResult(table: table, first: keys, count: total) { current, wanted throws(BrowserError) in
                try QueryRunner.firstKeys(wanted, of: text, on: try current.table(named: name), catalog: current)
            }
        } else {
            result = QueryResult(table: table, keys: keys)
        }
        session.lastQuery = (table.name, text)
        session.move(to: [NavigationStep(location: .results(result), label: "\(table.displayName)(\(result.count))")])
        try ResultListing.render(result, from: 0, to: session.pageEnd(from: 0), catalog: catalog, session: session)
    }
}
