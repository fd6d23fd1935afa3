// SQLite (Debian: libsqlite3-dev) for `export sqlite`: the file is written by SQLite itself,
// through prepared statements, never by a writer of our own.
// SQLITE_STATIC and SQLITE_TRANSIENT are casts of 0 and -1 to a function pointer, which Swift
// cannot import: the wrappers below bind with each of them.
#include <sqlite3.h>

/// Binds text that stays where it is until the statement has been stepped (a string read in
/// place from the mapped realm): SQLite reads it without copying it.
static inline int rb_sqlite3_bind_text_static(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_STATIC);
}

/// Binds text SQLite copies at once (its memory is gone before the statement is stepped).
static inline int rb_sqlite3_bind_text_transient(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

static inline int rb_sqlite3_bind_blob_static(sqlite3_stmt *statement, int index, const void *bytes, int length) {
    return sqlite3_bind_blob(statement, index, bytes, length, SQLITE_STATIC);
}

static inline int rb_sqlite3_bind_blob_transient(sqlite3_stmt *statement, int index, const void *bytes, int length) {
    return sqlite3_bind_blob(statement, index, bytes, length, SQLITE_TRANSIENT);
}
