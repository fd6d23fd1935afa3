import RealmFormat
import RealmInterchange

/// `change type CLASS.PROPERTY TYPE`: a property's values converted to another type
/// (`TypeConversions` says which convert). realm-core's object store would drop the values of
/// a retyped property; this keeps them, or, when any does not convert, lists the objects that
/// do not and changes nothing.
enum ChangeTypeCommand {
    static let usage = "change type CLASS.PROPERTY TYPE   [--keep-version]   (types: int double float decimal128 bool string date objectId uuid data)"

    static let completion = ArgumentCompletion { context in
        switch context.position {
        case 0: return context.words(["type"])
        case 1: return context.classProperties()
        case 2: return context.words(["int", "double", "float", "decimal128", "bool", "string", "date", "objectId", "uuid", "data"])
        default: return []
        }
    }

    static let spec = CommandSpec(
        name: "change", aliases: [], arguments: "type CLASS.PROPERTY TYPE",
        summary: "convert a property's values to another type, e.g. change type Item.qty double (nothing changes if any value does not convert); 'help schema'",
        access: .newestVersion, completion: ChangeTypeCommand.completion,
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ text: String, _ session: Session) throws(BrowserError) {
        let arguments = SchemaCommands.Arguments(text)
        let words = arguments.words
        guard words.count == 3, words[0].lowercased() == "type", arguments.defaultText == nil else { throw .usage(usage) }
        let (className, name) = try SchemaCommands.classAndProperty(words[1], usage: usage)
        guard let type = PropertyDeclaration.valueTypes[words[2].lowercased()], type != .mixed else {
            throw .invalidValue("cannot read the type '\(words[2])'; " + usage)
        }
        try SchemaCommands.apply(arguments, session: session, needsMigration: true) { editor throws(BrowserError) -> String in
            let table = try SchemaCommands.table(className, editor: editor, session: session)
            let property = try SchemaCommands.property(name, of: table, editor: editor)
            let typeName = SchemaVocabulary.userTypeName(type)
            guard let column = property.column, !property.isChanged else {
                throw .file(.refusedEdit("\(className).\(name) is added or changed in this transaction; commit it before changing it again"))
            }
            guard type != property.type else { throw .invalidValue("\(className).\(name) is already \(typeName)") }
            guard !property.isPrimaryKey else {
                throw .file(.refusedEdit("\(className).\(name) is the primary key; remove the primary key before changing its type"))
            }
            guard let conversion = TypeConversions.conversion(from: property.type, to: type, isNullable: property.isNullable) else {
                let targets = TypeConversions.targets(from: property.type).map(SchemaVocabulary.userTypeName)
                throw .invalidValue("\(className).\(name) (\(SchemaCommands.describe(property, in: editor.file))) cannot become \(typeName)"
                    + (targets.isEmpty ? "" : "; it can become " + targets.joined(separator: ", ")))
            }
            let blockers = try readingFile { () throws(RealmFormatError) in
                try editor.conversionBlockers(name, of: table, conversion, limit: SchemaCommands.blockerLimit)
            }
            if blockers.total > 0 {
                throw .invalidValue("\(SchemaCommands.count(blockers.total, "object")) of \(className) hold values of \(name) that are not "
                    + "\(typeName) values; nothing changed:\n"
                    + SchemaCommands.blockers(blockers.keys, total: blockers.total, table: table, column: column, file: editor.file))
            }
            let result = try readingFile { () throws(RealmFormatError) in try editor.changeType(name, of: table, conversion) }
            var costs = [SchemaCommands.count(result.values, property.collection == nil ? "value" : "element") + " converted"]
            if result.dropsIndex { costs.append("its index goes: Realm cannot index \(typeName) values") }
            let old = SchemaCommands.describe(property, in: editor.file)
            let new = SchemaCommands.describe(property, in: editor.file, type: type, indexed: result.dropsIndex ? false : nil)
            return "~ property \(className).\(name): \(old) → \(new) (" + costs.joined(separator: "; ") + ")"
        }
    }
}
