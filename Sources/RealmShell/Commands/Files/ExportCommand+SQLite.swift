import RealmFormat
import RealmInterchange

/// `export sqlite FILE [CLASS...]`: the open file as one SQLite database (docs/sqlite-export.md),
/// written by RealmInterchange's `SQLiteExporter` all at once or not at all.
extension ExportCommand {
    static let sqliteUsage = "export sqlite FILE [CLASS...]   (no CLASS: every table of the file)"

    /// `words`: FILE, then the classes (none: every table, `metadata` included).
    static func runSQLite(_ words: [String], catalog: Catalog, session: Session) throws(BrowserError) {
        guard let path = words.first else { throw .usage(sqliteUsage) }
        let file = catalog.file
        let names = Array(words.dropFirst())
        // 'export sqlite Dog out.sqlite' put the class first: writing a file named Dog would surprise.
        if file.tables.contains(where: { $0.className == path || $0.name == path }),
           names.isEmpty || !file.tables.contains(where: { $0.className == names[0] || $0.name == names[0] }) {
            throw .usage("export sqlite \(words.joined(separator: " ")): the file comes first, then the classes (or ./\(path) for a file called \(path)); " + sqliteUsage)
        }
        try OpenFileGuard.refuse(path, in: session)
        let tables = try sqliteTables(names, catalog: catalog, embedded: "its objects are exported with the classes that own them")
        let total = tables.reduce(0) { $0 + $1.objects.count }
        let progress = ProgressReporter(total: total, label: "export")
        defer { progress.finish() }
        let summary = try interchanging { () throws(InterchangeError) in
            try SQLiteExporter(file: file, progress: progress).write(tables, to: path)
        }
        progress.finish()
        for rename in summary.renames { session.confirm("note: \(rename)") }
        let classes = tables.filter { $0.className != nil }.count
        let others = tables.count - classes
        session.confirm("exported \(summary.objects) object\(summary.objects == 1 ? "" : "s") of \(classes) class\(classes == 1 ? "" : "es")"
                        + (others == 0 ? "" : " and \(others) other table\(others == 1 ? "" : "s")")
                        + " to \(path) (\(summary.tables) SQLite table\(summary.tables == 1 ? "" : "s"))")
    }
}

extension ExportCommand {
    /// The tables of the SQLite file for the classes `names` (all when empty) and the embedded
    /// classes they own; an embedded class named alone is refused (`embedded` says why), as it
    /// has no table without its owners. `models grdb` asks the same, so its records are the
    /// export's tables.
    static func sqliteTables(_ names: [String], catalog: Catalog, embedded: String) throws(BrowserError) -> [Table] {
        let file = catalog.file
        guard !names.isEmpty else { return file.tables }
        var named: [Table] = []
        for name in names {
            let table = try catalog.table(named: name)
            guard table.kind != .embedded else { throw .invalidValue("\(table.displayName) is an embedded class: \(embedded)") }
            named.append(table)
        }
        return SQLiteExporter.tables(for: named, in: file)
    }
}
