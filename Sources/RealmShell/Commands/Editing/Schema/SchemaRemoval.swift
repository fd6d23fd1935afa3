import RealmFormat

/// `remove property CLASS.PROPERTY` and `remove class CLASS` (the `remove` command's schema
/// forms; `remove index` and `remove primary key` are in `IndexChanges`): realm-core's
/// `Table::remove_column` and `Group::remove_table`, which refuses while other classes link to
/// the class. The line `status` shows says what goes.
enum SchemaRemoval {
    static let usage = "remove property CLASS.PROPERTY, remove class CLASS, remove index CLASS.PROPERTY or remove primary key CLASS   [--keep-version]"

    /// The first words that make `remove` a schema change rather than a collection edit.
    static let forms: Set<String> = ["property", "class", "index", "primary"]

    /// Whether `remove ARGUMENTS` is a schema change: a form's word, then more (a collection
    /// path such as `property[0].tags[1]` has brackets in its first word).
    static func isSchemaChange(_ arguments: String) -> Bool {
        let words = StatementSplitter.words(in: arguments)
        return words.count >= 2 && forms.contains(words[0].lowercased())
    }

    static func run(_ text: String, _ session: Session) throws(BrowserError) {
        let arguments = SchemaCommands.Arguments(text)
        let words = arguments.words
        guard words.count >= 2, arguments.defaultText == nil else { throw .usage(usage) }
        switch words[0].lowercased() {
        case "property" where words.count == 2:
            try removeProperty(words[1], arguments: arguments, session: session)
        case "class" where words.count == 2:
            try removeClass(words[1], arguments: arguments, session: session)
        case "index", "primary":
            try IndexChanges.remove(words, arguments: arguments, session: session)
        default:
            throw .usage(usage)
        }
    }

    private static func removeProperty(_ target: String, arguments: SchemaCommands.Arguments, session: Session) throws(BrowserError) {
        let (className, name) = try SchemaCommands.classAndProperty(target, usage: usage)
        try SchemaCommands.apply(arguments, session: session, needsMigration: true) { editor throws(BrowserError) -> String in
            let table = try SchemaCommands.table(className, editor: editor, session: session)
            let property = try SchemaCommands.property(name, of: table, editor: editor)
            let removal = try readingFile { () throws(RealmFormatError) in try editor.removeProperty(name, of: table) }
            var costs: [String] = []
            if property.collection != nil {
                costs.append(SchemaCommands.count(removal.values, "\(property.collection.map { "\($0)" } ?? "collection")") + " ("
                             + SchemaCommands.count(removal.elements, "element") + ") dropped")
            } else {
                costs.append(SchemaCommands.count(removal.values, property.column?.isLink == true ? "link" : "value") + " dropped")
            }
            if removal.deletedEmbedded > 0 {
                costs.append(SchemaCommands.count(removal.deletedEmbedded, "embedded object") + " deleted with it")
            }
            if property.isIndexed && !property.isPrimaryKey { costs.append("its index goes") }
            if removal.wasPrimaryKey { costs.append("\(className) has no primary key then") }
            return "- property \(className).\(name): \(SchemaCommands.describe(property, in: editor.file)) (" + costs.joined(separator: "; ") + ")"
        }
    }

    private static func removeClass(_ className: String, arguments: SchemaCommands.Arguments, session: Session) throws(BrowserError) {
        try SchemaCommands.apply(arguments, session: session, needsMigration: true) { editor throws(BrowserError) -> String in
            let table = try SchemaCommands.table(className, editor: editor, session: session)
            let removal = try readingFile { () throws(RealmFormatError) in try editor.removeClass(table) }
            var costs = [SchemaCommands.count(removal.objects, "object") + " dropped"]
            if removal.deletedEmbedded > 0 {
                costs.append(SchemaCommands.count(removal.deletedEmbedded, "embedded object") + " deleted with them")
            }
            let kind = table.kind == .topLevel ? "" : ", \(table.kind)"
            return "- class \(className)\(kind) (" + costs.joined(separator: "; ") + ")"
        }
    }
}
