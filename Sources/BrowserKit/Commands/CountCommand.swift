/// `count CLASS`: the number of objects, read from the object tree without scanning.
enum CountCommand {
    static let spec = CommandSpec(
        name: "count", aliases: [], arguments: "CLASS",
        summary: "the number of objects of a class (a bare number, handy in scripts)",
        run: { arguments, session throws(BrowserError) in
            let catalog = try session.requireCatalog()
            let words = StatementSplitter.words(in: arguments)
            guard words.count == 1, let name = words.first else { throw .usage("count CLASS") }
            session.output.line(String(try catalog.table(named: name).objects.count))
        })
}
