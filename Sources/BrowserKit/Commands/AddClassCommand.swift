import RealmFormat

/// `add class NAME (PROPERTY TYPE[?] [primary], ...)` and `add property CLASS NAME TYPE[?]`:
/// schema edits, committed like any change.
enum AddClassCommand {
    static let usage = "add class NAME (PROPERTY TYPE, ...)   types: int bool float double string data date decimal128 objectId uuid mixed; '?' makes one optional; 'primary' marks the primary key"

    static let spec = CommandSpec(
        name: "add", aliases: [], arguments: "class NAME (PROPERTY TYPE[?] [primary], ...) | property CLASS NAME TYPE[?]",
        summary: "add a class or a property, e.g. add class Fungus (name string, spores int?) or add property Specimen habitat string?",
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static let types: [String: ColumnType] = [
        "int": .int, "bool": .bool, "float": .float, "double": .double, "string": .string, "data": .binary,
        "binary": .binary, "date": .timestamp, "timestamp": .timestamp, "decimal128": .decimal128, "decimal": .decimal128,
        "objectid": .objectId, "uuid": .uuid, "mixed": .mixed,
    ]

    /// `add property CLASS NAME TYPE[?]`
    static func addProperty(_ text: String, _ session: Session) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        let words = StatementSplitter.words(in: text)
        let usage = "add property CLASS NAME TYPE[?]"
        guard words.count == 3 else { throw .usage(usage) }
        let table = try catalog.table(named: words[0])
        var typeName = words[2].lowercased()
        let optional = typeName.hasSuffix("?")
        if optional { typeName.removeLast() }
        guard let type = types[typeName] else { throw .invalidValue("unknown type '\(words[2])'; " + usage) }
        try checkName(words[1], of: "a property")
        let column = NewColumn(name: words[1], type: type, isNullable: optional || type == .mixed)
        try Transaction.change(session: session, description: "add property \(table.displayName).\(words[1]) \(words[2])") { editor throws(RealmFormatError) in
            guard let editTable = editor.file.table(named: table.name) else {
                throw RealmFormatError.cannotWrite(path: editor.path, reason: "the file changed; open it again")
            }
            try editor.addProperty(column, to: editTable)
        }
    }

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let (kind, rest) = StatementSplitter.command(in: arguments)
        if kind.lowercased() == "property" {
            try addProperty(rest, session)
            return
        }
        guard kind.lowercased() == "class", let open = rest.firstIndex(of: "("), rest.hasSuffix(")") else { throw .usage(usage) }
        let name = String(rest[..<open]).trimmingWhitespace()
        let body = String(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)])
        var columns: [NewColumn] = []
        var primaryKey: String?
        for part in CreateCommand.assignments(body) {
            let words = part.split(separator: " ").map(String.init)
            guard words.count >= 2, words.count <= 3 else { throw .usage(usage) }
            var typeName = words[1].lowercased()
            let optional = typeName.hasSuffix("?")
            if optional { typeName.removeLast() }
            guard let type = types[typeName] else { throw .invalidValue("unknown type '\(words[1])'; " + usage) }
            if words.count == 3 {
                guard words[2].lowercased() == "primary" else { throw .usage(usage) }
                if let first = primaryKey { throw .invalidValue("a class has one primary key: \(first) and \(words[0]) are both marked primary") }
                primaryKey = words[0]
            }
            try checkName(words[0], of: "a property")
            guard !columns.contains(where: { $0.name == words[0] }) else { throw .invalidValue("property \(words[0]) is given twice") }
            columns.append(NewColumn(name: words[0], type: type, isNullable: optional || type == .mixed))
        }
        guard !name.isEmpty, !columns.isEmpty else { throw .usage(usage) }
        try checkName(name, of: "a class")
        let shown = columns.map { "\($0.name) \(SchemaCommand.userTypeName($0.type))\($0.isNullable && $0.type != .mixed ? "?" : "")\($0.name == primaryKey ? " primary" : "")" }.joined(separator: ", ")
        try Transaction.change(session: session, description: "add class \(name) (\(shown))") { editor throws(RealmFormatError) in
            try editor.addClass(name, columns: columns, primaryKey: primaryKey)
        }
    }

    /// Names the browser's own commands could not address afterwards (`show 'My Class'`,
    /// `Person[0].a.b`, `find A<B ...`) are refused; Realm's other rules (length, uniqueness)
    /// come from the editor.
    static func checkName(_ name: String, of what: String) throws(BrowserError) {
        // An identifier of the query language: letters (any script), digits, _ and $, not
        // starting with a digit; anything else breaks key paths and queries.
        if let character = name.first(where: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }) {
            throw .invalidValue("\(what) cannot be named \(name): \"\(character)\" would not work in paths and queries (use letters, digits and _)")
        }
        if let first = name.first, first.isNumber {
            throw .invalidValue("\(what) cannot be named \(name): a name starting with a digit reads as a number in paths and queries")
        }
    }
}
