import RealmFormat

/// `show CLASS [FROM..TO]` lists objects as a table; `show CLASS[ADDRESS]` shows one object with
/// one property per line and links as `Class[position] "label"`.
enum ShowCommand {
    static let usage = "show CLASS [FROM..TO]  or  show CLASS[POSITION | _key = KEY | PRIMARYKEY = VALUE]"

    static let spec = CommandSpec(
        name: "show", aliases: ["ls"], arguments: "CLASS [FROM..TO] | CLASS[N]",
        summary: "list objects a page at a time, or show one object",
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        var words = StatementSplitter.words(in: arguments)
        // Completion leaves a space after the class name: `show Specimen [3]` means `Specimen[3]`.
        if words.count >= 2, words[1].hasPrefix("[") { words[0...1] = [words[0] + words[1]] }
        guard let target = words.first, words.count <= 2 else { throw .usage(usage) }
        if let address = try ObjectAddress.parse(target) {
            guard words.count == 1 else { throw .usage(usage) }
            try showObject(address, catalog: catalog, output: session.output)
            return
        }
        let table = try catalog.table(named: target)
        let range = words.count == 2 ? try RowRange.parse(words[1]) : RowRange(lowerBound: 0, upperBound: nil)
        let end = range.upperBound ?? (range.lowerBound + session.pageSize)
        try ObjectListing.render(table: table, from: range.lowerBound, to: end, catalog: catalog, session: session)
    }

    static func showObject(_ address: ObjectAddress, catalog: Catalog, output: OutputSink) throws(BrowserError) {
        let table = try catalog.table(named: address.className)
        let object = try resolve(address, in: table, catalog: catalog)
        let key: Int64
        do { key = try object.key } catch { throw .file(error) }
        output.line("\(table.displayName)[\(object.position)]  (object key \(key))")
        let columns = table.columns
        let width = columns.map(\.name.count).max() ?? 0
        let formatter = ValueFormatter()
        for column in columns {
            let text: String
            do {
                text = formatter.detail(try object.value(of: column), link: catalog.linkLabel)
            } catch {
                text = "<unreadable: \(error)>"
            }
            output.line("  " + column.name.padding(to: width) + "  " + text)
        }
    }

    static func resolve(_ address: ObjectAddress, in table: Table, catalog: Catalog) throws(BrowserError) -> ObjectHandle {
        let name = table.displayName
        switch address.selector {
        case let .position(position):
            let count = table.objects.count
            return try catalog.object(in: table, position: position < 0 ? count + position : position)
        case let .key(key):
            guard let object = try catalog.object(in: table, key: key) else {
                throw .noSuchObject(className: name, address: "object key \(key)")
            }
            return object
        case let .primaryKey(property, literal):
            guard let column = table.column(named: property) else {
                throw .unknownProperty(className: name, name: property)
            }
            guard column.isPrimaryKey else {
                let hint = table.primaryKey.map { "its primary key is '\($0.name)'" } ?? "it has no primary key"
                throw .invalidAddress("\(name)[\(property) = \(literal)]", reason: "'\(property)' is not the primary key of \(name); \(hint)")
            }
            let value = try ObjectAddress.value(of: literal, for: column, in: "\(name)[\(property) = \(literal)]")
            guard let object = try catalog.object(in: table, primaryKey: value) else {
                throw .noSuchObject(className: name, address: "\(property) = \(literal)")
            }
            return object
        }
    }
}
