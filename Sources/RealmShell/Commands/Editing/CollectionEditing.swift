import RealmFormat
import RealmInterchange
import RealmQuery

/// What `set`, `append`, `remove` and `move` share for lists, sets and dictionaries: finding
/// the collection a path names (`AllTypes[0].intList[2]`, `tags`, `intDict["k"]`), reading
/// element values as the query language writes them (objects for collections of links), and
/// staging one `CollectionEdit` through `Transaction`.
enum CollectionEditing {
    /// A list, set or dictionary property of one object, with the subscripts typed after it.
    struct Target {
        let table: Table
        let key: Int64
        let column: Column
        /// `AllTypes[0].intList`, for messages.
        let label: String
        let subscripts: [String]

        var kind: CollectionKind { column.collection ?? .list }

        /// A single Mixed property: its collections are nested ones (`edit(_:nestedAt:...)`).
        var isMixedValue: Bool { column.collection == nil }

        /// Mixed values, lists and dictionaries of Mixed can hold lists and dictionaries (§6.19).
        var holdsNestedCollections: Bool { column.type == .mixed && column.collection != .set }

        /// The subscripts as typed, for messages (`[6][0]`).
        var subscriptLabel: String { subscripts.map { "[\($0)]" }.joined() }

        /// Whether the elements are embedded objects (which removing deletes).
        func holdsEmbeddedObjects(in catalog: Catalog) -> Bool {
            column.isLink && column.targetTableKey.flatMap { catalog.file.table(withKey: $0) }?.kind == .embedded
        }
    }

    /// The collection property `text` names, from where the user stands; in a transaction also
    /// of an object created earlier in it (`CLASS[_key = K].PROPERTY`).
    static func target(_ text: String, session: Session, usage: String) throws(BrowserError) -> Target {
        let catalog = try session.requireCatalog()
        let segments = try PathSegment.parse(text)
        guard let last = segments.last else { throw .usage(usage) }
        let objectPath: [NavigationStep]
        if segments.count == 1 {
            objectPath = session.path
        } else {
            do {
                objectPath = try PathResolver(catalog: catalog).resolve(String(text[..<lastDot(in: text)]), from: session.path)
            } catch {
                if let staged = try stagedTarget(segments, session: session) { return staged }
                throw error
            }
        }
        guard case let .object(object)? = objectPath.last?.location else {
            throw .usage(usage + " (the path must lead to a list, set or dictionary property of one object)")
        }
        guard let column = object.table.column(named: last.name) else {
            throw .unknownProperty(className: object.table.displayName, name: last.name)
        }
        guard column.collection != nil || column.type == .mixed else {
            throw .invalidValue("\(object.table.displayName).\(column.name) is not a list, set or dictionary")
        }
        let key: Int64
        key = try readingFile { () throws(RealmFormatError) in try object.key }
        return Target(table: object.table, key: key, column: column, label: objectPath.map(\.label).joined() + "." + column.name,
                      subscripts: last.subscripts)
    }

    /// `CLASS[_key = K].PROPERTY...` naming an object that only the open transaction has.
    private static func stagedTarget(_ segments: [PathSegment], session: Session) throws(BrowserError) -> Target? {
        guard let editor = session.transaction, segments.count == 2, segments[0].subscripts.count == 1,
              let address = try? ObjectAddress.parse("\(segments[0].name)[\(segments[0].subscripts[0])]"),
              case let .key(key) = address.selector else { return nil }
        let table = try session.requireCatalog().table(named: segments[0].name)
        let exists: Bool
        exists = try readingFile { () throws(RealmFormatError) in try editor.exists(table: table, key: key) }
        guard exists else { return nil }
        guard let column = table.column(named: segments[1].name) else {
            throw .unknownProperty(className: table.displayName, name: segments[1].name)
        }
        guard column.collection != nil || column.type == .mixed else {
            throw .invalidValue("\(table.displayName).\(column.name) is not a list, set or dictionary")
        }
        return Target(table: table, key: key, column: column, label: "\(table.displayName)[_key = \(key)].\(column.name)",
                      subscripts: segments[1].subscripts)
    }

    /// An element value typed by the user, fitted to the collection's element type: a literal
    /// as in the query language, or an object (`Target[3]`) for links and Mixed elements.
    static func element(_ text: String, for target: Target, session: Session) throws(BrowserError) -> RealmValue {
        let catalog = try session.requireCatalog()
        let column = target.column
        if column.isLink {
            guard let linked = try SetCommand.linkTarget(text, column: column, catalog: catalog, session: session) else { return .null }
            return .link(table: linked.table.key, key: linked.key)
        }
        let literal: RealmValue
        do {
            literal = try QueryArguments.value(of: text)
        } catch {
            if column.type == .mixed, let link = try objectLink(text, catalog: catalog) { return link }
            throw .query(error.annotated(query: text))
        }
        return try ValueCoercion.value(literal, for: column, className: target.table.displayName)
    }

    /// A link to the object `text` names (`Target[3]`), as a Mixed value holds one; nil when
    /// `text` is no path to an object (it was meant as a literal, whose error then says why).
    /// A path from a class that leads nowhere (`Target[99]`) reports why, not a literal's error.
    static func objectLink(_ text: String, catalog: Catalog) throws(BrowserError) -> RealmValue? {
        let path: [NavigationStep]
        do {
            path = try PathResolver(catalog: catalog).resolve(text, from: [])
        } catch {
            guard let first = try? PathSegment.parse(text).first, (try? catalog.table(named: first.name)) != nil else { return nil }
            throw error
        }
        guard case let .object(object)? = path.last?.location, let key = try? object.key else { return nil }
        return .typedLink(table: object.table.key, key: key)
    }

    /// The elements of a `{a, b, c}` literal, each fitted like `element`.
    static func elements(_ text: String, for target: Target, session: Session) throws(BrowserError) -> [RealmValue]? {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.hasPrefix("{"), trimmed.hasSuffix("}"), trimmed.count >= 2 else { return nil }
        let inner = String(trimmed.dropFirst().dropLast()).trimmingWhitespace()
        guard !inner.isEmpty else { return [] }
        var values: [RealmValue] = []
        for part in splitTopLevel(inner, at: ",") {
            let item = part.trimmingWhitespace()
            guard !item.isEmpty else { throw .invalidValue("an empty element in \(text)") }
            values.append(try element(item, for: target, session: session))
        }
        return values
    }

    /// The entries of a `{"key": value, ...}` literal, values fitted like `element`.
    static func entries(_ text: String, for target: Target, session: Session) throws(BrowserError) -> (keys: [String], values: [RealmValue])? {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.hasPrefix("{"), trimmed.hasSuffix("}"), trimmed.count >= 2 else { return nil }
        let inner = String(trimmed.dropFirst().dropLast()).trimmingWhitespace()
        guard !inner.isEmpty else { return ([], []) }
        var keys: [String] = []
        var values: [RealmValue] = []
        for part in splitTopLevel(inner, at: ",") {
            let pieces = splitTopLevel(part, at: ":")
            guard pieces.count >= 2 else { throw .invalidValue("a dictionary entry is written \"key\": value, not \(part.trimmingWhitespace())") }
            let keyText = pieces[0].trimmingWhitespace()
            guard keyText.first == "\"" || keyText.first == "'" else {
                throw .invalidValue("dictionary keys are quoted strings, e.g. {\"a\": 1}")
            }
            keys.append(try ListEditCommands.dictionaryKey(keyText))
            // The value is everything after the key's colon (dates like 12:00:00 keep theirs).
            values.append(try element(pieces.dropFirst().joined(separator: ":").trimmingWhitespace(), for: target, session: session))
        }
        return (keys, values)
    }

    /// Stages `edit` (or commits it at once outside `begin`) on the collection itself, or on the
    /// one `nested` leads to inside a Mixed value; `describe` gets the collection's new size.
    static func apply(_ edit: CollectionEdit, to target: Target, nested: [NestedStep] = [], session: Session,
                      describe: @escaping (Int) -> String) throws(BrowserError) {
        let key = target.key
        let tableName = target.table.name
        let property = target.column.name
        let isNested = !nested.isEmpty || target.isMixedValue
        try Transaction.change(session: session, unchanged: "\(target.label) already holds that value; nothing changed") { editor throws(RealmFormatError) -> String? in
            guard let table = editor.file.table(named: tableName), let column = table.column(named: property) else {
                throw RealmFormatError.cannotWrite(path: editor.path, reason: "the file changed; open it again")
            }
            let outcome = isNested ? try editor.edit(edit, nestedAt: nested, column: column, table: table, key: key)
                : try editor.edit(edit, column: column, table: table, key: key)
            return outcome.changed ? describe(outcome.count) : nil
        }
    }

    /// A subscript as a step into a nested collection: an integer is a position, anything else
    /// (quoted as in the query language, or bare) a dictionary key.
    static func step(_ text: String) throws(BrowserError) -> NestedStep {
        if let position = Int(text) { return .position(position) }
        return .key(try ListEditCommands.dictionaryKey(text))
    }

    /// The subscripts as steps into collections nested in a Mixed value.
    static func steps(_ subscripts: [String]) throws(BrowserError) -> [NestedStep] {
        var result: [NestedStep] = []
        for text in subscripts { result.append(try step(text)) }
        return result
    }

    /// A value as messages show it (objects by their address).
    static func shown(_ value: RealmValue, session: Session) -> String {
        switch value {
        case let .link(table, key), let .typedLink(table, key):
            return session.catalog?.linkLabel(table: table, key: key) ?? "_key \(key)"
        default:
            return ValueFormatter().preview(value, link: { _, _ in "" })
        }
    }

    static func size(_ count: Int, of target: Target) -> String {
        let noun = target.kind == .dictionary ? "entr" + (count == 1 ? "y" : "ies") : "element" + (count == 1 ? "" : "s")
        return "now \(count) \(noun)"
    }

    /// The first word of `text` (brackets and quotes kept together) and the rest, trimmed.
    static func firstWord(_ text: String) -> (word: String, rest: String) {
        let trimmed = text.trimmingWhitespace()
        var scanner = QuoteBracketScanner(honoursEscapes: true)
        for index in trimmed.indices where scanner.isPlain(trimmed[index]) && trimmed[index].isWhitespace && scanner.depth == 0 {
            return (String(trimmed[..<index]), String(trimmed[index...]).trimmingWhitespace())
        }
        return (trimmed, "")
    }

    /// `text` split at `separator` where it stands outside quotes and brackets (a backslash in
    /// quotes escapes the next character, as in the query language's strings).
    static func splitTopLevel(_ text: String, at separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var scanner = QuoteBracketScanner(honoursEscapes: true)
        for character in text {
            if scanner.isPlain(character) && character == separator && scanner.depth == 0 {
                parts.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    /// The position of the last `.` outside brackets and quotes (the end when there is none).
    private static func lastDot(in text: String) -> String.Index {
        var scanner = QuoteBracketScanner(honoursEscapes: true, squareBracketsOnly: true)
        var found = text.endIndex
        for index in text.indices where scanner.isPlain(text[index]) && text[index] == "." && scanner.depth == 0 {
            found = index
        }
        return found
    }
}
