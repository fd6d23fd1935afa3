#if canImport(Glibc)
import Glibc
#endif
import CSQLite
import RealmFormat

/// The SQLite database `export sqlite` writes, opened on its temporary file. Statements are
/// prepared from the layout's text (quoted names, never values: values are bound). SQLite's
/// errors become `InterchangeError`s naming the file the user asked for; Ctrl-C (the current
/// `Cancellation`) interrupts SQLite's own long steps (an index being built, the commit)
/// through its progress handler, as the leaf loops check it between leaves.
final class SQLiteConnection {
    private(set) var handle: OpaquePointer?
    /// The file the user asked for, which messages name (not the temporary one).
    let path: String
    private let cancellation: Cancellation?

    init(creating temporaryPath: String, reportingAs path: String) throws(InterchangeError) {
        self.path = path
        cancellation = Cancellation.current
        var handle: OpaquePointer?
        let status = sqlite3_open_v2(temporaryPath, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        self.handle = handle
        guard status == SQLITE_OK else {
            let failure = error(status)
            close()
            throw failure
        }
        sqlite3_extended_result_codes(handle, 1)
        if let cancellation {
            sqlite3_progress_handler(handle, 10_000, { context in
                guard let context else { return 0 }
                return Unmanaged<Cancellation>.fromOpaque(context).takeUnretainedValue().isRequested ? 1 : 0
            }, Unmanaged.passUnretained(cancellation).toOpaque())
        }
    }

    deinit { close() }

    func close() {
        guard let handle else { return }
        // Every statement is finalized by then (they belong to the writers that made them).
        sqlite3_close_v2(handle)
        self.handle = nil
    }

    /// Runs SQL that binds nothing (pragmas, `CREATE`, `BEGIN`, `COMMIT`).
    func execute(_ sql: String) throws(InterchangeError) {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status) }
    }

    func prepare(_ sql: String) throws(InterchangeError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        return SQLiteStatement(statement, connection: self)
    }

    /// Rows inserted by one step: enough that SQLite's per-statement work is spread thin,
    /// within SQLite's limit on parameters (256 rather than 64: 7% less CPU on the
    /// 1,000,000-object demo database, BENCHMARKS.md "Issue 30").
    static let rowsPerInsert = 256

    /// The insert of `table`'s rows, `rowsPerInsert` at a time (fewer for a very wide table).
    func prepareInsert(into table: SQLiteTable) throws(InterchangeError) -> SQLiteStatement {
        let width = table.columns.count
        let limit = Int(sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
        let rows = max(1, min(Self.rowsPerInsert, limit / max(1, width)))
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, table.insertStatement(rows: rows), -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        return SQLiteStatement(statement, connection: self, rowsPerStep: Int32(rows), width: Int32(width))
    }

    /// The error SQLite reported with `status`: `.interrupted` when Ctrl-C stopped it; else
    /// SQLite's message, with the system's reason when a system call failed ("database or
    /// disk is full (No space left on device)").
    func error(_ status: Int32) -> InterchangeError {
        if status & 0xFF == SQLITE_INTERRUPT, cancellation?.isRequested == true { return .interrupted }
        guard let handle else { return .cannotWrite(path: path, reason: String(cString: sqlite3_errstr(status))) }
        var reason = String(cString: sqlite3_errmsg(handle))
        // SQLite's unix VFS forgets the errno of a write that found no space (it reports
        // SQLITE_FULL, which with no page limit set means exactly that): say it as the system does.
        var system = sqlite3_system_errno(handle)
        if system == 0, status & 0xFF == SQLITE_FULL { system = ENOSPC }
        if system != 0, [SQLITE_FULL, SQLITE_IOERR, SQLITE_CANTOPEN].contains(status & 0xFF) {
            reason += " (" + String(cString: strerror(system)) + ")"
        }
        return .cannotWrite(path: path, reason: reason)
    }
}
