/// `more`: the next page of the last listing.
enum MoreCommand {
    static let spec = CommandSpec(
        name: "more", aliases: ["next"], arguments: "",
        summary: "show the next page of the last listing",
        run: { _, session throws(BrowserError) in
            let catalog = try session.requireCatalog()
            guard let listing = session.listing else { throw .noMoreRows }
            let table = try catalog.table(named: listing.tableName)
            try ObjectListing.render(table: table, from: listing.nextPosition, to: listing.nextPosition + session.pageSize,
                                     catalog: catalog, session: session)
        })
}
