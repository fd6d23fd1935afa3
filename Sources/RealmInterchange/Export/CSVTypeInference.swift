import RealmFormat

/// Property types for a new class from the CSV columns: the narrowest of int, double, bool,
/// date and string that reads every non-empty field; optional when some field is empty
/// (unquoted). The `_key` column `export csv` writes is not a property.
public enum CSVTypeInference {
    /// The header row of `records`, checked for the separator. Shared with the import into an
    /// existing class (`ImportPlan.existing`) so both imports refuse an empty file the same way.
    public static func header(of records: [CSVRecord], path: String) throws(InterchangeError) -> CSVRecord {
        guard let header = records.first else { throw .invalidInput(path: path, reason: "the file is empty; it needs a header row naming the properties") }
        try CSVReader.checkSeparator(header, path: path)
        return header
    }

    /// The trimmed name in header column `index`, refusing an empty or repeated one (`seen`
    /// collects the names so far). Shared with `ImportPlan.existing` so both imports report
    /// header mistakes in the same words and the same order.
    public static func headerName(_ field: CSVField, at index: Int, seen: inout Set<String>, path: String) throws(InterchangeError) -> String {
        let name = field.text.trimmingWhitespace()
        guard !name.isEmpty else { throw .invalidInput(path: path, reason: "column \(index + 1) of the header has no name") }
        guard seen.insert(name).inserted else { throw .invalidInput(path: path, reason: "the header names \(name) twice") }
        return name
    }

    public static func columns(records: [CSVRecord], path: String) throws(InterchangeError) -> [NewColumn?] {
        let header = try Self.header(of: records, path: path)
        var columns: [NewColumn?] = []
        var seen = Set<String>()
        for (index, field) in header.fields.enumerated() {
            let name = try headerName(field, at: index, seen: &seen, path: path)
            if name == "_key" {
                columns.append(nil)
                continue
            }
            let fields = records.dropFirst().compactMap { $0.fields.count == header.fields.count ? $0.fields[index] : nil }
            let present = fields.filter { !$0.isNull }
            let optional = present.count < fields.count
            columns.append(NewColumn(name: name, type: type(of: present.map(\.text)), isNullable: optional))
        }
        return columns
    }

    public static func type(of texts: [String]) -> ColumnType {
        guard !texts.isEmpty else { return .string }
        let trimmed = texts.map { $0.trimmingWhitespace() }
        // Codes such as zip codes or phone numbers keep their leading zeros as strings.
        guard !trimmed.contains(where: hasLeadingZero) else { return .string }
        if trimmed.allSatisfy({ Int64($0) != nil }) { return .int }
        if trimmed.allSatisfy({ Double($0) != nil && $0.first.map { $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." } == true }) {
            return .double
        }
        if trimmed.allSatisfy({ ["true", "false"].contains($0.lowercased()) }) { return .bool }
        if trimmed.allSatisfy({ ScalarTextParser.timestamp($0) != nil }) { return .timestamp }
        return .string
    }

    /// `007`, `-01.5`: a zero followed by another digit at the start of a number.
    public static func hasLeadingZero(_ text: String) -> Bool {
        let digits = text.drop { $0 == "-" || $0 == "+" }
        guard digits.first == "0", let next = digits.dropFirst().first else { return false }
        return next.isNumber
    }
}
