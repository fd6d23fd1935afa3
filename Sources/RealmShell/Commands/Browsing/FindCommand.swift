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
        let keys = try QueryRunner.run(queryText, on: table, catalog: catalog)
        session.lastQuery = (table.name, queryText)
        try show(keys, of: table, session: session, catalog: catalog)
    }

    static func show(_ keys: [Int64], of table: Table, session: Session, catalog: Catalog) throws(BrowserError) {
        let result = QueryResult(table: table, keys: keys)
        session.move(to: [NavigationStep(location: .results(result), label: "\(table.displayName)(\(keys.count))")])
        try ResultListing.render(result, from: 0, to: session.pageEnd(from: 0), catalog: catalog, session: session)
    }
}
