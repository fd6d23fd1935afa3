import RealmFormat

/// `add index CLASS.PROPERTY`, `remove index CLASS.PROPERTY`, `set primary key CLASS.PROPERTY`
/// and `remove primary key CLASS`: realm-core's `Table::add_search_index`,
/// `remove_search_index` and `set_primary_key_column`. An index change needs no migration (the
/// object store adds and drops indexes itself); a new primary key does, and is refused while
/// objects share a value or hold null (they are listed).
enum IndexChanges {
    static let addUsage = "add index CLASS.PROPERTY"
    static let primaryUsage = "set primary key CLASS.PROPERTY   [--keep-version]"

    /// `add index CLASS.PROPERTY`
    static func addIndex(_ text: String, _ session: Session) throws(BrowserError) {
        let arguments = SchemaCommands.Arguments(text)
        guard arguments.words.count == 1, arguments.defaultText == nil else { throw .usage(addUsage) }
        try setIndex(arguments.words[0], indexed: true, arguments: arguments, session: session, usage: addUsage)
    }

    /// `remove index CLASS.PROPERTY` and `remove primary key CLASS`.
    static func remove(_ words: [String], arguments: SchemaCommands.Arguments, session: Session) throws(BrowserError) {
        if words[0].lowercased() == "index", words.count == 2 {
            try setIndex(words[1], indexed: false, arguments: arguments, session: session, usage: SchemaRemoval.usage)
            return
        }
        guard words.count == 3, words[0].lowercased() == "primary", words[1].lowercased() == "key" else { throw .usage(SchemaRemoval.usage) }
        let className = words[2]
        try SchemaCommands.apply(arguments, session: session, needsMigration: true) { editor throws(BrowserError) -> String in
            let table = try SchemaCommands.table(className, editor: editor, session: session)
            let current = try readingFile { () throws(RealmFormatError) in try editor.stagedProperties(of: table).first(where: \.isPrimaryKey) }
            try readingFile { () throws(RealmFormatError) in try editor.setPrimaryKey(nil, of: table) }
            return "~ class \(className): primary key \(current?.name ?? "none") → none ("
                + SchemaCommands.count(table.objects.count, "object") + " keep their keys)"
        }
    }

    /// Whether `set ARGUMENTS` is `set primary key CLASS.PROPERTY`.
    static func isPrimaryKeyChange(_ arguments: String) -> Bool {
        let words = StatementSplitter.words(in: arguments)
        return words.count >= 3 && words[0].lowercased() == "primary" && words[1].lowercased() == "key" && words[2] != "="
    }

    /// `set primary key CLASS.PROPERTY`
    static func setPrimaryKey(_ text: String, _ session: Session) throws(BrowserError) {
        let arguments = SchemaCommands.Arguments(text)
        let words = arguments.words
        guard words.count == 3, arguments.defaultText == nil else { throw .usage(primaryUsage) }
        let (className, name) = try SchemaCommands.classAndProperty(words[2], usage: primaryUsage)
        try SchemaCommands.apply(arguments, session: session, needsMigration: true) { editor throws(BrowserError) -> String in
            let table = try SchemaCommands.table(className, editor: editor, session: session)
            let property = try SchemaCommands.property(name, of: table, editor: editor)
            let current = try readingFile { () throws(RealmFormatError) in try editor.stagedProperties(of: table).first(where: \.isPrimaryKey) }
            if let column = property.column, !property.isChanged, current?.name != name,
               [.int, .string, .objectId, .uuid].contains(column.type), column.collection == nil {
                let blockers = try readingFile { () throws(RealmFormatError) in
                    try editor.primaryKeyBlockers(name, of: table, limit: SchemaCommands.blockerLimit)
                }
                if blockers.total > 0 {
                    throw .invalidValue("\(name) cannot be the primary key of \(className): "
                        + "\(SchemaCommands.count(blockers.total, "object")) hold null or a value another object holds too; nothing changed:\n"
                        + SchemaCommands.blockers(blockers.keys, total: blockers.total, table: table, column: column, file: editor.file))
                }
            }
            try readingFile { () throws(RealmFormatError) in try editor.setPrimaryKey(name, of: table) }
            return "~ class \(className): primary key \(current?.name ?? "none") → \(name) ("
                + SchemaCommands.count(table.objects.count, "unique value") + (property.isIndexed ? "" : "; index built") + ")"
        }
    }

    private static func setIndex(_ target: String, indexed: Bool, arguments: SchemaCommands.Arguments, session: Session,
                                 usage: String) throws(BrowserError) {
        let (className, name) = try SchemaCommands.classAndProperty(target, usage: usage)
        try SchemaCommands.apply(arguments, session: session, needsMigration: false) { editor throws(BrowserError) -> String in
            let table = try SchemaCommands.table(className, editor: editor, session: session)
            let property = try SchemaCommands.property(name, of: table, editor: editor)
            let objects = try readingFile { () throws(RealmFormatError) in try editor.setIndexed(name, of: table, indexed) }
            let old = SchemaCommands.describe(property, in: editor.file)
            let new = SchemaCommands.describe(property, in: editor.file, indexed: indexed)
            let cost = indexed ? "index built over " + SchemaCommands.count(objects, "object") : "index dropped"
            return "~ property \(className).\(name): \(old) → \(new) (\(cost); no migration needed)"
        }
    }
}
