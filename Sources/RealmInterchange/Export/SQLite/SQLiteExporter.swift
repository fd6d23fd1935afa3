import Foundation
#if canImport(Glibc)
import Glibc
#endif
import RealmFormat

/// `export sqlite`: tables of a realm as one SQLite file, relations kept and no value lost, in
/// the mapping of docs/sqlite-export.md (`SQLiteLayout`, `SQLiteBinding`).
///
/// SQLite itself writes the file, through prepared statements. All of it is one transaction
/// in a temporary file beside the target (`ReplacementFile`), synced and renamed over the
/// target only once whole: Ctrl-C, a full disk or any error leave the old file (or none) and
/// no temporary one; the realm is only read. Tables are created first, then filled class by
/// class, leaf by leaf (`SQLiteTableWriter`), and indexed last, which builds each index
/// in one sorted pass instead of updating it row by row. SQLite keeps no journal (nothing is
/// ever rolled back: a failed file is deleted) and syncs nothing until the end.
public struct SQLiteExporter {
    public let file: RealmFile
    public let progress: ProgressListener

    /// What one export wrote.
    public struct Summary: Sendable, Equatable {
        /// Objects written (of every class exported).
        public let objects: Int
        /// Tables in the file: a class's and one per list, set and dictionary property.
        public let tables: Int
        /// Names the mapping had to change (`SQLiteLayout.renames`), for the user to be told.
        public let renames: [String]
    }

    /// The page cache SQLite may use (KiB), SQLite's default size. Rows are appended in key
    /// order, so only the growing ends of the tables need to stay cached; and it also bounds the
    /// runs SQLite sorts in memory to build an index, which a larger cache makes slower, not
    /// faster (the 6,000,000-entry index of the demo database's list: 2.6-2.8 s of user CPU with
    /// 2 MB, 6.8 s with 64 MB; BENCHMARKS.md "Issue 30").
    static let cacheKiB = 2_048

    public init(file: RealmFile, progress: ProgressListener) {
        self.file = file
        self.progress = progress
    }

    /// Writes `tables` (the classes asked for and the embedded classes they own, or every table)
    /// to `path`, replacing what is there.
    public func write(_ tables: [Table], to path: String) throws(InterchangeError) -> Summary {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw .cannotWrite(path: path, reason: "it exists and is not a regular file")
        }
        let replacement = ReplacementFile(replacing: path)
        replacement.discard()
        let layout = SQLiteLayout(file: file, tables: tables)
        do throws(InterchangeError) {
            try fill(layout, tables: tables, at: replacement.temporaryPath, reportingAs: path)
            try Self.sync(replacement.temporaryPath, reportingAs: path)
            if stat(path, &status) == 0 { chmod(replacement.temporaryPath, status.st_mode & 0o7777) }
            if let reason = replacement.putInPlace(syncingDirectory: true) { throw .cannotWrite(path: path, reason: reason) }
        } catch {
            replacement.discard()
            throw error
        }
        return Summary(objects: tables.reduce(0) { $0 + $1.objects.count }, tables: layout.tables.count, renames: layout.renames)
    }

    /// Creates the tables, writes every row and the indexes in one transaction, and closes the
    /// database (the connection ends with this call).
    private func fill(_ layout: SQLiteLayout, tables: [Table], at temporaryPath: String, reportingAs path: String) throws(InterchangeError) {
        let connection = try SQLiteConnection(creating: temporaryPath, reportingAs: path)
        defer { connection.close() }
        try connection.execute("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA locking_mode=EXCLUSIVE; "
                               + "PRAGMA cache_size=-\(Self.cacheKiB)")
        try connection.execute("BEGIN")
        for table in layout.tables { try connection.execute(table.createStatement) }
        let binding = SQLiteBinding(file: file, tableNames: layout.tableNames)
        var done = 0
        var leaves = 0
        for realm in tables {
            guard let objects = layout.tables.first(where: { Self.holdsObjects(of: realm, $0) }) else { continue }
            let collections = layout.tables.filter { table in
                if case let .collection(owner, _) = table.content { return owner.key == realm.key }
                return false
            }
            try SQLiteTableWriter(table: objects, collectionTables: collections, binding: binding)
                .write(realm, connection: connection, progress: progress, done: &done, leaves: &leaves)
        }
        for table in layout.tables {
            for index in table.indexes { try connection.execute(index.createStatement(on: table.name)) }
        }
        try connection.execute("COMMIT")
    }

    private static func holdsObjects(of realm: Table, _ table: SQLiteTable) -> Bool {
        if case let .objects(candidate) = table.content { return candidate.key == realm.key }
        return false
    }

    /// SQLite was told not to sync; the whole file is synced once before it is put in place.
    private static func sync(_ temporaryPath: String, reportingAs path: String) throws(InterchangeError) {
        let descriptor = open(temporaryPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0, fsync(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            throw .cannotWrite(path: path, reason: reason)
        }
        close(descriptor)
    }
}

extension SQLiteExporter {
    /// The tables exported for `classes`: those, and the embedded classes their objects own
    /// (at any depth), in the file's order.
    public static func tables(for classes: [Table], in file: RealmFile) -> [Table] {
        var chosen = Set(classes.map(\.key))
        var pending = classes
        while let table = pending.popLast() {
            for column in table.columns where column.isLink {
                guard let key = column.targetTableKey, let target = file.table(withKey: key), target.kind == .embedded,
                      chosen.insert(key).inserted else { continue }
                pending.append(target)
            }
        }
        return file.tables.filter { chosen.contains($0.key) }
    }
}

extension SQLiteExporter {
    /// The file `write` makes, for `serve`'s download: written in a private directory of its
    /// own (mode 0700, under `temporaryDirectory`: `$TMPDIR` or /tmp), opened, and its name and
    /// directory removed at once, also when the export fails; the bytes are then only behind
    /// the returned descriptor (see `UnlinkedFile`).
    public func unlinkedFile(of tables: [Table], temporaryDirectory: String? = nil) throws(InterchangeError) -> UnlinkedFile {
        let base = temporaryDirectory ?? getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/realm-browser-sqlite-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard let made else { throw .cannotWrite(path: base, reason: String(cString: strerror(errno))) }
        let directory = String(cString: made)
        let path = directory + "/export.sqlite"
        defer {
            unlink(path)
            rmdir(directory)
        }
        _ = try write(tables, to: path)
        return try UnlinkedFile.openAndUnlink(path, what: "the exported file")
    }
}
