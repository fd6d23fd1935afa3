import CSQLite

/// A prepared statement of `export sqlite` inserting `rowsPerStep` rows of `width` columns at a
/// time (`SQLiteTable.insertStatement(rows:)`): a row's parameters are bound by column number
/// (from 1), which `offset` moves to the row being filled, and `endRow` steps the statement
/// once every row of it is bound. One step for many rows spares SQLite most of its per-statement
/// work (the demo database's lists are 6,000,000 rows). `flush` inserts the rows of a last,
/// partial step: the statement keeps only rows whose first column is not NULL, and it is bound
/// NULL in the rows not filled (that column is `_key` or `owner`, never NULL).
///
/// A failure (SQLite's, e.g. a full disk) is kept rather than thrown, since values are bound from
/// the non-throwing calls of `LeafValueFormat`; the writer asks for it after each object
/// (`checkFailure`) and stops there. After a failure the statement steps no more.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection
    /// The first failure of this statement.
    private(set) var failure: InterchangeError?
    let rowsPerStep: Int32
    let width: Int32
    /// The row being bound, and where its parameters start (`row * width`).
    private var row: Int32 = 0
    private var offset: Int32 = 0

    /// Text for empty strings: SQLite binds a null pointer as NULL, and "" is not null.
    private static let empty: StaticString = ""

    init(_ handle: OpaquePointer, connection: SQLiteConnection, rowsPerStep: Int32 = 1, width: Int32 = 0) {
        self.handle = handle
        self.connection = connection
        self.rowsPerStep = max(1, rowsPerStep)
        self.width = width
    }

    deinit { sqlite3_finalize(handle) }

    @inline(__always)
    private func check(_ status: Int32) {
        if status != SQLITE_OK, failure == nil { failure = connection.error(status) }
    }

    @inline(__always)
    func bindNull(_ index: Int32) {
        check(sqlite3_bind_null(handle, index + offset))
    }

    @inline(__always)
    func bind(_ index: Int32, integer: Int64) {
        check(sqlite3_bind_int64(handle, index + offset, integer))
    }

    @inline(__always)
    func bind(_ index: Int32, real: Double) {
        check(sqlite3_bind_double(handle, index + offset, real))
    }

    /// UTF-8 text. `inPlace`: the bytes stay where they are until the row is stepped (the
    /// realm's memory), so SQLite reads them there instead of copying them first.
    @inline(__always)
    func bind(_ index: Int32, text: UnsafeRawBufferPointer, inPlace: Bool) {
        guard let base = text.baseAddress, !text.isEmpty else {
            check(rb_sqlite3_bind_text_static(handle, index + offset, UnsafeRawPointer(Self.empty.utf8Start).assumingMemoryBound(to: CChar.self), 0))
            return
        }
        guard let length = Int32(exactly: text.count) else {
            check(SQLITE_TOOBIG)
            return
        }
        let characters = base.assumingMemoryBound(to: CChar.self)
        check(inPlace ? rb_sqlite3_bind_text_static(handle, index + offset, characters, length)
                      : rb_sqlite3_bind_text_transient(handle, index + offset, characters, length))
    }

    func bind(_ index: Int32, text: String) {
        var text = text
        text.withUTF8 { bind(index, text: UnsafeRawBufferPointer($0), inPlace: false) }
    }

    /// A blob; an empty one is a zero-length blob (a null pointer would bind NULL).
    @inline(__always)
    func bind(_ index: Int32, blob: UnsafeRawBufferPointer, inPlace: Bool) {
        guard let base = blob.baseAddress, !blob.isEmpty else {
            check(sqlite3_bind_zeroblob(handle, index + offset, 0))
            return
        }
        guard let length = Int32(exactly: blob.count) else {
            check(SQLITE_TOOBIG)
            return
        }
        check(inPlace ? rb_sqlite3_bind_blob_static(handle, index + offset, base, length)
                      : rb_sqlite3_bind_blob_transient(handle, index + offset, base, length))
    }

    /// The row is bound: the next one's parameters follow, and once `rowsPerStep` are bound
    /// they are inserted.
    @inline(__always)
    func endRow() {
        row += 1
        if row == rowsPerStep {
            execute()
        } else {
            offset = row * width
        }
    }

    /// Inserts the rows bound since the last step (none: nothing).
    func flush() {
        guard row > 0 else { return }
        for unused in row..<rowsPerStep { check(sqlite3_bind_null(handle, unused * width + 1)) }
        execute()
    }

    /// Steps once (unless something failed already) and resets for the next rows, which are
    /// bound over the same parameters.
    private func execute() {
        row = 0
        offset = 0
        guard failure == nil else { return }
        let status = sqlite3_step(handle)
        sqlite3_reset(handle)
        if status != SQLITE_DONE { failure = connection.error(status) }
    }

    /// Throws the first failure since the statement was made.
    func checkFailure() throws(InterchangeError) {
        if let failure { throw failure }
    }
}
