/// How commands print rows: for people (`table`, `box`, `line`, `markdown`) or for programs
/// (`csv`, `json`, `jsonl`), like sqlite3's `.mode`.
public enum OutputMode: String, CaseIterable, Equatable, Sendable {
    /// Aligned columns with a header rule; the compact lists (`classes`, `info`) stay compact.
    case table
    /// Columns inside Unicode box-drawing borders.
    case box
    /// One JSON document: an array of objects.
    case json
    /// One JSON object per line (what `--json` has always printed for `find`).
    case jsonl
    /// RFC 4180 records with a header row.
    case csv
    /// One `name = value` line per column, a blank line between rows.
    case line
    /// A GitHub-flavoured Markdown table.
    case markdown

    /// Programs want whole results, not pages with footers, and no colors.
    public var isMachineReadable: Bool { self == .csv || self == .json || self == .jsonl }

    /// Whether rows carry JSON (the canonical encoding of the dumps) rather than text.
    public var isJSON: Bool { self == .json || self == .jsonl }

    /// The mode a user typed, or a usage error listing the modes there are.
    public static func named(_ name: String) throws(BrowserError) -> OutputMode {
        guard let mode = OutputMode(rawValue: name.lowercased()) else {
            throw .usage("mode " + allNames + "  ('\(name)' is not a mode)")
        }
        return mode
    }

    /// `table|box|json|jsonl|csv|line|markdown`, for usage lines.
    public static var allNames: String { allCases.map(\.rawValue).joined(separator: "|") }
}
