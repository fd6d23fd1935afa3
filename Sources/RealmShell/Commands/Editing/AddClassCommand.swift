import RealmFormat
import RealmInterchange

/// `add class NAME (PROPERTY TYPE [primary], ...)` and `add property CLASS NAME TYPE`: schema
/// edits, committed like any change. Types may be links to classes (existing ones, ones added
/// earlier in the same transaction, or the new class itself) and collections.
enum AddClassCommand {
    /// `class` or `property`; for a property its class, then a value type or a class to link.
    static let completion = ArgumentCompletion { context in
        if context.position == 0 { return context.words(["class", "property", "index"]) }
        if context.argumentWords.first == "index" { return context.position == 1 ? context.classProperties() : [] }
        guard context.argumentWords.first == "property" else { return [] }
        if context.position == 1 { return context.classNames() }
        return context.position == 3 ? context.words(PropertyDeclaration.valueTypes.keys.sorted()) + context.classNames() : []
    }

    static let usage = "add class NAME (PROPERTY TYPE, ...)   " + PropertyDeclaration.typeHelp + "; 'primary' marks the primary key"
    static let propertyUsage = "add property CLASS NAME TYPE   " + PropertyDeclaration.typeHelp

    static let spec = CommandSpec(
        name: "add", aliases: [], arguments: "class NAME (PROPERTY TYPE [primary], ...) | property CLASS NAME TYPE | index CLASS.PROPERTY",
        summary: "add a class or a property, e.g. add class Fungus (name string, host Specimen, hosts Specimen[]) or add property Specimen habitat string?",
        access: .newestVersion, completion: AddClassCommand.completion,
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    /// `add property CLASS NAME TYPE`
    static func addProperty(_ text: String, _ session: Session) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        let words = StatementSplitter.words(in: text)
        guard words.count == 3 else { throw .usage(propertyUsage) }
        let declaration = try PropertyDeclaration(words: Array(words[1...]), allowPrimary: false, usage: propertyUsage)
        let className = words[0]
        try checkName(declaration.name, of: "a property")
        try Transaction.change(session: session, description: "add property \(className).\(declaration.name) \(declaration.typeText)") { editor throws(BrowserError) in
            // The class may be one this transaction adds; otherwise it must exist in the file.
            let tableName: String
            if editor.tableKey(forTable: Table.classPrefix + className) != nil {
                tableName = Table.classPrefix + className
            } else {
                tableName = try catalog.table(named: className).name
            }
            let column = try declaration.column(editor: editor, catalog: catalog, ownClass: nil)
            try readingFile { () throws(RealmFormatError) in try editor.addProperty(column, toTable: tableName) }
        }
    }

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let (kind, rest) = StatementSplitter.command(in: arguments)
        if kind.lowercased() == "property" {
            try addProperty(rest, session)
            return
        }
        if kind.lowercased() == "index" {
            try IndexChanges.addIndex(rest, session)
            return
        }
        guard kind.lowercased() == "class", let open = rest.firstIndex(of: "("), rest.hasSuffix(")") else { throw .usage(usage) }
        let name = String(rest[..<open]).trimmingWhitespace()
        let body = String(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)])
        var declarations: [PropertyDeclaration] = []
        for part in CreateCommand.assignments(body) {
            declarations.append(try PropertyDeclaration(words: part.split(separator: " ").map(String.init), allowPrimary: true, usage: usage))
        }
        guard !name.isEmpty, !declarations.isEmpty else { throw .usage(usage) }
        try checkName(name, of: "a class")
        var seen = Set<String>()
        for declaration in declarations {
            try checkName(declaration.name, of: "a property")
            guard seen.insert(declaration.name).inserted else { throw .invalidValue("property \(declaration.name) is given twice") }
        }
        guard declarations.filter(\.isPrimary).count <= 1 else { throw .invalidValue("a class has at most one primary key") }
        let catalog = try session.requireCatalog()
        let shown = declarations.map { "\($0.name) \($0.typeText)" + ($0.isPrimary ? " primary" : "") }.joined(separator: ", ")
        try Transaction.change(session: session, description: "add class \(name) (\(shown))") { editor throws(BrowserError) in
            var columns: [NewColumn] = []
            for declaration in declarations {
                columns.append(try declaration.column(editor: editor, catalog: catalog, ownClass: name))
            }
            try readingFile { () throws(RealmFormatError) in try editor.addClass(name, columns: columns, primaryKey: declarations.first(where: \.isPrimary)?.name) }
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
