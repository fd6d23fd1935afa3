import RealmFormat

/// `show PATH [FROM..TO]`: a class or collection as a paged table, one object with one property
/// per line, or a single value. Paths start at a class (`Specimen[3].category`) or, after `cd`,
/// where the user stands (`category`, `tasks[2]`); `show` alone shows the current place.
enum ShowCommand {
    static let usage = "show [CLASS | CLASS[N] | PATH] [FROM..TO]"

    static let spec = CommandSpec(
        name: "show", aliases: ["ls"], arguments: "[CLASS | CLASS[N] | PATH] [FROM..TO]",
        summary: "list objects a page at a time, show one object, or follow a key path",
        access: .oneVersion, completion: .objectPath,
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        var words = StatementSplitter.words(in: arguments)
        // Completion leaves a space after the class name: `show Specimen [3]` means `Specimen[3]`.
        if words.count >= 2, words[1].hasPrefix("[") { words[0...1] = [words[0] + words[1]] }
        guard words.count <= 2 else { throw .usage(usage) }
        var range: RowRange?
        if let last = words.last, words.count == 2 || (words.count == 1 && last.first?.isNumber == true && last.contains("..")) {
            range = try RowRange.parse(last)
            words.removeLast()
        }
        let path: [NavigationStep]
        if let target = words.first {
            path = try PathResolver(catalog: catalog).resolve(target, from: session.path)
        } else {
            path = session.path
        }
        guard let location = path.last?.location else {
            throw .usage(usage + " (nothing to show at the top; try 'classes')")
        }
        try render(location, name: path.map(\.label).joined(), range: range, catalog: catalog, session: session)
    }

    static func render(_ location: Location, name: String, range: RowRange?, catalog: Catalog, session: Session) throws(BrowserError) {
        let start = range?.lowerBound ?? 0
        let end = session.pageEnd(from: start, upperBound: range?.upperBound)
        switch location {
        case let .table(table):
            try ObjectListing.render(table: table, from: start, to: end, catalog: catalog, session: session)
        case let .object(object):
            guard range == nil else { throw .usage("a range applies to a class or a collection, not to one object") }
            try ObjectView.render(object, catalog: catalog, session: session)
        case let .collection(collection, _):
            try CollectionListing.render(collection, name: name, from: start, to: end, catalog: catalog, session: session)
        case let .results(result):
            try ResultListing.render(result, from: start, to: end, catalog: catalog, session: session)
        case let .value(value):
            guard range == nil else { throw .usage("a range applies to a class or a collection, not to one value") }
            try ObjectView.render(value, catalog: catalog, session: session)
        }
    }
}
