import RealmFormat

/// `rename property CLASS.PROPERTY NEWNAME` and `rename class CLASS NEWNAME`: realm-core's
/// `Table::rename_column` and `Group::rename_table`. Values, indexes and links stay (links name
/// classes by table key, so they follow a renamed class by themselves).
enum RenameCommand {
    static let usage = "rename property CLASS.PROPERTY NEWNAME  or  rename class CLASS NEWNAME   [--keep-version]"

    static let completion = ArgumentCompletion { context in
        if context.position == 0 { return context.words(["property", "class"]) }
        guard context.position == 1 else { return [] }
        return context.argumentWords.first == "class" ? context.classNames() : context.classProperties()
    }

    static let spec = CommandSpec(
        name: "rename", aliases: [], arguments: "property CLASS.PROPERTY NEWNAME | class CLASS NEWNAME",
        summary: "rename a property or a class (values, indexes and links stay), e.g. rename property Specimen.specimenDescription description; 'help schema'",
        access: .newestVersion, completion: RenameCommand.completion,
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ text: String, _ session: Session) throws(BrowserError) {
        let arguments = SchemaCommands.Arguments(text)
        let words = arguments.words
        guard words.count == 3, arguments.defaultText == nil else { throw .usage(usage) }
        switch words[0].lowercased() {
        case "property":
            let (className, name) = try SchemaCommands.classAndProperty(words[1], usage: usage)
            let newName = words[2]
            try AddClassCommand.checkName(newName, of: "a property")
            try SchemaCommands.apply(arguments, session: session, needsMigration: true) { editor throws(BrowserError) -> String in
                let table = try SchemaCommands.table(className, editor: editor, session: session)
                let property = try SchemaCommands.property(name, of: table, editor: editor)
                try readingFile { () throws(RealmFormatError) in try editor.renameProperty(name, of: table, to: newName) }
                let type = SchemaCommands.describe(property, in: editor.file)
                return "~ property \(className).\(name) → \(className).\(newName): \(type) (renamed; "
                    + SchemaCommands.count(table.objects.count, "value") + " kept)"
            }
        case "class":
            let className = words[1]
            let newName = words[2]
            try AddClassCommand.checkName(newName, of: "a class")
            try SchemaCommands.apply(arguments, session: session, needsMigration: true) { editor throws(BrowserError) -> String in
                let table = try SchemaCommands.table(className, editor: editor, session: session)
                try readingFile { () throws(RealmFormatError) in try editor.renameClass(table, to: newName) }
                let incoming = table.backlinkColumns.count
                return "~ class \(className) → \(newName) (renamed; " + SchemaCommands.count(table.objects.count, "object") + " kept"
                    + (incoming > 0 ? "; links to it follow" : "") + ")"
            }
        default:
            throw .usage(usage)
        }
    }
}
