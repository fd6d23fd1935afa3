import RealmFormat

/// `export json`: Realm Studio's layout. One class or a query result is a JSON array of
/// objects; the whole file is one JSON object with a member per class (embedded classes appear
/// inside their parents, not on their own). One object per line, encoded leaf by leaf as bytes
/// (`LeafColumns`, `ExportJSONFormat`) into a `ByteOutput` that reaches the file a megabyte at a time.
public struct JSONExporter {
    public let encoder: ExportValueEncoder
    public let progress: ProgressListener

    public init(encoder: ExportValueEncoder, progress: ProgressListener) {
        self.encoder = encoder
        self.progress = progress
    }

    /// A single array: `[\n  {...},\n  {...}\n]`.
    public func write(_ source: ExportSource, to output: OutputSink) throws(RealmFormatError) {
        var out = ByteOutput(sink: output)
        var done = 0
        try writeArray(source, indent: "", to: &out, done: &done)
        out.append("\n")
        out.flush()
    }

    /// `{"Category": [...], "Specimen": [...]}` for every class.
    public func write(classes: [Table], to output: OutputSink) throws(RealmFormatError) {
        var out = ByteOutput(sink: output)
        out.append(UInt8(ascii: "{"))
        var done = 0
        for (index, table) in classes.enumerated() {
            out.append(index == 0 ? "\n  " : ",\n  ")
            out.appendJSONString(table.displayName)
            out.append(": ")
            try writeArray(ExportSource(table: table, keys: nil), indent: "  ", to: &out, done: &done)
        }
        out.append(classes.isEmpty ? "}\n" : "\n}\n")
        out.flush()
    }

    /// `{"_key": 3, "name": "Birds"}` per object, `_key` only where the class has no primary key
    /// (links to such objects are their object keys), as `ExportValueEncoder.appendObject` writes it.
    private func writeArray(_ source: ExportSource, indent: String, to out: inout ByteOutput, done: inout Int) throws(RealmFormatError) {
        let table = source.table
        let columns = table.columns
        let withKey = table.primaryKey == nil && table.kind != .embedded
        let format = ExportJSONFormat(columns: columns, encoder: encoder)
        let elements = columns.map { LeafColumns.elementsReadInPlace($0, file: encoder.file) }
        let names = ByteStrings(columns.indices.map { index in
            var name = index > 0 || withKey ? ", " : ""
            CanonicalValueEncoder.appendJSONString(columns[index].name, to: &name)
            return name + ": "
        })
        let separators = ByteStrings(["\n" + indent + "  ", ",\n" + indent + "  "])
        out.append(UInt8(ascii: "["))
        var first = true
        var count = done
        try source.forEachRun { leaf, rows throws(RealmFormatError) in
            let values = try LeafColumns(leaf: leaf, columns: columns, elements: elements, format: format)
            for index in 0..<(rows?.count ?? leaf.count) {
                let row = rows?[index] ?? index
                separators.append(first ? 0 : 1, to: &out)
                first = false
                out.append(UInt8(ascii: "{"))
                if withKey {
                    out.append("\"_key\": ")
                    out.appendInteger(values.keys[row])
                }
                for column in 0..<columns.count {
                    names.append(column, to: &out)
                    try values.append(column: column, row: row, format: format, to: &out)
                }
                out.append(UInt8(ascii: "}"))
                count += 1
                progress.update(count)
            }
        }
        done = count
        out.append(contentsOf: first ? "]" : "\n" + indent + "]")
    }
}
