/// `count CLASS [QUERY]`: the number of objects (read from the object tree without scanning),
/// or of those matching a query. Prints a bare number, handy in scripts.
enum CountCommand {
    static let spec = CommandSpec(
        name: "count", aliases: [], arguments: "CLASS [QUERY]",
        summary: "the number of objects of a class, or of those matching a query",
        access: .oneVersion, completion: .query(allowsSet: false),
        run: { arguments, session throws(BrowserError) in
            let catalog = try session.requireCatalog()
            guard let (table, query) = try ClassArgument.split(arguments, session: session, catalog: catalog) else {
                throw .usage("count CLASS [QUERY]   (after 'cd CLASS', count [QUERY])")
            }
            let count = query.isEmpty ? table.objects.count : try QueryRunner.count(query, on: table, catalog: catalog)
            // A bare number in table mode; a `count` column in the others.
            let printer = session.rowPrinter([OutputColumn("count", alignment: .right)], layout: .list)
            printer.add([.number(count)])
            printer.finish()
        })
}
