import CSQLite

/// A prepared statement of `export sqlite`: parameters bound by number (from 1), then stepped
/// once and reset for the next row. A failure (SQLite's, e.g. a full disk) is kept rather than
/// thrown, since values are bound from the non-throwing calls of `LeafValueFormat`; the writer
/// asks for it after each object (`checkFailure`) and stops there. After a failure the
/// statement steps no more.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection
    /// The first failure of this statement.
    private(set) var failure: InterchangeError?

    /// Text for empty strings: SQLite binds a null pointer as NULL, and "" is not null.
    private static let empty: StaticString = ""

    init(_ handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    @inline(__always)
    private func check(_ status: Int32) {
        if status != SQLITE_OK, failure == nil { failure = connection.error(status) }
    }

    @inline(__always)
    func bindNull(_ index: Int32) {
        check(sqlite3_bind_null(handle, index))
    }

    @inline(__always)
    func bind(_ index: Int32, integer: Int64) {
        check(sqlite3_bind_int64(handle, index, integer))
    }

    @inline(__always)
    func bind(_ index: Int32, real: Double) {
        check(sqlite3_bind_double(handle, index, real))
    }

    /// UTF-8 text. `inPlace`: the bytes stay where they are until the row is stepped (the
    /// realm's memory), so SQLite reads them there instead of copying them first.
    @inline(__always)
    func bind(_ index: Int32, text: UnsafeRawBufferPointer, inPlace: Bool) {
        guard let base = text.baseAddress, !text.isEmpty else {
            check(rb_sqlite3_bind_text_static(handle, index, UnsafeRawPointer(Self.empty.utf8Start).assumingMemoryBound(to: CChar.self), 0))
            return
        }
        guard let length = Int32(exactly: text.count) else {
            check(SQLITE_TOOBIG)
            return
        }
        let characters = base.assumingMemoryBound(to: CChar.self)
        check(inPlace ? rb_sqlite3_bind_text_static(handle, index, characters, length)
                      : rb_sqlite3_bind_text_transient(handle, index, characters, length))
    }

    func bind(_ index: Int32, text: String) {
        var text = text
        text.withUTF8 { bind(index, text: UnsafeRawBufferPointer($0), inPlace: false) }
    }

    /// A blob; an empty one is a zero-length blob (a null pointer would bind NULL).
    @inline(__always)
    func bind(_ index: Int32, blob: UnsafeRawBufferPointer, inPlace: Bool) {
        guard let base = blob.baseAddress, !blob.isEmpty else {
            check(sqlite3_bind_zeroblob(handle, index, 0))
            return
        }
        guard let length = Int32(exactly: blob.count) else {
            check(SQLITE_TOOBIG)
            return
        }
        check(inPlace ? rb_sqlite3_bind_blob_static(handle, index, base, length)
                      : rb_sqlite3_bind_blob_transient(handle, index, base, length))
    }

    /// Inserts the row bound (unless something failed already) and resets for the next one.
    @inline(__always)
    func step() {
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
