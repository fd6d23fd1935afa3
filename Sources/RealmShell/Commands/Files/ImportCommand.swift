import RealmFormat
import RealmInterchange

/// `import csv|json FILE CLASS [--skip-bad]`: objects from a CSV file (as `export csv` writes
/// it, or from a spreadsheet) or a JSON file (as `export json` writes it). Into an existing
/// class, values are read as its schema requires; into a new class, types are inferred and
/// reported, and the class is written with its objects in one commit. Every record is checked
/// first: bad ones are reported by position and nothing is written, unless `--skip-bad`
/// imports the valid ones.
enum ImportCommand {
    /// A format, a file name, a class, then the options.
    static let completion = ArgumentCompletion { context in
        if context.position == 0 { return context.words(ImportSource.formats) }
        if context.position == 1 { return nil }
        return context.position == 2 ? context.classNames() : context.words(["--skip-bad", "--primary"])
    }

    static let usage = "import csv|json FILE CLASS [--skip-bad] [--primary PROPERTY]   (--primary: for a new class)"

    static let spec = CommandSpec(
        name: "import", aliases: [], arguments: "csv|json FILE CLASS [--skip-bad] [--primary PROPERTY]",
        summary: "add objects from a CSV or JSON file to a class (types from its schema), or to a new class (types inferred)",
        access: .newestVersion, completion: ImportCommand.completion,
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    /// Bad rows listed before the rest are summarised.
    static let shownBadRows = 20

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        var words = StatementSplitter.words(in: arguments)
        let skipBad = words.contains("--skip-bad")
        words.removeAll { $0 == "--skip-bad" }
        var primaryKey: String?
        if let flag = words.firstIndex(of: "--primary") {
            guard flag + 1 < words.count else { throw .usage(usage) }
            primaryKey = words[flag + 1]
            words.removeSubrange(flag...(flag + 1))
        }
        guard words.count == 3, ImportSource.formats.contains(words[0].lowercased()) else { throw .usage(usage) }
        let (path, className) = (words[1], words[2])
        guard let source = try interchanging({ () throws(InterchangeError) in try ImportSource.read(words[0], path: path, className: className) }) else { throw .usage(usage) }
        let existing = catalog.file.tables.first { $0.className == className }
        var newColumns: [NewColumn?]?
        let plan: ImportPlan
        if let existing {
            guard primaryKey == nil else { throw .usage("--primary names the primary key of a new class; \(className) exists already") }
            let links = LinkTargetIndex(translations: session.importedKeys[catalog.file.path] ?? [:])
            plan = try interchanging { () throws(InterchangeError) in try source.plan(into: existing, file: catalog.file, path: path, links: links) }
        } else {
            // A new class and its properties follow add class's naming rules, so they can be
            // shown and queried afterwards ("first name" could not).
            try AddClassCommand.checkName(className, of: "a class")
            let columns = try interchanging { () throws(InterchangeError) in try source.columns(path: path) }
            for column in columns.compactMap({ $0 }) {
                do { try AddClassCommand.checkName(column.name, of: "a property") } catch {
                    throw .invalidInput(path: path, reason: "\(error); rename the \(source.recordNoun == "row" ? "column in the header" : "member in the records")")
                }
            }
            if let primaryKey {
                guard let column = columns.compactMap({ $0 }).first(where: { $0.name == primaryKey }) else {
                    throw .invalidValue("--primary \(primaryKey): \(source.noSuchProperty)")
                }
                guard column.collection == nil, column.type == .int || column.type == .string else {
                    throw .invalidValue("--primary \(primaryKey): a primary key is an int or a string, and this \(source.recordNoun == "row" ? "column" : "property") reads as \(describe(column))")
                }
            }
            newColumns = columns
            plan = try interchanging { () throws(InterchangeError) in try source.plan(newColumns: columns, primaryKey: primaryKey, path: path) }
            session.confirm("new class \(className) (\(describe(columns.compactMap { $0 }, primaryKey: primaryKey))), types inferred from \(path)")
        }
        if plan.ignoredKeyColumn {
            session.confirm("note: Realm gives the new objects their own keys; links to them by _key in files imported next are translated")
        }
        try report(plan.badRows, noun: source.recordNoun, skipBad: skipBad, path: path, session: session)
        guard !plan.rows.isEmpty || newColumns != nil else {
            session.confirm("nothing to import: \(path) has no valid \(source.recordNoun)s")
            return
        }
        if let newColumns {
            let columns = newColumns.compactMap { $0 }
            let rows = plan.rows.map(\.ordered)
            let committing = session.transaction == nil
            // Worded like the import into an existing class: 'imported' once committed.
            let description = "\(committing ? "imported" : "import") \(rows.count) object\(rows.count == 1 ? "" : "s") into new class \(className)"
            try Transaction.change(session: session, description: description) { editor throws(RealmFormatError) in
                try editor.addClass(className, columns: columns, primaryKey: primaryKey, rows: rows)
            }
            if committing {
                let sequence = (0..<Int64(rows.count))
                let keys = primaryKey == nil ? sequence.map(ObjectKeys.squeezed) : Array(sequence)
                remember(plan.keyTranslations(to: keys), table: Table.classPrefix + className, session: session)
            }
            return
        }
        guard let existing else { return }
        try importObjects(plan, into: existing, session: session)
    }

    static func describe(_ columns: [NewColumn], primaryKey: String?) -> String {
        columns.map { "\($0.name) \(describe($0))\($0.name == primaryKey ? " primary" : "")" }.joined(separator: ", ")
    }

    /// A property's type as `add class` declares it: `string?`, `int[]`.
    static func describe(_ column: NewColumn) -> String {
        SchemaVocabulary.userTypeName(column.type) + (column.isNullable ? "?" : "") + (column.collection == .list ? "[]" : "")
    }

    private static func report(_ badRows: [ImportPlan.BadRow], noun: String, skipBad: Bool, path: String, session: Session) throws(BrowserError) {
        guard !badRows.isEmpty else { return }
        var lines = badRows.prefix(shownBadRows).map { "  \($0.position): \($0.reason)" }
        if badRows.count > shownBadRows { lines.append("  ... and \(badRows.count - shownBadRows) more") }
        let count = "\(badRows.count) bad \(noun)\(badRows.count == 1 ? "" : "s")"
        guard skipBad else {
            throw .invalidInput(path: path, reason: "\(count), nothing imported ('--skip-bad' imports the valid \(noun)s):\n" + lines.joined(separator: "\n"))
        }
        session.confirm("skipping \(count):")
        for line in lines { session.confirm(line) }
    }

    /// New objects in an existing class and their links, staged all at once: committed as one
    /// new version, or left in the open transaction.
    private static func importObjects(_ plan: ImportPlan, into table: Table, session: Session) throws(BrowserError) {
        let count = plan.rows.count
        let description = "import \(count) object\(count == 1 ? "" : "s") into \(table.displayName)"
        if let editor = session.transaction {
            _ = try readingFile { () throws(RealmFormatError) in try editor.stagingAll { () throws(RealmFormatError) -> [Int64] in try stage(plan, into: table, editor: editor) } }
            session.pendingChanges.append(description)
            session.confirm("staged: \(description)  (\(session.pendingChanges.count) pending; 'commit' writes them)")
            return
        }
        guard let file = session.file else { throw .noFileOpen }
        var keys: [Int64] = []
        let summary: FileEditor.CommitSummary
        do throws(RealmFormatError) {
            let editor = try FileEditor(reusing: file)
            keys = try stage(plan, into: table, editor: editor)
            summary = try editor.commit()
        } catch {
            if case .commitFailed(_, _, .uncertain) = error { try? session.reopen() }
            throw .file(error)
        }
        try session.reopen()
        remember(plan.keyTranslations(to: keys), table: table.name, session: session)
        session.confirm("imported \(count) object\(count == 1 ? "" : "s") into \(table.displayName)  (committed version \(summary.version), \(summary.bytesWritten) bytes written)")
    }

    /// Stages one `create` per row, then the links of the new objects; returns their keys.
    private static func stage(_ plan: ImportPlan, into table: Table, editor: FileEditor) throws(RealmFormatError) -> [Int64] {
        guard let editTable = editor.file.table(named: table.name) else {
            throw .cannotWrite(path: editor.path, reason: "the file changed; open it again")
        }
        func column(_ property: String) throws(RealmFormatError) -> Column {
            guard let column = editTable.column(named: property) else { throw .refusedEdit("no property \(property)") }
            return column
        }
        var keys: [Int64] = []
        keys.reserveCapacity(plan.rows.count)
        // Ctrl-C may stop the staging: `stagingAll` then rolls back what this import staged,
        // and the transaction keeps exactly the changes it had.
        for (index, row) in plan.rows.enumerated() {
            if index & 255 == 0 { try Cancellation.check() }
            var values: [(column: Column, value: RealmValue)] = []
            for (property, value) in row.values { values.append((try column(property), value)) }
            keys.append(try editor.create(in: editTable, values: values))
        }
        for (index, (row, key)) in zip(plan.rows, keys).enumerated() {
            if index & 255 == 0 { try Cancellation.check() }
            for (property, cell) in row.links {
                switch cell {
                case let .link(target?): try editor.setLink(to: target, column: try column(property), table: editTable, key: key)
                case let .linkList(targets): try editor.setLinkList(targets, column: try column(property), table: editTable, key: key)
                case let .embedded(values):
                    let link = try column(property)
                    try editor.setEmbedded(try values.map { values throws(RealmFormatError) in try embeddedColumns(values, of: link, editor: editor) },
                                           column: link, table: editTable, key: key)
                case let .stored(value): try editor.replaceStored(value, column: try column(property), table: editTable, key: key)
                case let .embeddedList(objects):
                    let link = try column(property)
                    for values in objects {
                        try editor.appendEmbedded(try embeddedColumns(values, of: link, editor: editor), column: link, table: editTable, key: key)
                    }
                default: break
                }
            }
        }
        return keys
    }

    /// The properties of an embedded object as columns of the embedded class.
    private static func embeddedColumns(_ values: ImportedCell.EmbeddedValues, of link: Column,
                                        editor: FileEditor) throws(RealmFormatError) -> [(column: Column, value: RealmValue)] {
        guard let target = link.targetTableKey.flatMap({ editor.file.table(withKey: $0) }) else {
            throw .refusedEdit("\(link.name) links to a table the file does not have")
        }
        var columns: [(column: Column, value: RealmValue)] = []
        for (property, value) in values {
            guard let column = target.column(named: property) else { throw .refusedEdit("no property \(property)") }
            columns.append((column, value))
        }
        return columns
    }

    /// Records which key each exported `_key` became, for links imported later in the session.
    private static func remember(_ translations: [Int64: Int64], table: String, session: Session) {
        guard !translations.isEmpty, let path = session.file?.path else { return }
        session.importedKeys[path, default: [:]][table, default: [:]].merge(translations) { $1 }
    }
}
