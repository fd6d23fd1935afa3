/// `more`: the next page of the last listing.
enum MoreCommand {
    static let spec = CommandSpec(
        name: "more", aliases: ["next"], arguments: "",
        summary: "show the next page of the last listing",
        access: .oneVersion, completion: .nothing,
        run: { _, session throws(BrowserError) in
            let catalog = try session.requireCatalog()
            switch session.listing {
            case nil:
                throw .noMoreRows
            case let .table(name, next):
                try ObjectListing.render(table: try catalog.table(named: name), from: next, to: session.pageEnd(from: next),
                                         catalog: catalog, session: session)
            case let .results(result, next):
                try ResultListing.render(result, from: next, to: session.pageEnd(from: next), catalog: catalog, session: session)
            case let .collection(collection, name, next):
                try CollectionListing.render(collection, name: name, from: next, to: session.pageEnd(from: next),
                                             catalog: catalog, session: session)
            }
        })
}
