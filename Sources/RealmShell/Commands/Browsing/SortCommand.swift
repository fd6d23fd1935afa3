/// `sort PATH [asc|desc]`: re-sort the last `find` result (ties keep their current order).
enum SortCommand {
    static let spec = CommandSpec(
        name: "sort", aliases: [], arguments: "PATH [asc|desc]",
        summary: "re-sort the last find result, e.g. sort created desc",
        run: { arguments, session throws(BrowserError) in
            let catalog = try session.requireCatalog()
            let words = StatementSplitter.words(in: arguments)
            guard let path = words.first, words.count <= 2 else { throw .usage("sort PATH [asc|desc]") }
            let direction = words.count == 2 ? words[1].uppercased() : "ASC"
            guard ["ASC", "DESC", "ASCENDING", "DESCENDING"].contains(direction) else { throw .usage("sort PATH [asc|desc]") }
            guard let last = session.lastQuery else { throw .notNow("sort re-sorts the result of the last find; run find first") }
            let table = try catalog.table(named: last.tableName)
            let text = last.text + " SORT(\(path) \(direction))"
            let keys = try QueryRunner.run(text, on: table, catalog: catalog)
            session.lastQuery = (table.name, text)
            try FindCommand.show(keys, of: table, session: session, catalog: catalog)
        })
}
