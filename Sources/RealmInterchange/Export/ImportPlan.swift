import RealmFormat

/// The records of a CSV or JSON file checked against a class before anything is written: the
/// valid rows with their parsed values (and links, set once the objects exist), and the bad
/// rows by position. The checks themselves (`ImportRecordCheck`) are the same for both formats;
/// this file matches CSV rows to properties through the header, `ImportPlan+JSON` JSON records
/// through their member names.
public struct ImportPlan {
    public struct Row {
        public let position: ImportPosition
        /// The `_key` the row was exported with, to translate links written by key.
        public var exportedKey: Int64?
        /// Into an existing class: the values its new object is created with.
        public var values: [(property: String, value: RealmValue)] = []
        public var links: [(property: String, cell: ImportedCell)] = []
        /// Into a new class: one value per property, in the order of its columns.
        public var ordered: [NewValue] = []
    }

    public struct BadRow {
        public let position: ImportPosition
        public let reason: String
    }

    public var rows: [Row] = []
    public var badRows: [BadRow] = []
    /// The header had a `_key` column, which is not imported (Realm assigns object keys).
    public var ignoredKeyColumn = false

    /// Exported `_key` -> the key the object got, for the rows that had one.
    public func keyTranslations(to keys: [Int64]) -> [Int64: Int64] {
        var translations: [Int64: Int64] = [:]
        for (row, key) in zip(rows, keys) { if let exported = row.exportedKey { translations[exported] = key } }
        return translations
    }

    /// Checks every record of a CSV import into an existing class, types from its schema.
    public static func existing(_ table: Table, records: [CSVRecord], file: RealmFile, path: String,
                         links: LinkTargetIndex) throws(InterchangeError) -> ImportPlan {
        let header = try CSVTypeInference.header(of: records, path: path)
        var plan = ImportPlan()
        var columns: [Column?] = []
        var seen = Set<String>()
        for (index, field) in header.fields.enumerated() {
            let name = try CSVTypeInference.headerName(field, at: index, seen: &seen, path: path)
            if name == "_key" {
                plan.ignoredKeyColumn = true
                columns.append(nil)
                continue
            }
            guard let column = table.column(named: name) else { throw .unknownProperty(className: table.displayName, name: name) }
            columns.append(column)
        }
        if let primaryKey = table.primaryKey, !seen.contains(primaryKey.name) {
            throw .invalidInput(path: path, reason: "\(table.displayName) needs its primary key \(primaryKey.name) in every row, and the header has no \(primaryKey.name) column")
        }
        var check = try ExistingClassCheck(table, file: file, links: links, path: path)
        for (index, record) in records.dropFirst().enumerated() {
            try Cancellation.check(atRecord: index)
            let position = ImportPosition(line: record.line)
            guard let fields = fields(of: record, columns: columns, into: &plan) else { continue }
            try check.check(fields.fields, position: position, exportedKey: fields.exportedKey, into: &plan)
        }
        return plan
    }

    /// Checks every record of a CSV import into a new class whose properties `columns` were
    /// inferred from the same records (`nil` for the ignored `_key` column).
    public static func new(columns: [NewColumn?], primaryKey: String?, records: [CSVRecord], path: String) throws(InterchangeError) -> ImportPlan {
        var plan = ImportPlan()
        plan.ignoredKeyColumn = columns.contains { $0 == nil }
        var check = NewClassCheck(primaryKey: primaryKey, path: path)
        for (index, record) in records.dropFirst().enumerated() {
            try Cancellation.check(atRecord: index)
            guard let fields = fields(of: record, columns: columns, into: &plan) else { continue }
            try check.check(fields.fields, position: ImportPosition(line: record.line), exportedKey: fields.exportedKey, into: &plan)
        }
        return plan
    }

    /// The fields of `record` paired with their columns (the `_key` field apart), or nil when
    /// the record has another number of fields than the header, which is reported as bad.
    private static func fields<C>(of record: CSVRecord, columns: [C?],
                                  into plan: inout ImportPlan) -> (fields: [(column: C, field: CSVField)], exportedKey: Int64?)? {
        guard record.fields.count == columns.count else {
            plan.badRows.append(BadRow(position: ImportPosition(line: record.line),
                                       reason: "\(record.fields.count) field\(record.fields.count == 1 ? "" : "s"), the header has \(columns.count)"))
            return nil
        }
        var fields: [(column: C, field: CSVField)] = []
        var exportedKey: Int64?
        for (field, column) in zip(record.fields, columns) {
            if let column { fields.append((column, field)) } else { exportedKey = Int64(field.text.trimmingWhitespace()) }
        }
        return (fields, exportedKey)
    }
}

/// Where a record is in the file it was imported from: its line, and for JSON its number in
/// the array (counted from 1), since one line may hold several records.
public struct ImportPosition: CustomStringConvertible {
    public let line: Int
    public var record: Int?

    /// What a record is called in messages: a CSV row, a JSON record.
    public var noun: String { record == nil ? "row" : "record" }

    public var description: String {
        guard let record else { return "line \(line)" }
        return "record \(record) (line \(line))"
    }
}
