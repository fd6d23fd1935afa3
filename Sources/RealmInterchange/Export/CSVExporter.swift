import RealmFormat

/// `export csv`: one RFC 4180 file per class (records end with CRLF). The header names the
/// properties, preceded by `_key` where the class has no primary key (links to its objects are
/// those keys). Null is an empty field and the empty string a quoted one (`""`).
///
/// Records are encoded leaf by leaf as bytes (`LeafColumns`, `ExportCSVFormat`) into a
/// `ByteOutput` that reaches the file a megabyte at a time.
public struct CSVExporter {
    public let encoder: ExportValueEncoder
    public let progress: ProgressListener

    public init(encoder: ExportValueEncoder, progress: ProgressListener) {
        self.encoder = encoder
        self.progress = progress
    }

    /// Writes `source`; `done` counts objects across files for the progress line.
    public func write(_ source: ExportSource, to output: OutputSink, done: inout Int) throws(RealmFormatError) {
        let columns = source.table.columns
        let withKey = source.table.primaryKey == nil
        let header = (withKey ? ["_key"] : []) + columns.map(\.name)
        var out = ByteOutput(sink: output)
        out.append(contentsOf: CSV.record(header) + "\r\n")
        let format = ExportCSVFormat(json: ExportJSONFormat(columns: columns, encoder: encoder))
        let elements = columns.map { LeafColumns.elementsReadInPlace($0, file: encoder.file) }
        var count = done
        try source.forEachRun { leaf, rows throws(RealmFormatError) in
            let values = try LeafColumns(leaf: leaf, columns: columns, elements: elements, format: format)
            for index in 0..<(rows?.count ?? leaf.count) {
                let row = rows?[index] ?? index
                if withKey { out.appendInteger(values.keys[row]) }
                for column in 0..<columns.count {
                    if column > 0 || withKey { out.append(UInt8(ascii: ",")) }
                    try values.append(column: column, row: row, format: format, to: &out)
                }
                out.append("\r\n")
                count += 1
                progress.update(count)
            }
        }
        out.flush()
        done = count
    }
}
