import RealmFormat

/// `export json`: Realm Studio's layout. One class or a query result is a JSON array of
/// objects; the whole file is one JSON object with a member per class (embedded classes appear
/// inside their parents, not on their own). One object per line, streamed to the output.
struct JSONExporter {
    let encoder: ExportValueEncoder
    let progress: ProgressReporter

    /// A single array: `[\n  {...},\n  {...}\n]`.
    func write(_ source: ExportSource, to output: OutputSink) throws(RealmFormatError) {
        var done = 0
        try writeArray(source, indent: "", to: output, done: &done)
        output.write("\n")
    }

    /// `{"Category": [...], "Specimen": [...]}` for every class.
    func write(classes: [Table], to output: OutputSink) throws(RealmFormatError) {
        output.write("{")
        var done = 0
        for (index, table) in classes.enumerated() {
            var name = index == 0 ? "\n  " : ",\n  "
            CanonicalValueEncoder.appendJSONString(table.displayName, to: &name)
            output.write(name + ": ")
            try writeArray(ExportSource(table: table, keys: nil), indent: "  ", to: output, done: &done)
        }
        output.write(classes.isEmpty ? "}\n" : "\n}\n")
    }

    private func writeArray(_ source: ExportSource, indent: String, to output: OutputSink, done: inout Int) throws(RealmFormatError) {
        output.write("[")
        var first = true
        var count = done
        try source.forEachObject { readers, row, key throws(RealmFormatError) in
            var line = (first ? "\n" : ",\n") + indent + "  "
            first = false
            try encoder.appendObject(table: source.table, readers: readers, row: row, key: key, to: &line)
            output.write(line)
            count += 1
            progress.update(count)
        }
        done = count
        output.write(first ? "]" : "\n" + indent + "]")
    }
}
