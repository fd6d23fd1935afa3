import RealmInterchange

/// Prints the rows of one command's result in the session's output mode. Commands describe
/// their columns once, add rows as they produce them and finish with the notes people see under
/// a listing; the printer decides the rest. The streaming modes (csv, json, jsonl, line) write
/// each row at once, so whole results of any size never sit in memory; the aligned modes need
/// every width first and buffer the page they print.
public final class RowPrinter: RowSink {
    /// How the rows are meant to be read in table mode.
    public enum Layout {
        /// A table with a header rule.
        case grid
        /// A compact list without header (`classes`); every other mode prints it as a grid.
        case list
        /// The fields of one thing (`info`, one object): `name  value` lines in table mode, a
        /// field/value table in box and markdown mode, never cut.
        case record
    }

    public let columns: [OutputColumn]
    public let style: OutputStyle
    public let layout: Layout
    private let output: OutputSink
    private var buffered: [[Cell]] = []
    private var rowCount = 0

    public init(columns: [OutputColumn], style: OutputStyle, layout: Layout = .grid, output: OutputSink) {
        self.columns = columns
        self.style = style
        self.layout = layout
        self.output = output
    }

    /// Whether rows are printed as JSON, so a caller can skip building their text (and vice versa).
    public var wantsJSON: Bool { style.mode.isJSON }

    /// Adds a row. `json` replaces the object the printer would build from the column names and
    /// the cells' JSON (objects print in the canonical encoding of the dumps, with `_key`).
    public func add(_ cells: [Cell], json: String?) {
        switch style.mode {
        case .json:
            output.write((rowCount == 0 ? "[\n" : ",\n") + (json ?? jsonObject(cells)))
        case .jsonl:
            output.line(json ?? jsonObject(cells))
        case .csv:
            if rowCount == 0 { writeCSVHeader() }
            output.write(CSV.record(cells.map { $0.kind == .null ? "" : $0.raw }) + "\r\n")
        case .line:
            writeLines(cells)
            output.line()
        case .table, .box, .markdown:
            buffered.append(cells)
        }
        rowCount += 1
    }

    /// Ends the result; `notes` (page footers, hints) are for people and left out of csv/json/jsonl.
    public func finish(notes: [String]) {
        switch style.mode {
        case .json:
            output.line(rowCount == 0 ? "[]" : "\n]")
        case .csv:
            if rowCount == 0 { writeCSVHeader() }
        case .table, .box, .markdown:
            renderBuffered()
        case .jsonl, .line:
            break
        }
        guard !style.mode.isMachineReadable else { return }
        let paint = style.paint
        for note in notes { output.line(paint.note(note)) }
    }

    private func renderBuffered() {
        guard !buffered.isEmpty else { return }
        // A Markdown table ends at a blank line; without one, the next line would become a row.
        defer { if style.mode == .markdown { output.line() } }
        let frame: GridRenderer.Frame
        switch style.mode {
        case .box: frame = .box
        case .markdown: frame = .markdown
        default: frame = layout == .grid ? .table : .list
        }
        if layout == .record && frame != .list {
            // One thing's fields read down the page: a field/value table.
            let fields = [OutputColumn("field"), OutputColumn("value")]
            var rows: [[Cell]] = []
            for row in buffered {
                for (column, cell) in zip(columns, row) { rows.append([.string(column.name), cell]) }
            }
            GridRenderer(columns: fields, frame: frame, style: style, truncates: false).render(rows, to: output)
            return
        }
        if layout == .record {
            // Table mode: `name  value` lines, as `info` has always printed.
            for row in buffered {
                let pairs = zip(columns, row).map { [Cell.string($0.name), $1] }
                GridRenderer(columns: [OutputColumn("field"), OutputColumn("value")], frame: .list, style: style,
                             truncates: false).render(pairs, to: output)
            }
            return
        }
        GridRenderer(columns: columns, frame: frame, style: style, truncates: true).render(buffered, to: output)
    }

    private func writeCSVHeader() {
        guard style.showsHeaders else { return }
        output.write(CSV.record(columns.map(\.name)) + "\r\n")
    }

    /// sqlite3's line mode: names right-aligned, ` = `, the full value; a blank line ends a row.
    private func writeLines(_ cells: [Cell]) {
        let paint = style.paint
        let width = columns.map { TextWidth.of($0.name) }.max() ?? 0
        for (column, cell) in zip(columns, cells) {
            let padding = String(repeating: " ", count: width - TextWidth.of(column.name))
            output.line(padding + paint.header(column.name) + " = " + paint.cell(cell.text, kind: cell.kind))
        }
    }

    private func jsonObject(_ cells: [Cell]) -> String {
        Self.jsonObject(columns, cells)
    }

    /// `{"COLUMN": CELL-JSON, ...}`: a row as the JSON modes print it.
    public static func jsonObject(_ columns: [OutputColumn], _ cells: [Cell]) -> String {
        var text = "{"
        for (index, (column, cell)) in zip(columns, cells).enumerated() {
            if index > 0 { text += ", " }
            CanonicalValueEncoder.appendJSONString(column.name, to: &text)
            text += ": " + cell.json
        }
        return text + "}"
    }
}
