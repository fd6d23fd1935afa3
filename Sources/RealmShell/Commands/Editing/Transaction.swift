import RealmFormat

/// Write transactions: `begin` stages changes until `commit` (one new version) or `rollback`;
/// outside `begin`, every change commits at once.
enum Transaction {
    /// Stages one change in the open transaction, or commits it alone.
    static func change(session: Session, description: String,
                       _ stage: (FileEditor) throws(RealmFormatError) -> Void) throws(BrowserError) {
        try change(session: session, unchanged: "") { editor throws(BrowserError) -> String? in
            try readingFile { () throws(RealmFormatError) in try stage(editor) }
            return description
        }
    }

    /// The same, for staging that reports its own errors (e.g. an unknown link target).
    static func change(session: Session, description: String,
                       _ stage: (FileEditor) throws(BrowserError) -> Void) throws(BrowserError) {
        try change(session: session, unchanged: "") { editor throws(BrowserError) -> String? in
            try stage(editor)
            return description
        }
    }

    /// Stages one change whose description depends on what staging found (a list's new size),
    /// or commits it alone. `stage` returns nil when the change turned out to change nothing
    /// (a value a set already holds): then `unchanged` is printed and nothing is written.
    static func change(session: Session, unchanged: String,
                       _ stage: (FileEditor) throws(RealmFormatError) -> String?) throws(BrowserError) {
        try change(session: session, unchanged: unchanged) { editor throws(BrowserError) -> String? in
            return try readingFile { () throws(RealmFormatError) in try stage(editor) }
        }
    }

    static func change(session: Session, unchanged: String,
                       _ stage: (FileEditor) throws(BrowserError) -> String?) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        if let editor = session.transaction {
            guard let description = try stage(editor) else {
                session.confirm(unchanged)
                return
            }
            session.pendingChanges.append(description)
            session.confirm("staged: \(description)  (\(session.pendingChanges.count) pending; 'commit' writes them)")
            return
        }
        let editor: FileEditor
        editor = try readingFile { () throws(RealmFormatError) in try FileEditor(reusing: catalog.file) }
        guard let committed = try stage(editor) else {
            session.confirm(unchanged)
            return
        }
        let summary: FileEditor.CommitSummary
        do { summary = try editor.commit() } catch {
            if case .commitFailed(_, _, .uncertain) = error { try? session.reopen() }
            throw .file(error)
        }
        try session.reopen()
        guard summary.changes > 0 else {
            // Nothing was staged (the link already pointed there): no version was committed.
            session.confirm("\(committed)  (unchanged: the file already holds that; nothing committed)")
            return
        }
        session.confirm("\(committed)  (committed version \(summary.version), \(summary.bytesWritten) bytes written)")
    }

    static let begin = CommandSpec(
        name: "begin", aliases: [], arguments: "",
        summary: "start a write transaction: changes are staged until commit or rollback",
        access: .newestVersion, completion: .nothing,
        run: { _, session throws(BrowserError) in
            let catalog = try session.requireCatalog()
            guard session.transaction == nil else { throw .notNow("a transaction is already open; 'commit' or 'rollback' it") }
            session.transaction = try readingFile { () throws(RealmFormatError) in try FileEditor(reusing: catalog.file) }
        })

    static let commit = CommandSpec(
        name: "commit", aliases: [], arguments: "[--keep-version]",
        summary: "write the staged changes as one new version of the file (--keep-version: schema changes leave the schema version)",
        access: .newestVersion, completion: .nothing,
        run: { arguments, session throws(BrowserError) in
            guard let editor = session.transaction else { throw .notNow("no transaction is open ('begin' starts one)") }
            switch arguments.trimmingWhitespace() {
            case "": break
            case "--keep-version": editor.keepsSchemaVersion = true
            case let other: throw .usage("commit [--keep-version] ('\(other)' is left over)")
            }
            let count = session.pendingChanges.count
            let summary: FileEditor.CommitSummary
            do throws(RealmFormatError) { summary = try editor.commit() } catch {
                // Undone, the commit leaves the transaction open with its changes: 'commit'
                // again (after freeing space) or 'rollback'. Only an uncertain outcome ends it.
                if case .commitFailed(_, _, .uncertain) = error {
                    session.transaction = nil
                    session.pendingChanges = []
                    try? session.reopen()
                }
                throw .file(error)
            }
            session.transaction = nil
            try session.reopen()
            session.confirm("committed \(count) change\(count == 1 ? "" : "s") as version \(summary.version) (\(summary.bytesWritten) bytes written)")
        })

    static let commitExamples = """
      begin                       stage changes ('set', 'create', 'delete', ...), then
      commit                      write them as one new version: committed N changes as version V

      A commit that fails (a full disk, a failed write or sync, a file that cannot grow) is undone:
        error: commit failed: /mnt/x.realm: No space left on device (writing the new nodes);
        the file is unchanged (version 7, 8192 bytes)
      The file keeps its old version and size, byte for byte, and the changes stay staged: free
      space and 'commit' again, or 'rollback'. Only if undoing fails too does the error say
      more: the old version kept but the file perhaps larger, or, once the new version was being
      published, that the file may hold either version (the transaction ends; open the file to
      see which).

    """

    static let rollback = CommandSpec(
        name: "rollback", aliases: ["abort"], arguments: "",
        summary: "drop the staged changes; the file is untouched",
        access: .newestVersion, completion: .nothing,
        run: { _, session throws(BrowserError) in
            guard session.transaction != nil else { throw .notNow("no transaction is open; nothing to roll back") }
            let count = session.pendingChanges.count
            session.transaction = nil
            session.pendingChanges = []
            session.confirm("rolled back \(count) change\(count == 1 ? "" : "s")")
        })

    static let status = CommandSpec(
        name: "status", aliases: [], arguments: "",
        summary: "the changes the open transaction will commit",
        access: .newestVersion, completion: .nothing,
        run: { _, session throws(BrowserError) in
            guard session.transaction != nil else {
                session.rowPrinter([OutputColumn("#", alignment: .right), OutputColumn("change")])
                    .finish(notes: ["no transaction open; changes commit at once ('begin' to stage several)"])
                return
            }
            guard session.outputMode == .table else {
                let printer = session.rowPrinter([OutputColumn("#", alignment: .right), OutputColumn("change")])
                for (index, change) in session.pendingChanges.enumerated() { printer.add([.number(index + 1), .string(change)]) }
                var notes = session.pendingChanges.isEmpty ? ["transaction open, no changes yet"] : []
                if let editor = session.transaction, editor.needsMigration {
                    notes.append(SchemaCommands.migrationNote(from: editor.schemaVersion, to: editor.newSchemaVersion, committed: false))
                }
                printer.finish(notes: notes)
                return
            }
            if session.pendingChanges.isEmpty { session.output.line("transaction open, no changes yet") }
            for (index, change) in session.pendingChanges.enumerated() { session.output.line("\(index + 1). \(change)") }
            if let editor = session.transaction, editor.needsMigration {
                session.output.line(SchemaCommands.migrationNote(from: editor.schemaVersion, to: editor.newSchemaVersion, committed: false))
            }
        })
}
