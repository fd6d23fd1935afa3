import RealmFormat
import RealmInterchange
import RealmQuery

/// `create CLASS [PROP = VALUE, ...]`: a new object; properties not given get Realm's defaults.
public enum CreateCommand {
    /// A class, then `property = value` assignments of its properties.
    static let completion = ArgumentCompletion { context in
        guard context.position > 0 else { return context.classNames() }
        guard let catalog = context.catalog, let className = context.argumentWords.first,
              let table = try? catalog.table(named: className) else { return [] }
        let afterClass = String(StatementSplitter.command(in: context.arguments).arguments)
        return Completer.assignmentCandidates(afterClass, word: context.word,
                                              query: QueryCompletion(table: table, keyPaths: KeyPathCompletion(file: catalog.file)))
    }

    static let usage = "create CLASS [PROPERTY = VALUE, ...]"

    static let spec = CommandSpec(
        name: "create", aliases: [], arguments: "CLASS [PROPERTY = VALUE, ...]",
        summary: "add an object, e.g. create Category name = \"Fungi\"; collections and links too: create Note tags = {\"a\", \"b\"}, category = Category[1]",
        access: .newestVersion, completion: CreateCommand.completion,
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        let (className, rest) = StatementSplitter.command(in: arguments)
        guard !className.isEmpty else { throw .usage(usage) }
        let table = try catalog.table(named: className)
        var values: [(name: String, value: AssignedValue)] = []
        for assignment in assignments(rest) {
            guard let equals = SetCommand.splitPoint(assignment) else { throw .usage(usage) }
            let name = String(assignment[..<equals]).trimmingWhitespace()
            let text = String(assignment[assignment.index(after: equals)...]).trimmingWhitespace()
            guard let column = table.column(named: name) else { throw .unknownProperty(className: table.displayName, name: name) }
            values.append((name, try AssignedValue.parse(text, column: column, table: table, session: session)))
        }
        let shown = values.map { "\($0.name) = \($0.value.shown(session: session))" }.joined(separator: ", ")
        var created: Int64?
        try Transaction.change(session: session, description: "create \(table.displayName)" + (shown.isEmpty ? "" : " (\(shown))")) { editor throws(RealmFormatError) in
            guard let editTable = editor.file.table(named: table.name) else {
                throw RealmFormatError.cannotWrite(path: editor.path, reason: "the file changed; open it again")
            }
            // Single values go into the new object; collections and links are staged on it
            // afterwards (with their backlinks), all of it or nothing.
            var scalars: [(column: Column, value: RealmValue)] = []
            var others: [(column: Column, value: AssignedValue)] = []
            for (name, value) in values {
                guard let column = editTable.column(named: name) else { throw RealmFormatError.refusedEdit("no property \(name)") }
                if case let .scalar(scalar) = value { scalars.append((column, scalar)) } else { others.append((column, value)) }
            }
            created = try editor.stagingAll { () throws(RealmFormatError) -> Int64 in
                let key = try editor.create(in: editTable, values: scalars)
                for (column, value) in others { try value.stage(in: editor, column: column, table: editTable, key: key) }
                return key
            }
        }
        if let created, session.transaction != nil {
            session.confirm("  new object \(table.displayName)[_key = \(created)] (set its properties with set \(table.displayName)[_key = \(created)].PROPERTY = VALUE)")
        }
    }

    /// `a = 1, b = 'x, y'` split at the commas outside quotes and brackets; a backslash in
    /// quotes escapes the next character as in the query language (`name = "a\", b"` is one).
    public static func assignments(_ text: String) -> [String] {
        CollectionEditing.splitTopLevel(text, at: ",")
            .map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }
}
