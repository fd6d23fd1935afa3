/// `sort PATH [asc|desc]`: re-sort the last `find` result (ties keep their current order).
enum SortCommand {
    /// A key path of the last query's class, then `asc` or `desc`.
    static let completion = ArgumentCompletion { context in
        guard let catalog = context.catalog, let last = context.session.lastQuery,
              let table = try? catalog.table(named: last.tableName) else { return [] }
        if context.position == 1 { return QueryCompletion.matching(["asc", "desc"], context.word) }
        return context.position == 0 ? KeyPathCompletion(file: catalog.file).candidates(for: context.word, from: table) : []
    }

    static let spec = CommandSpec(
        name: "sort", aliases: [], arguments: "PATH [asc|desc]",
        summary: "re-sort the last find result, e.g. sort created desc",
        access: .oneVersion, completion: SortCommand.completion,
        run: { arguments, session throws(BrowserError) in
            let catalog = try session.requireCatalog()
            let words = StatementSplitter.words(in: arguments)
            guard let path = words.first, words.count <= 2 else { throw .usage("sort PATH [asc|desc]") }
            let direction = words.count == 2 ? words[1].uppercased() : "ASC"
            guard ["ASC", "DESC", "ASCENDING", "DESCENDING"].contains(direction) else { throw .usage("sort PATH [asc|desc]") }
            guard let last = session.lastQuery else { throw .notNow("sort re-sorts the result of the last find; run find first") }
            let table = try catalog.table(named: last.tableName)
            let text = last.text + " SORT(\(path) \(direction))"
            try FindCommand.show(text, on: table, session: session, catalog: catalog)
        })
}
