/// RFC 4180 text: the one place that decides how a cell is quoted, shared by `mode csv`,
/// `export csv` and `import csv` so that what we write is what we read back.
public enum CSV {
    /// A field as it appears in a record: quoted when it holds a comma, a quote, CR or LF, or
    /// leading/trailing spaces (which spreadsheet programs would otherwise trim); quotes doubled.
    public static func field(_ text: String) -> String {
        let needsQuotes = text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || text.first == " " || text.last == " "
        guard needsQuotes else { return text }
        var quoted = "\""
        for character in text {
            if character == "\"" { quoted.append("\"") }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// One record, without its line ending (RFC 4180 ends records with CRLF; callers choose).
    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",")
    }
}
