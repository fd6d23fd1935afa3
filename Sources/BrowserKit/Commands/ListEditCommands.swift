import RealmFormat

/// `append LIST OBJECT`, `remove LIST[N]` and `move LIST FROM TO` on lists of links, e.g.
/// `append TaskList[0].tasks Task[5]`; targets' backlinks follow.
enum ListEditCommands {
    static let append = CommandSpec(
        name: "append", aliases: [], arguments: "CLASS[N].LIST OBJECT | { PROPERTY: VALUE, ... }",
        summary: "add an object at the end of a list of links, e.g. append TaskList[0].tasks Task[5]; a new embedded object: append Person[0].addresses { city: \"Oslo\" }",
        run: { arguments, session throws(BrowserError) in
            let (listPath, rest) = StatementSplitter.command(in: arguments)
            if EmbeddedObjectLiteral.isLiteral(rest) {
                try appendEmbedded(listPath, literalText: rest, session: session)
                return
            }
            let words = StatementSplitter.words(in: arguments)
            guard words.count == 2 else { throw .usage("append CLASS[N].LIST OBJECT  (or, for a list of embedded objects, append CLASS[N].LIST { PROPERTY: VALUE, ... })") }
            try edit(words[0], session: session, verb: "append \(words[1]) to") { keys, column, catalog throws(BrowserError) in
                guard let target = try SetCommand.linkTarget(words[1], column: column, catalog: catalog, session: session) else {
                    throw .invalidValue("a list of links holds objects, not null")
                }
                return keys + [target.key]
            }
        })

    static let remove = CommandSpec(
        name: "remove", aliases: [], arguments: "CLASS[N].LIST[I]",
        summary: "take element I out of a list of links, e.g. remove TaskList[0].tasks[2] (an embedded object is deleted)",
        run: { arguments, session throws(BrowserError) in
            let text = arguments.trimmingWhitespace()
            guard text.hasSuffix("]"), let open = text.lastIndex(of: "["), let index = Int(text[text.index(after: open)..<text.index(before: text.endIndex)]) else {
                throw .usage("remove CLASS[N].LIST[I]")
            }
            if try removeEmbedded(String(text[..<open]), index: index, session: session) { return }
            try edit(String(text[..<open]), session: session, verb: "remove element \(index) of") { keys, _, _ throws(BrowserError) in
                let position = index < 0 ? keys.count + index : index
                guard position >= 0, position < keys.count else {
                    throw .positionOutOfRange(className: "the list", position: index, count: keys.count)
                }
                var result = keys
                result.remove(at: position)
                return result
            }
        })

    static let move = CommandSpec(
        name: "move", aliases: [], arguments: "CLASS[N].LIST FROM TO",
        summary: "move a list element from one position to another, e.g. move TaskList[0].tasks 0 3",
        run: { arguments, session throws(BrowserError) in
            let words = StatementSplitter.words(in: arguments)
            guard words.count == 3, let from = Int(words[1]), let to = Int(words[2]) else { throw .usage("move CLASS[N].LIST FROM TO") }
            try edit(words[0], session: session, verb: "move \(from) to \(to) in") { keys, _, _ throws(BrowserError) in
                guard keys.indices.contains(from), keys.indices.contains(to) else {
                    throw .positionOutOfRange(className: "the list", position: keys.indices.contains(from) ? to : from, count: keys.count)
                }
                var result = keys
                result.insert(result.remove(at: from), at: to)
                return result
            }
        })

    /// A list of embedded objects of one object: the object, the list property and its class.
    private static func embeddedList(_ listPath: String, session: Session) throws(BrowserError) -> (object: ObjectHandle, column: Column, target: Table, location: String)? {
        let catalog = try session.requireCatalog()
        let (objectPath, property) = try SetCommand.target(of: listPath, catalog: catalog, session: session)
        guard case let .object(object)? = objectPath.last?.location, let column = object.table.column(named: property),
              column.isLink, column.collection == .list,
              let target = column.targetTableKey.flatMap({ catalog.file.table(withKey: $0) }), target.kind == .embedded else { return nil }
        return (object, column, target, objectPath.map(\.label).joined() + "." + property)
    }

    /// `append Person[0].addresses { street: "1 Main St" }`: a new embedded object at the end.
    private static func appendEmbedded(_ listPath: String, literalText: String, session: Session) throws(BrowserError) {
        guard let (object, column, target, location) = try embeddedList(listPath, session: session) else {
            throw .invalidValue("{ ... } creates an embedded object; \(listPath) is not a list of embedded objects")
        }
        let literal = try EmbeddedObjectLiteral(literalText, for: target)
        let key: Int64
        do { key = try object.key } catch { throw .file(error) }
        try Transaction.change(session: session, description: "append \(literal.description) to \(location)") { editor throws(RealmFormatError) in
            guard let table = editor.file.table(named: object.table.name), let editColumn = table.column(named: column.name),
                  let targetTable = editor.file.table(named: target.name) else {
                throw RealmFormatError.cannotWrite(path: editor.path, reason: "the file changed; open it again")
            }
            try editor.appendEmbedded(try literal.columns(in: targetTable, path: editor.path), column: editColumn, table: table, key: key)
        }
    }

    /// `remove Person[0].addresses[1]` on a list of embedded objects deletes that object;
    /// false when the list holds links to top-level objects.
    private static func removeEmbedded(_ listPath: String, index: Int, session: Session) throws(BrowserError) -> Bool {
        guard let (object, column, _, location) = try embeddedList(listPath, session: session) else { return false }
        let key: Int64
        do { key = try object.key } catch { throw .file(error) }
        try Transaction.change(session: session, description: "remove element \(index) of \(location) (deleting the embedded object)") { editor throws(RealmFormatError) in
            guard let table = editor.file.table(named: object.table.name), let editColumn = table.column(named: column.name) else {
                throw RealmFormatError.cannotWrite(path: editor.path, reason: "the file changed; open it again")
            }
            let count = try editor.currentLinkList(column: editColumn, table: table, key: key).count
            try editor.removeEmbedded(at: index < 0 ? count + index : index, column: editColumn, table: table, key: key)
        }
        return true
    }

    /// Resolves `listPath` to an object's list of links and stages its new content.
    private static func edit(_ listPath: String, session: Session, verb: String,
                             _ transform: ([Int64], Column, Catalog) throws(BrowserError) -> [Int64]) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        let (objectPath, property) = try SetCommand.target(of: listPath, catalog: catalog, session: session)
        guard case let .object(object)? = objectPath.last?.location, let column = object.table.column(named: property) else {
            throw .usage("\(verb) needs CLASS[N].LIST, a list property of one object")
        }
        guard column.isLink, column.collection == .list else {
            throw .invalidValue("\(object.table.displayName).\(property) is not a list of links")
        }
        let key: Int64
        do { key = try object.key } catch { throw .file(error) }
        // Read the current content (with staged changes) through an editor when one is open.
        var current: [Int64]
        do throws(RealmFormatError) {
            if let editor = session.transaction, let table = editor.file.table(named: object.table.name), let editColumn = table.column(named: property) {
                current = try editor.currentLinkList(column: editColumn, table: table, key: key)
            } else {
                guard case let .collection(list) = try object.value(of: column) else { throw RealmFormatError.cannotWrite(path: "", reason: "not a list") }
                current = try CollectionReader(file: catalog.file).elements(of: list).compactMap { if case let .link(_, k) = $0 { return k } else { return nil } }
            }
        } catch {
            throw .file(error)
        }
        let updated = try transform(current, column, catalog)
        let location = objectPath.map(\.label).joined() + "." + property
        try Transaction.change(session: session, description: "\(verb) \(location) (now \(updated.count) element\(updated.count == 1 ? "" : "s"))") { editor throws(RealmFormatError) in
            guard let table = editor.file.table(named: object.table.name), let editColumn = table.column(named: property) else {
                throw RealmFormatError.cannotWrite(path: editor.path, reason: "the file changed; open it again")
            }
            try editor.setLinkList(updated, column: editColumn, table: table, key: key)
        }
    }
}
