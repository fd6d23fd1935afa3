import RealmFormat
import RealmQuery

/// `append`, `remove` and `move` on lists, sets and dictionaries of one object, e.g.
/// `append TaskList[0].tasks Task[5]`, `append AllTypes[0].intSet 7`,
/// `remove AllTypes[0].stringOptList[1]`, `remove AllTypes[0].intDict["k0"]`,
/// `move AllTypes[0].intList 0 2`. Lists of links keep their targets' backlinks right; sets
/// keep Realm's stored order. On lists of embedded objects, `append LIST { ... }` creates one
/// and `remove LIST[I]` deletes one.
enum ListEditCommands {
    /// `append PATH VALUE`: a path, then a class (an object to link).
    static let appendCompletion = ArgumentCompletion { context in
        guard let catalog = context.catalog else { return [] }
        if context.position == 0 { return Completer.pathCandidates(for: context.word, catalog: catalog, session: context.session) }
        return context.position == 1 ? context.classNames() : []
    }

    static let append = CommandSpec(
        name: "append", aliases: [], arguments: "CLASS[N].COLLECTION VALUE | { PROPERTY: VALUE, ... }",
        summary: "add a value to a list (at the end) or a set (in its order), e.g. append TaskList[0].tasks Task[5]; a new embedded object: append Person[0].addresses { city: \"Oslo\" }",
        access: .newestVersion, completion: ListEditCommands.appendCompletion,
        run: { arguments, session throws(BrowserError) in
            let usage = "append CLASS[N].COLLECTION VALUE  (or, for a list of embedded objects, append CLASS[N].LIST { PROPERTY: VALUE, ... })"
            let (path, valueText) = CollectionEditing.firstWord(arguments)
            guard !path.isEmpty, !valueText.isEmpty else { throw .usage(usage) }
            if EmbeddedObjectLiteral.isLiteral(valueText) {
                try appendEmbedded(path, literalText: valueText, session: session)
                return
            }
            let target = try CollectionEditing.target(path, session: session, usage: usage)
            if target.holdsNestedCollections && (!target.subscripts.isEmpty || target.isMixedValue) {
                let value = try CollectionEditing.element(valueText, for: target, session: session)
                let shown = CollectionEditing.shown(value, session: session)
                try CollectionEditing.apply(.add(value), to: target, nested: try CollectionEditing.steps(target.subscripts), session: session) { count in
                    "append \(shown) to \(target.label)\(target.subscriptLabel) (now \(count))"
                }
                return
            }
            guard target.subscripts.isEmpty else { throw .usage(usage + " (name the collection itself, without [ ])") }
            guard target.kind != .dictionary else {
                throw .usage("a dictionary gets entries by key: set \(target.label)[\"KEY\"] = VALUE")
            }
            let value = try CollectionEditing.element(valueText, for: target, session: session)
            let shown = CollectionEditing.shown(value, session: session)
            try CollectionEditing.apply(.add(value), to: target, session: session) { count in
                "append \(shown) to \(target.label) (\(CollectionEditing.size(count, of: target)))"
            }
        })

    /// A path, or a schema form and what it names.
    static let removeCompletion = ArgumentCompletion { context in
        guard let catalog = context.catalog else { return [] }
        if context.position == 0 {
            return context.words(["property", "class", "index", "primary"])
                + Completer.pathCandidates(for: context.word, catalog: catalog, session: context.session)
        }
        guard context.position == 1 else { return [] }
        switch context.argumentWords[0].lowercased() {
        case "property", "index": return context.classProperties()
        case "class": return context.classNames()
        case "primary": return context.words(["key"])
        default: return []
        }
    }

    static let remove = CommandSpec(
        name: "remove", aliases: [], arguments: "CLASS[N].COLLECTION[I] | CLASS[N].DICT[\"KEY\"] | CLASS[N].SET VALUE | property|class|index|primary key ...",
        summary: "take an element out of a list or set, or an entry out of a dictionary, e.g. remove TaskList[0].tasks[2] (an embedded object is deleted); 'help remove'; schema: remove property Specimen.longitude, remove class Category ('help schema')",
        access: .newestVersion, completion: ListEditCommands.removeCompletion,
        run: { arguments, session throws(BrowserError) in
            if SchemaRemoval.isSchemaChange(arguments) {
                try SchemaRemoval.run(arguments, session)
                return
            }
            let usage = "remove CLASS[N].LIST[I], remove CLASS[N].DICT[\"KEY\"] or remove CLASS[N].SET VALUE"
            let (path, valueText) = CollectionEditing.firstWord(arguments)
            guard !path.isEmpty else { throw .usage(usage) }
            let target = try CollectionEditing.target(path, session: session, usage: usage)
            let describe = { (what: String) in
                { (count: Int) in "remove \(what) from \(target.label) (\(CollectionEditing.size(count, of: target)))" }
            }
            if target.holdsNestedCollections && (target.subscripts.count > (valueText.isEmpty ? 1 : 0) || target.isMixedValue) {
                try removeNested(target, valueText: valueText, session: session)
                return
            }
            if !valueText.isEmpty {
                guard target.subscripts.isEmpty, target.kind != .dictionary else { throw .usage(usage) }
                let value = try CollectionEditing.element(valueText, for: target, session: session)
                try CollectionEditing.apply(.removeValue(value), to: target, session: session,
                                            describe: describe(CollectionEditing.shown(value, session: session)))
                return
            }
            guard target.subscripts.count == 1, let subscriptText = target.subscripts.first else { throw .usage(usage) }
            if target.kind == .dictionary {
                let key = try dictionaryKey(subscriptText)
                try CollectionEditing.apply(.removeEntry(key: key), to: target, session: session, describe: describe("key \"\(key)\""))
                return
            }
            guard let position = Int(subscriptText) else {
                throw .invalidAddress(path, reason: "a \(target.kind) element is named by its position, e.g. \(target.label)[0]")
            }
            if target.holdsEmbeddedObjects(in: try session.requireCatalog()) {
                let listPath = String(path[..<(path.lastIndex(of: "[") ?? path.endIndex)])
                if try removeEmbedded(listPath, index: position, session: session) { return }
            }
            try CollectionEditing.apply(.remove(at: position), to: target, session: session, describe: describe("element \(position)"))
        })

    static let move = CommandSpec(
        name: "move", aliases: [], arguments: "CLASS[N].LIST FROM TO",
        summary: "move a list element from one position to another, e.g. move TaskList[0].tasks 0 3",
        access: .newestVersion, completion: .objectPath,
        run: { arguments, session throws(BrowserError) in
            let words = StatementSplitter.words(in: arguments)
            guard words.count == 3, let from = Int(words[1]), let to = Int(words[2]) else { throw .usage("move CLASS[N].LIST FROM TO") }
            let target = try CollectionEditing.target(words[0], session: session, usage: "move CLASS[N].LIST FROM TO")
            guard target.subscripts.isEmpty || target.holdsNestedCollections else { throw .usage("move CLASS[N].LIST FROM TO") }
            try CollectionEditing.apply(.move(from: from, to: to), to: target, nested: try CollectionEditing.steps(target.subscripts),
                                        session: session) { _ in
                "move \(from) to \(to) in \(target.label)\(target.subscriptLabel)"
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
        key = try readingFile { () throws(RealmFormatError) in try object.key }
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
        key = try readingFile { () throws(RealmFormatError) in try object.key }
        try Transaction.change(session: session, description: "remove element \(index) of \(location) (deleting the embedded object)") { editor throws(BrowserError) in
            guard let table = editor.file.table(named: object.table.name), let editColumn = table.column(named: column.name) else {
                throw .file(.cannotWrite(path: editor.path, reason: "the file changed; open it again"))
            }
            let count: Int
            count = try readingFile { () throws(RealmFormatError) in try editor.currentLinkList(column: editColumn, table: table, key: key).count }
            // Checked against the list as staged, so the error names the position typed.
            guard index >= -count, index < count else { throw .positionOutOfRange(className: listPath, position: index, count: count) }
            try readingFile { () throws(RealmFormatError) in try editor.removeEmbedded(at: index < 0 ? count + index : index, column: editColumn, table: table, key: key) }
        }
        return true
    }

    /// `remove X.mixedList[6][0]`, `remove X.mixedValue["k"]`, `remove X.mixedList[6] VALUE`: an
    /// element of a list or an entry of a dictionary nested in a Mixed value.
    private static func removeNested(_ target: CollectionEditing.Target, valueText: String, session: Session) throws(BrowserError) {
        var steps = try CollectionEditing.steps(target.subscripts)
        let edit: CollectionEdit
        let what: String
        if !valueText.isEmpty {
            let value = try CollectionEditing.element(valueText, for: target, session: session)
            edit = .removeValue(value)
            what = CollectionEditing.shown(value, session: session)
        } else {
            switch steps.removeLast() {
            case let .position(position):
                edit = .remove(at: position)
                what = "element \(position)"
            case let .key(key):
                edit = .removeEntry(key: key)
                what = "key \"\(key)\""
            }
        }
        let place = target.label + steps.map(\.description).joined()
        try CollectionEditing.apply(edit, to: target, nested: steps, session: session) { count in
            "remove \(what) from \(place) (now \(count))"
        }
    }

    /// A dictionary key as typed in brackets: quoted as in the query language, or bare.
    static func dictionaryKey(_ text: String) throws(BrowserError) -> String {
        guard let first = text.first, first == "\"" || first == "'" else { return text }
        let value: RealmValue
        do { value = try QueryArguments.value(of: text) } catch { throw .query(error.annotated(query: text)) }
        guard case let .string(key) = value else { throw .invalidValue("dictionary keys are strings, e.g. [\"key\"]") }
        return key
    }
}
