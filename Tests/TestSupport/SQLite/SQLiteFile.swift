import CSQLite
import Foundation

/// An SQLite file read back through SQLite's own C API (never through the exporter's code), for
/// the tests of `export sqlite`: rows as cells in SQLite's storage classes, and the checks
/// SQLite makes of its own files.
public final class SQLiteFile {
    /// One value as SQLite stores it.
    public enum Cell: Equatable, CustomStringConvertible {
        case null
        case integer(Int64)
        case real(Double)
        case text([UInt8])
        case blob([UInt8])

        public static func text(_ string: String) -> Cell { .text(Array(string.utf8)) }

        /// Reals are equal when their bits are (so -0.0 is not 0.0).
        public static func == (lhs: Cell, rhs: Cell) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null): return true
            case let (.integer(a), .integer(b)): return a == b
            case let (.real(a), .real(b)): return a.bitPattern == b.bitPattern
            case let (.text(a), .text(b)): return a == b
            case let (.blob(a), .blob(b)): return a == b
            default: return false
            }
        }

        public var string: String? {
            if case let .text(bytes) = self { return String(decoding: bytes, as: UTF8.self) }
            return nil
        }

        public var integer: Int64? {
            if case let .integer(value) = self { return value }
            return nil
        }

        public var description: String {
            switch self {
            case .null: return "NULL"
            case let .integer(value): return "\(value)"
            case let .real(value): return "REAL \(value)"
            case let .text(bytes): return "'" + String(decoding: bytes.prefix(120), as: UTF8.self) + (bytes.count > 120 ? "…'" : "'")
            case let .blob(bytes): return "BLOB(\(bytes.count) bytes)"
            }
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private var handle: OpaquePointer?

    public init(path: String) throws {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(handle)
            throw Failure(description: "\(path): \(message)")
        }
    }

    deinit { sqlite3_close(handle) }

    /// The rows of `sql`, each value bound in turn to the statement's parameters (as text).
    public func rows(_ sql: String, _ parameters: [String] = []) throws -> [[Cell]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        defer { sqlite3_finalize(statement) }
        for (index, parameter) in parameters.enumerated() {
            sqlite3_bind_text(statement, Int32(index + 1), parameter, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }
        var rows: [[Cell]] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))") }
            rows.append((0..<sqlite3_column_count(statement)).map { Self.cell(statement, $0) })
        }
        return rows
    }

    private static func cell(_ statement: OpaquePointer, _ column: Int32) -> Cell {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let text = sqlite3_column_text(statement, column) else { return .text([]) }
            return .text(Array(UnsafeBufferPointer(start: text, count: count)))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let blob = sqlite3_column_blob(statement, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: blob, count: count)))
        default: return .null
        }
    }

    /// `PRAGMA integrity_check`: `["ok"]` for a sound file.
    public func integrityCheck() throws -> [String] {
        try rows("PRAGMA integrity_check").compactMap { $0.first?.string }
    }

    /// `PRAGMA foreign_key_check`: one row per reference to a row that is not there.
    public func foreignKeyViolations() throws -> [[Cell]] {
        try rows("PRAGMA foreign_key_check")
    }

    /// The tables of the file, by name (`sqlite_master`).
    public func tableNames() throws -> [String] {
        try rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0.first?.string }
    }

    /// `PRAGMA table_info`: (name, declared type, not null, primary key position) per column.
    public func columns(of table: String) throws -> [(name: String, type: String, notNull: Bool, primaryKey: Int64)] {
        try rows("SELECT name, type, \"notnull\", pk FROM pragma_table_info(?)", [table]).map { row in
            (row[0].string ?? "", row[1].string ?? "", row[2].integer == 1, row[3].integer ?? 0)
        }
    }

    /// The columns that lead an index of `table` (its key's first column included).
    public func leadingIndexedColumns(of table: String) throws -> Set<String> {
        var leading = Set<String>()
        for index in try rows("SELECT name FROM pragma_index_list(?)", [table]).compactMap({ $0.first?.string }) {
            if let first = try rows("SELECT name FROM pragma_index_info(?) WHERE seqno = 0", [index]).first?.first?.string {
                leading.insert(first)
            }
        }
        return leading
    }

    /// The foreign keys of `table`: (column, referenced table, referenced column).
    public func foreignKeys(of table: String) throws -> [(from: String, table: String, to: String)] {
        try rows("SELECT \"from\", \"table\", \"to\" FROM pragma_foreign_key_list(?)", [table]).map { row in
            (row[0].string ?? "", row[1].string ?? "", row[2].string ?? "")
        }
    }

    /// `name` as an SQL identifier.
    public static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
