import RealmInterchange

/// Lays out buffered rows in the aligned modes: `table` (psql-like rules), `box` (borders) and
/// `markdown`, plus the compact headerless list `classes` uses in table mode. Cells are cut to
/// the longest cell width and the table to the terminal width in table and box modes; markdown
/// is for pasting elsewhere, so it keeps every character.
struct GridRenderer {
    enum Frame { case table, box, markdown, list }

    let columns: [OutputColumn]
    let frame: Frame
    let style: OutputStyle
    /// Whether cells may be cut (never for one object's fields).
    let truncates: Bool

    func render(_ rows: [[Cell]], to output: OutputSink) {
        let paint = style.paint
        let cutsCells = truncates && (frame == .table || frame == .box)
        var headers = columns.map { frame == .markdown ? Self.escapeMarkdown($0.name) : $0.name }
        // What no cut may take: all of a number, date or key, the Class[N] of a reference.
        var kept = rows.map { row in
            columns.indices.map { index -> Int in
                guard index < row.count, row[index].wholePrefix > 0 else { return 0 }
                return TextWidth.of(String(row[index].text.prefix(row[index].wholePrefix)))
            }
        }
        var texts = zip(rows, kept).map { row, keptWidths in
            columns.indices.map { index -> String in
                let text = index < row.count ? row[index].text : ""
                if frame == .markdown { return Self.escapeMarkdown(text) }
                guard cutsCells, index < row.count else { return text }
                return TextWidth.cut(text, to: max(1, style.maximumCellWidth, keptWidths[index]))
            }
        }
        var kinds = rows.map { row in columns.indices.map { $0 < row.count ? row[$0].kind : .text } }
        var alignments = columns.map(\.alignment)
        let showsHeader = frame == .markdown || (frame != .list && style.showsHeaders)
        var widths = headers.map { showsHeader ? TextWidth.of($0) : 0 }
        for row in texts {
            for (index, text) in row.enumerated() { widths[index] = max(widths[index], TextWidth.of(text)) }
        }
        if frame == .markdown { widths = widths.map { max($0, 3) } }
        if let available = style.width, cutsCells {
            // Too wide: a column whose every cell has a short form (`[493]` for `Item[493]`)
            // takes it first.
            if widths.reduce(0, +) + overhead(widths.count) > available {
                for index in columns.indices where !rows.isEmpty && rows.allSatisfy({ index < $0.count && $0[index].shortText != nil }) {
                    for row in rows.indices {
                        let short = rows[row][index].shortText ?? ""
                        texts[row][index] = short
                        kept[row][index] = TextWidth.of(short)
                    }
                    widths[index] = max(showsHeader ? TextWidth.of(headers[index]) : 0, texts.map { TextWidth.of($0[index]) }.max() ?? 0)
                }
            }
            let floors = columns.indices.map { index in kept.map { $0[index] }.max() ?? 0 }
            let fit = ColumnFitter.fit(widths, into: available, keeping: floors, overhead: overhead)
            let kept = fit.widths.count
            widths = fit.widths
            headers = headers.prefix(kept).enumerated().map { TextWidth.cut($1, to: widths[$0]) }
            texts = texts.map { row in row.prefix(kept).enumerated().map { TextWidth.cut($1, to: widths[$0]) } }
            kinds = kinds.map { Array($0.prefix(kept)) }
            alignments = Array(alignments.prefix(kept))
            if fit.dropsColumns {
                headers.append("…")
                texts = texts.map { $0 + ["…"] }
                kinds = kinds.map { $0 + [.text] }
                alignments.append(.left)
                widths.append(1)
            }
        }
        let layout = Layout(frame: frame, widths: widths, alignments: alignments)
        if frame == .box { output.line(layout.border("┌", "┬", "┐")) }
        if showsHeader {
            output.line(layout.line(headers, alignAll: .left) { paint.header($0) })
            switch frame {
            case .table: output.line(widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─"))
            case .box: output.line(layout.border("├", "┼", "┤"))
            case .markdown:
                output.line("|" + zip(widths, alignments).map { width, alignment in
                    alignment == .right ? String(repeating: "-", count: width + 1) + ":" : String(repeating: "-", count: width + 2)
                }.joined(separator: "|") + "|")
            case .list: break
            }
        }
        for (row, rowKinds) in zip(texts, kinds) {
            var index = 0
            output.line(layout.line(row, alignAll: nil) { text in
                defer { index += 1 }
                return paint.cell(text, kind: index < rowKinds.count ? rowKinds[index] : .text)
            })
        }
        if frame == .box { output.line(layout.border("└", "┴", "┘")) }
    }

    /// Width taken by separators and borders around `count` cells.
    func overhead(_ count: Int) -> Int {
        switch frame {
        case .table: return 3 * max(0, count - 1)
        case .box, .markdown: return 3 * count + 1
        case .list: return 2 * max(0, count - 1)
        }
    }

    /// `|` would end a Markdown cell; line breaks are already escaped in cell text.
    static func escapeMarkdown(_ text: String) -> String {
        guard text.contains("|") else { return text }
        var escaped = ""
        for character in text {
            if character == "|" { escaped += "\\" }
            escaped.append(character)
        }
        return escaped
    }

    private struct Layout {
        let frame: Frame
        let widths: [Int]
        let alignments: [ColumnAlignment]

        func border(_ left: String, _ middle: String, _ right: String) -> String {
            left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right
        }

        /// Pads each cell to its width (padding outside any color codes `paint` adds).
        func line(_ cells: [String], alignAll: ColumnAlignment?, paint: (String) -> String) -> String {
            var parts: [String] = []
            for (index, width) in widths.enumerated() {
                let cell = index < cells.count ? cells[index] : ""
                let padding = String(repeating: " ", count: max(0, width - TextWidth.of(cell)))
                let alignment = alignAll ?? (index < alignments.count ? alignments[index] : .left)
                let isLast = index == widths.count - 1
                let painted = paint(cell)
                switch alignment {
                case .left: parts.append(isLast && (frame == .table || frame == .list) ? painted : painted + padding)
                case .right: parts.append(padding + painted)
                }
            }
            switch frame {
            case .table: return parts.joined(separator: " │ ")
            case .box: return "│ " + parts.joined(separator: " │ ") + " │"
            case .markdown: return "| " + parts.joined(separator: " | ") + " |"
            case .list:
                var text = parts.joined(separator: "  ")
                while text.last == " " { text.removeLast() }
                return text
            }
        }
    }
}
