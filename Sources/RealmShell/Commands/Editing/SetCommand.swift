import RealmFormat
import RealmInterchange
import RealmQuery

/// `set PATH = VALUE`: change one property of one object and commit it at once, in place, with
/// Realm's own commit protocol. Values are written as in the query language.
enum SetCommand {
    /// A path, `=`, then the values that fit the property (`true`, `nil`, a link's class).
    static let completion = ArgumentCompletion { context in
        guard let catalog = context.catalog else { return [] }
        if context.position == 0 { return Completer.pathCandidates(for: context.word, catalog: catalog, session: context.session) }
        guard context.position == 2, context.argumentWords[1] == "=" else { return [] }
        return Completer.valueCandidates(forPath: context.argumentWords[0], word: context.word, catalog: catalog, session: context.session)
    }

    static let usage = "set CLASS[N].PROPERTY = VALUE, set CLASS[N].LIST[I] = VALUE, set CLASS[N].DICT[\"KEY\"] = VALUE   (or, after cd, set PROPERTY = VALUE)"

    static let spec = CommandSpec(
        name: "set", aliases: [], arguments: "PATH = VALUE | required|optional|primary key CLASS.PROPERTY",
        summary: "change a property, a list element or a dictionary entry, e.g. set Specimen[3].name = \"Bald eagle\", set Note[0].tags[1] = \"x\"; an embedded object: set Person[0].address = { city: \"Oslo\" } (or = null); schema: set required Task.notes --default \"\" ('help schema')",
        access: .newestVersion, completion: SetCommand.completion,
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        if NullabilityChange.isSchemaChange(arguments) {
            try NullabilityChange.run(arguments, session)
            return
        }
        if IndexChanges.isPrimaryKeyChange(arguments) {
            try IndexChanges.setPrimaryKey(arguments, session)
            return
        }
        let catalog = try session.requireCatalog()
        guard let equals = splitPoint(arguments) else { throw .usage(usage) }
        let pathText = String(arguments[..<equals]).trimmingWhitespace()
        let valueText = String(arguments[arguments.index(after: equals)...]).trimmingWhitespace()
        guard !pathText.isEmpty, !valueText.isEmpty else { throw .usage(usage) }
        if let last = try PathSegment.parse(pathText).last, !last.subscripts.isEmpty {
            try setElement(pathText, valueText, session: session)
            return
        }
        let objectPath: [NavigationStep]
        let property: String
        do {
            (objectPath, property) = try target(of: pathText, catalog: catalog, session: session)
        } catch {
            if try setStagedObject(pathText, valueText: valueText, session: session) { return }
            throw error
        }
        guard case let .object(object)? = objectPath.last?.location else {
            if case .value(.null)? = objectPath.last?.location {
                let prefix = String(pathText[..<(pathText.lastIndex(of: ".") ?? pathText.endIndex)])
                throw .invalidValue("\(prefix) is null: there is no object to set \(property) on")
            }
            throw .usage(usage + " (the path must lead to an object's property)")
        }
        guard let column = object.table.column(named: property) else {
            throw .unknownProperty(className: object.table.displayName, name: property)
        }
        let location = objectPath.map(\.label).joined() + "." + property
        if column.isLink, column.collection == nil, let target = column.targetTableKey.flatMap({ catalog.file.table(withKey: $0) }),
           target.kind == .embedded {
            try setEmbedded(valueText, column: column, target: target, object: object, location: location, session: session)
            return
        }
        if column.isLink && column.collection == nil {
            let target = try linkTarget(valueText, column: column, catalog: catalog, session: session)
            let label = target.map { catalog.linkLabel(table: $0.table.key, key: $0.key) } ?? "null"
            try Transaction.change(session: session, unchanged: unchangedLink("\(location) = \(label)", session: session)) { editor throws(RealmFormatError) -> String? in
                guard let table = editor.file.table(named: object.table.name), let editColumn = table.column(named: property) else {
                    throw RealmFormatError.cannotWrite(path: editor.path, reason: "the file changed; open it again")
                }
                return try editor.setLink(to: target?.key, column: editColumn, table: table, key: try object.key) ? "\(location) = \(label)" : nil
            }
            return
        }
        if column.collection != nil {
            try replaceCollection(pathText, valueText, session: session)
            return
        }
        let value: RealmValue
        if column.type == .mixed, (try? QueryArguments.value(of: valueText)) == nil,
           let link = try CollectionEditing.objectLink(valueText, catalog: catalog) {
            // A Mixed property can hold a link to any object: `set X[0].mixed = Target[3]`.
            value = link
        } else {
            value = try ValueCoercion.value(typed: valueText, for: column, className: object.table.displayName)
        }
        try Transaction.change(session: session, description: "\(location) = \(CollectionEditing.shown(value, session: session))") { editor throws(RealmFormatError) in
            guard let table = editor.file.table(named: object.table.name), let editColumn = table.column(named: property) else {
                throw RealmFormatError.cannotWrite(path: editor.path, reason: "the file changed; open it again")
            }
            try editor.set(value, column: editColumn, table: table, key: try object.key)
        }
    }

    /// `set Person[0].address = { street: "1 Main St" }` creates a new embedded object (the
    /// one it replaces is deleted); `= null` deletes it.
    private static func setEmbedded(_ valueText: String, column: Column, target: Table, object: ObjectHandle,
                                    location: String, session: Session) throws(BrowserError) {
        let literal: EmbeddedObjectLiteral?
        if valueText == "null" || valueText == "nil" {
            literal = nil
        } else {
            literal = try EmbeddedObjectLiteral(valueText, for: target)
        }
        let key: Int64
        key = try readingFile { () throws(RealmFormatError) in try object.key }
        try Transaction.change(session: session, description: "\(location) = \(literal?.description ?? "null")") { editor throws(RealmFormatError) in
            guard let table = editor.file.table(named: object.table.name), let editColumn = table.column(named: column.name),
                  let targetTable = editor.file.table(named: target.name) else {
                throw RealmFormatError.cannotWrite(path: editor.path, reason: "the file changed; open it again")
            }
            try editor.setEmbedded(try literal?.columns(in: targetTable, path: editor.path), column: editColumn, table: table, key: key)
        }
    }

    /// What `set` says when a link already points where it is set: nothing is staged or committed.
    static func unchangedLink(_ change: String, session: Session) -> String {
        change + (session.transaction == nil ? "  (unchanged: the file already holds that; nothing committed)"
                                              : "  (unchanged: it already links there; nothing staged)")
    }

    /// The object a link is set to (`Category[1]`, `Category[name = "Birds"]`), or nil for `null`.
    static func linkTarget(_ text: String, column: Column, catalog: Catalog, session: Session) throws(BrowserError) -> (table: Table, key: Int64)? {
        if text == "null" || text == "nil" {
            if let kind = column.collection, kind != .dictionary { throw .invalidValue("\(column.name) is a \(kind) of links: it holds objects, not null") }
            guard column.isNullable else { throw .invalidValue("\(column.name) is required; it cannot be null") }
            return nil
        }
        let path = try PathResolver(catalog: catalog).resolve(text, from: [])
        guard case let .object(target)? = path.last?.location else {
            throw .invalidValue("a link is set to an object, such as Category[1], or to null")
        }
        guard target.table.key == column.targetTableKey else {
            throw .invalidValue("\(column.name) links to \(column.targetTableKey.flatMap { catalog.file.table(withKey: $0)?.displayName } ?? "?"), not to \(target.table.displayName)")
        }
        return try readingFile { () throws(RealmFormatError) in (target.table, try target.key) }
    }

    /// The `=` that separates the path from the value (outside brackets and quotes).
    /// A backslash inside quotes escapes the next character, as in the query language's
    /// strings, so `dict["a\"=b"] = 1` splits after the bracket.
    static func splitPoint(_ text: String) -> String.Index? {
        var scanner = QuoteBracketScanner(honoursEscapes: true, squareBracketsOnly: true)
        for index in text.indices where scanner.isPlain(text[index]) && text[index] == "=" && scanner.depth == 0 {
            return index
        }
        return nil
    }

    /// The object path and the property name at its end.
    static func target(of text: String, catalog: Catalog, session: Session) throws(BrowserError) -> ([NavigationStep], String) {
        let segments = try PathSegment.parse(text)
        guard let last = segments.last, last.subscripts.isEmpty else {
            throw .usage(usage)
        }
        if segments.count == 1 { return (session.path, last.name) }
        let prefix = String(text[..<(text.lastIndex(of: ".") ?? text.endIndex)])
        return (try PathResolver(catalog: catalog).resolve(prefix, from: session.path), last.name)
    }
}
