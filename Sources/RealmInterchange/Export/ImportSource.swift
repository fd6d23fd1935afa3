import RealmFormat

/// The records of an import file, CSV rows or JSON records, so that `ImportCommand` runs the
/// same steps (plan, report, write) for both formats.
public enum ImportSource {
    case csv([CSVRecord])
    case json([JSONImportRecord])

    public static let formats = ["csv", "json"]

    /// Reads the file as `format` (`csv` or `json`); nil for another format.
    public static func read(_ format: String, path: String, className: String) throws(InterchangeError) -> ImportSource? {
        switch format.lowercased() {
        case "csv": return .csv(try CSVReader.records(atPath: path))
        case "json": return .json(try JSONImportReader.records(atPath: path, className: className))
        default: return nil
        }
    }

    /// What one record is called: a CSV row, a JSON record.
    public var recordNoun: String {
        if case .csv = self { return "row" }
        return "record"
    }

    /// Why `--primary` names no property of the file.
    public var noSuchProperty: String {
        if case .csv = self { return "the header has no such column" }
        return "no record has such a property"
    }

    public func plan(into table: Table, file: RealmFile, path: String, links: LinkTargetIndex) throws(InterchangeError) -> ImportPlan {
        switch self {
        case let .csv(records): return try ImportPlan.existing(table, records: records, file: file, path: path, links: links)
        case let .json(records): return try ImportPlan.existing(table, records: records, file: file, path: path, links: links)
        }
    }

    /// The properties of a new class, types inferred (`nil` for CSV's ignored `_key` column).
    public func columns(path: String) throws(InterchangeError) -> [NewColumn?] {
        let columns: [NewColumn?]
        switch self {
        case let .csv(records): columns = try CSVTypeInference.columns(records: records, path: path)
        case let .json(records): columns = try JSONTypeInference.columns(records: records, path: path)
        }
        if columns.compactMap({ $0 }).isEmpty {
            let names = if case .csv = self { "the header names" } else { "the records name" }
            throw .invalidInput(path: path, reason: "\(names) no property besides _key; a new class needs at least one")
        }
        return columns
    }

    public func plan(newColumns columns: [NewColumn?], primaryKey: String?, path: String) throws(InterchangeError) -> ImportPlan {
        switch self {
        case let .csv(records): return try ImportPlan.new(columns: columns, primaryKey: primaryKey, records: records, path: path)
        case let .json(records):
            return try ImportPlan.new(columns: columns.compactMap { $0 }, primaryKey: primaryKey, records: records, path: path)
        }
    }
}
