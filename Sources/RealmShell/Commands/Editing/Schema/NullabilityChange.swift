import RealmFormat
import RealmInterchange

/// `set required CLASS.PROPERTY [--default VALUE]` and `set optional CLASS.PROPERTY` (the `set`
/// command's schema forms): realm-core's `Table::set_nullability`. Required is refused while
/// objects hold null (they are listed), unless `--default` gives the value nulls become.
enum NullabilityChange {
    static let usage = "set required CLASS.PROPERTY [--default VALUE]  or  set optional CLASS.PROPERTY   [--keep-version]"

    /// Whether `set ARGUMENTS` is this form: `required` or `optional`, then a `CLASS.PROPERTY`
    /// (`set required = 5`, after `cd`, sets a property called required).
    static func isSchemaChange(_ arguments: String) -> Bool {
        let words = StatementSplitter.words(in: arguments)
        guard words.count >= 2, ["required", "optional"].contains(words[0].lowercased()) else { return false }
        return words[1] != "=" && words[1].contains(".")
    }

    static func run(_ text: String, _ session: Session) throws(BrowserError) {
        let arguments = SchemaCommands.Arguments(text)
        let words = arguments.words
        guard words.count == 2 else { throw .usage(usage) }
        let nullable = words[0].lowercased() == "optional"
        guard !nullable || arguments.defaultText == nil else { throw .usage(usage + " (--default is for required)") }
        let (className, name) = try SchemaCommands.classAndProperty(words[1], usage: usage)
        try SchemaCommands.apply(arguments, session: session, needsMigration: true) { editor throws(BrowserError) -> String in
            let table = try SchemaCommands.table(className, editor: editor, session: session)
            let property = try SchemaCommands.property(name, of: table, editor: editor)
            try readingFile { () throws(RealmFormatError) in try editor.checkNullabilityChange(name, of: table, nullable: nullable) }
            var replacement: RealmValue?
            if let defaultText = arguments.defaultText, let column = property.column {
                replacement = try ValueCoercion.value(typed: defaultText, for: column, className: className)
                guard replacement != .null else { throw .invalidValue("the default of a required property cannot be null") }
            }
            if !nullable, replacement == nil, let column = property.column {
                let conversion = ValueConversion(to: column.type, isNullable: false) { $0 == .null ? nil : $0 }
                let blockers = try readingFile { () throws(RealmFormatError) in
                    try editor.conversionBlockers(name, of: table, conversion, limit: SchemaCommands.blockerLimit)
                }
                if blockers.total > 0 {
                    throw .invalidValue("\(SchemaCommands.count(blockers.total, "object")) of \(className) hold null in \(name); "
                        + "nothing changed (give --default VALUE for them, or set them first):\n"
                        + SchemaCommands.blockers(blockers.keys, total: blockers.total, table: table, column: column, file: editor.file))
                }
            }
            let result = try readingFile { () throws(RealmFormatError) in
                try editor.setNullability(name, of: table, nullable: nullable, default: replacement)
            }
            var costs = [SchemaCommands.count(result.values, "value") + " kept"]
            if result.nullsReplaced > 0, let replacement {
                costs.append(SchemaCommands.count(result.nullsReplaced, "null") + " become "
                             + ValueFormatter().detail(replacement, link: { _, _ in "" }))
            }
            let old = SchemaCommands.describe(property, in: editor.file)
            let new = SchemaCommands.describe(property, in: editor.file, nullable: nullable)
            return "~ property \(className).\(name): \(old) → \(new) (" + costs.joined(separator: "; ") + ")"
        }
    }
}
