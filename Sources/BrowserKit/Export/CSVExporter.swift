import RealmFormat

/// `export csv`: one RFC 4180 file per class (records end with CRLF). The header names the
/// properties, preceded by `_key` where the class has no primary key (links to its objects are
/// those keys). Null is an empty field and the empty string a quoted one (`""`).
struct CSVExporter {
    let encoder: ExportValueEncoder
    let progress: ProgressReporter

    /// Writes `source` and returns the number of objects written; `done` counts across files
    /// for the progress line.
    func write(_ source: ExportSource, to output: OutputSink, done: inout Int) throws(RealmFormatError) {
        let columns = source.table.columns
        let withKey = source.table.primaryKey == nil
        let header = (withKey ? ["_key"] : []) + columns.map(\.name)
        output.write(CSV.record(header) + "\r\n")
        var count = done
        try source.forEachObject { readers, row, key throws(RealmFormatError) in
            var fields: [String] = withKey ? [String(key)] : []
            for reader in readers { fields.append(try encoder.csvField(try reader.value(at: row), column: reader.column)) }
            output.write(fields.joined(separator: ",") + "\r\n")
            count += 1
            progress.update(count)
        }
        done = count
    }
}
