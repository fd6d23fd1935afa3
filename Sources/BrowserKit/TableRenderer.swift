/// Lays out rows as an aligned text table with a header rule, like psql and sqlite3's
/// column mode: numbers right-aligned, everything else left-aligned.
public struct TableRenderer {
    public enum Alignment { case left, right }

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
        var widths = headers.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        output.line(format(headers, widths: widths, alignAll: .left))
        output.line(widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─"))
        for row in rows {
            output.line(format(row, widths: widths, alignAll: nil))
        }
    }

    private func format(_ cells: [String], widths: [Int], alignAll: Alignment?) -> String {
        var parts: [String] = []
        for (index, width) in widths.enumerated() {
            let cell = index < cells.count ? cells[index] : ""
            let padding = String(repeating: " ", count: max(0, width - cell.count))
            let alignment = alignAll ?? (index < alignments.count ? alignments[index] : .left)
            let isLast = index == widths.count - 1
            switch alignment {
            case .left: parts.append(isLast ? cell : cell + padding)
            case .right: parts.append(padding + cell)
            }
        }
        return parts.joined(separator: " │ ")
    }
}
