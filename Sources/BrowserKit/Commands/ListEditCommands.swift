import RealmFormat
import RealmQuery

/// `append`, `remove` and `move` on lists, sets and dictionaries of one object, e.g.
/// `append TaskList[0].tasks Task[5]`, `append AllTypes[0].intSet 7`,
/// `remove AllTypes[0].stringOptList[1]`, `remove AllTypes[0].intDict["k0"]`,
/// `move AllTypes[0].intList 0 2`. Lists of links keep their targets' backlinks right; sets
/// keep Realm's stored order.
enum ListEditCommands {
    static let append = CommandSpec(
        name: "append", aliases: [], arguments: "CLASS[N].COLLECTION VALUE",
        summary: "add a value to a list (at the end) or a set (in its order), e.g. append TaskList[0].tasks Task[5]; 'help append'",
        run: { arguments, session throws(BrowserError) in
            let usage = "append CLASS[N].COLLECTION VALUE"
            let (path, valueText) = CollectionEditing.firstWord(arguments)
            guard !path.isEmpty, !valueText.isEmpty else { throw .usage(usage) }
            let target = try CollectionEditing.target(path, session: session, usage: usage)
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

    static let remove = CommandSpec(
        name: "remove", aliases: [], arguments: "CLASS[N].COLLECTION[I] | CLASS[N].DICT[\"KEY\"] | CLASS[N].SET VALUE",
        summary: "take an element out of a list or set, or an entry out of a dictionary, e.g. remove TaskList[0].tasks[2]; 'help remove'",
        run: { arguments, session throws(BrowserError) in
            let usage = "remove CLASS[N].LIST[I], remove CLASS[N].DICT[\"KEY\"] or remove CLASS[N].SET VALUE"
            let (path, valueText) = CollectionEditing.firstWord(arguments)
            guard !path.isEmpty else { throw .usage(usage) }
            let target = try CollectionEditing.target(path, session: session, usage: usage)
            let describe = { (what: String) in
                { (count: Int) in "remove \(what) from \(target.label) (\(CollectionEditing.size(count, of: target)))" }
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
            try CollectionEditing.apply(.remove(at: position), to: target, session: session, describe: describe("element \(position)"))
        })

    static let move = CommandSpec(
        name: "move", aliases: [], arguments: "CLASS[N].LIST FROM TO",
        summary: "move a list element from one position to another, e.g. move TaskList[0].tasks 0 3",
        run: { arguments, session throws(BrowserError) in
            let words = StatementSplitter.words(in: arguments)
            guard words.count == 3, let from = Int(words[1]), let to = Int(words[2]) else { throw .usage("move CLASS[N].LIST FROM TO") }
            let target = try CollectionEditing.target(words[0], session: session, usage: "move CLASS[N].LIST FROM TO")
            guard target.subscripts.isEmpty else { throw .usage("move CLASS[N].LIST FROM TO") }
            try CollectionEditing.apply(.move(from: from, to: to), to: target, session: session) { _ in
                "move \(from) to \(to) in \(target.label)"
            }
        })

    /// A dictionary key as typed in brackets: quoted as in the query language, or bare.
    static func dictionaryKey(_ text: String) throws(BrowserError) -> String {
        guard let first = text.first, first == "\"" || first == "'" else { return text }
        let value: RealmValue
        do { value = try QueryArguments.value(of: text) } catch { throw .query(error.annotated(query: text)) }
        guard case let .string(key) = value else { throw .invalidValue("dictionary keys are strings, e.g. [\"key\"]") }
        return key
    }
}
