import RealmFormat
import RealmInterchange

/// What the schema-changing commands share (`rename`, `remove property|class|index|primary key`,
/// `set required|optional|primary key`, `change type`, `add index`): their arguments, the
/// classes and properties they name (as the staged changes leave them: a class renamed earlier
/// in the transaction is found by its new name), the words of `status` (`diff`'s vocabulary:
/// `~`, `-` and the types as `schema` says them, with what each change costs), and the note
/// that apps opening the file need a migration.
enum SchemaCommands {
    /// A schema command's arguments: its words, and the options it may take.
    struct Arguments {
        var words: [String]
        /// `--keep-version`: the schema version in the metadata table stays.
        var keepsVersion = false
        /// `--default VALUE`: the text after it, as typed (a literal of the query language).
        var defaultText: String?

        init(_ text: String) {
            var text = " " + text + " "
            if text.contains(" --keep-version ") {
                keepsVersion = true
                text = text.replacingOccurrences(of: " --keep-version ", with: " ")
            }
            if let range = text.range(of: " --default ") {
                defaultText = String(text[range.upperBound...]).trimmingWhitespace()
                text = String(text[..<range.lowerBound])
            }
            words = StatementSplitter.words(in: text)
        }
    }

    /// `Class.property`, split.
    static func classAndProperty(_ text: String, usage: String) throws(BrowserError) -> (className: String, property: String) {
        guard let dot = text.firstIndex(of: "."), dot != text.startIndex, text.index(after: dot) != text.endIndex else {
            throw .usage(usage)
        }
        return (String(text[..<dot]), String(text[text.index(after: dot)...]))
    }

    /// The existing class called `name` once the staged changes are applied.
    static func table(_ name: String, editor: FileEditor, session: Session) throws(BrowserError) -> Table {
        if let table = try readingFile({ () throws(RealmFormatError) in try editor.stagedTable(named: name) }) { return table }
        if editor.stagedClassNames.contains(name) {
            throw .notNow("class \(name) is added by this transaction; 'commit' it before changing its schema")
        }
        let classes = (try? readingFile { () throws(RealmFormatError) in
            try editor.file.classTables.map { table throws(RealmFormatError) in try editor.stagedClassName(of: table) }
        }) ?? []
        throw .unknownClass(name, suggestion: Suggestion.closest(to: name, among: classes))
    }

    /// The property `name` of `table` once the staged changes are applied.
    static func property(_ name: String, of table: Table, editor: FileEditor) throws(BrowserError) -> FileEditor.StagedProperty {
        let found = try readingFile { () throws(RealmFormatError) in try editor.stagedProperty(name, of: table) }
        guard let found else {
            let className = (try? readingFile { () throws(RealmFormatError) in try editor.stagedClassName(of: table) }) ?? table.displayName
            throw .unknownProperty(className: className, name: name)
        }
        return found
    }

    /// `schema`'s words for a property as it is or would be: `string (optional)`, `list of int`,
    /// `link -> Category`, `int (primary key)`.
    static func describe(_ property: FileEditor.StagedProperty, in file: RealmFile, type: ColumnType? = nil,
                         nullable: Bool? = nil, indexed: Bool? = nil, primaryKey: Bool? = nil) -> String {
        let type = type ?? property.type
        let isNullable = nullable ?? property.isNullable
        var attributes = isNullable ? 16 : 0
        switch property.collection {
        case .list?: attributes |= 32
        case .dictionary?: attributes |= 64
        case .set?: attributes |= 128
        case nil: break
        }
        let key = ColumnKey(rawValue: Int64(type.rawValue) << 16 | Int64(attributes) << 22)
        let column = Column(name: property.name, key: key, type: type, isNullable: isNullable, collection: property.collection,
                            isIndexed: indexed ?? property.isIndexed, isFullTextIndexed: indexed == nil && (property.column?.isFullTextIndexed ?? false),
                            isPrimaryKey: primaryKey ?? property.isPrimaryKey, targetTableKey: property.column?.targetTableKey,
                            oppositeColumnKey: nil, specIndex: 0, enumValuesRef: nil)
        return SchemaVocabulary.typeDescription(column, in: file)
    }

    /// `3 values`, `1 value`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : (noun.hasSuffix("s") ? "es" : "s"))"
    }

    /// Stages a schema change in the open transaction, or commits it alone (as `set` does), then
    /// says what apps need: `stage` returns the line `status` shows for it.
    static func apply(_ arguments: Arguments, session: Session, needsMigration: Bool,
                      _ stage: (FileEditor) throws(BrowserError) -> String) throws(BrowserError) {
        let before = session.file.flatMap(SchemaCommands.schemaVersion(of:))
        let alreadyNoted = session.transaction?.needsMigration ?? false
        try Transaction.change(session: session, unchanged: "") { editor throws(BrowserError) -> String? in
            if arguments.keepsVersion { editor.keepsSchemaVersion = true }
            return try stage(editor)
        }
        guard needsMigration else { return }
        if let editor = session.transaction {
            if !alreadyNoted || arguments.keepsVersion { session.confirm(migrationNote(from: before, to: editor.newSchemaVersion, committed: false)) }
            return
        }
        let after = session.file.flatMap(SchemaCommands.schemaVersion(of:))
        session.confirm(migrationNote(from: before, to: after != before ? after : nil, committed: true))
    }

    /// The schema version of an open file (the metadata table's one object, §4.6).
    static func schemaVersion(of file: RealmFile) -> Int64? {
        guard let table = file.table(named: "metadata"), let column = table.column(named: "version"),
              let found = try? table.objects.leaf(atPosition: 0),
              case let .int(version)? = try? ColumnLeafReader(leaf: found.leaf, column: column).value(at: found.row) else { return nil }
        return version
    }

    /// What apps opening the file need after a change of its schema.
    static func migrationNote(from old: Int64?, to new: Int64?, committed: Bool) -> String {
        let apps = "apps: an app opening this file needs a migration for this schema"
        guard let new, let old else {
            return apps + " (the schema version stays \(old.map(String.init) ?? "unset"))"
        }
        return apps + (committed ? "; the schema version is now \(new) (was \(old))" : "; commit raises the schema version \(old) → \(new)")
            + ": declare schemaVersion \(new) with a migration block"
    }
}

extension SchemaCommands {
    /// The objects that block a change, one per line as `show` addresses them (by primary key
    /// where the class has one), with the value that blocks: what a refusal lists.
    static func blockers(_ keys: [Int64], total: Int, table: Table, column: Column, file: RealmFile) -> String {
        let catalog = Catalog(file: file)
        let formatter = ValueFormatter()
        var lines: [String] = []
        for key in keys {
            guard let object = try? catalog.object(in: table, key: key) else { continue }
            var address = "\(table.displayName)[_key = \(key)]"
            if let primaryKey = table.primaryKey, let value = try? object.value(of: primaryKey) {
                address = "\(table.displayName)[\(primaryKey.name) = \(DiffTextRenderer.literal(value, formatter: formatter))]"
            }
            var shown = ""
            if let value = try? object.value(of: column) {
                shown = formatter.preview(value, link: { tableKey, linked in catalog.linkLabel(table: tableKey, key: linked) })
            }
            lines.append("  \(address)  \(shown)")
        }
        if total > keys.count { lines.append("  … and \(total - keys.count) more") }
        return lines.joined(separator: "\n")
    }

    /// How many blockers a refusal lists.
    static let blockerLimit = 10
}
