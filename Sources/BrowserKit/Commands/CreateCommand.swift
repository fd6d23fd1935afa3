import RealmFormat
import RealmQuery

/// `create CLASS [PROP = VALUE, ...]`: a new object; properties not given get Realm's defaults.
enum CreateCommand {
    static let usage = "create CLASS [PROPERTY = VALUE, ...]"

    static let spec = CommandSpec(
        name: "create", aliases: [], arguments: "CLASS [PROPERTY = VALUE, ...]",
        summary: "add an object, e.g. create Category name = \"Fungi\"",
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        let (className, rest) = StatementSplitter.command(in: arguments)
        guard !className.isEmpty else { throw .usage(usage) }
        let table = try catalog.table(named: className)
        var values: [(name: String, value: RealmValue)] = []
        for assignment in assignments(rest) {
            guard let equals = SetCommand.splitPoint(assignment) else { throw .usage(usage) }
            let name = String(assignment[..<equals]).trimmingWhitespace()
            let text = String(assignment[assignment.index(after: equals)...]).trimmingWhitespace()
            guard let column = table.column(named: name) else { throw .unknownProperty(className: table.displayName, name: name) }
            let literal: RealmValue
            do { literal = try QueryArguments.value(of: text) } catch { throw .query(error.annotated(query: text)) }
            values.append((name, try ValueCoercion.value(literal, for: column, className: table.displayName)))
        }
        let shown = values.map { "\($0.name) = \(ValueFormatter().detail($0.value, link: { _, _ in "" }))" }.joined(separator: ", ")
        var created: Int64?
        try Transaction.change(session: session, description: "create \(table.displayName)" + (shown.isEmpty ? "" : " (\(shown))")) { editor throws(RealmFormatError) in
            guard let editTable = editor.file.table(named: table.name) else {
                throw RealmFormatError.cannotWrite(path: editor.path, reason: "the file changed; open it again")
            }
            var columns: [(column: Column, value: RealmValue)] = []
            for (name, value) in values {
                guard let column = editTable.column(named: name) else { throw RealmFormatError.cannotWrite(path: editor.path, reason: "no property \(name)") }
                columns.append((column, value))
            }
            created = try editor.create(in: editTable, values: columns)
        }
        if let created, session.transaction != nil {
            session.output.line("  new object \(table.displayName)[_key = \(created)] (set its properties with set \(table.displayName)[_key = \(created)].PROPERTY = VALUE)")
        }
    }

    /// `a = 1, b = 'x, y'` split at the commas outside quotes and brackets.
    static func assignments(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        var depth = 0
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
                current.append(character)
                continue
            }
            switch character {
            case "\"", "'": quote = character
            case "[", "(", "{": depth += 1
            case "]", ")", "}": depth -= 1
            case "," where depth == 0:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        parts.append(current)
        return parts.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }
}
