import RealmInterchange

/// Lays out rows as an aligned text table with a header rule, like psql and sqlite3's
/// column mode: numbers right-aligned, everything else left-aligned. Kept for callers that
/// build a plain table themselves; commands print through `RowPrinter`, which honours the mode.
public struct TableRenderer {
    public typealias Alignment = ColumnAlignment

    public let headers: [String]
    public let alignments: [Alignment]
    public private(set) var rows: [[String]] = []

    public init(headers: [String], alignments: [Alignment]) {
        self.headers = headers
        self.alignments = alignments
    }

    public mutating func append(_ row: [String]) {
        rows.append(row)
    }

    public func render(to output: OutputSink) {
        let columns = headers.enumerated().map { index, name in
            OutputColumn(name, alignment: index < alignments.count ? alignments[index] : .left)
        }
        GridRenderer(columns: columns, frame: .table, style: OutputStyle(maximumCellWidth: Int.max), truncates: false)
            .render(rows.map { $0.map { Cell(text: $0) } }, to: output)
    }
}
