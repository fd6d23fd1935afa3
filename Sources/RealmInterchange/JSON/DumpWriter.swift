import RealmFormat

/// Writes the canonical JSON dump of ../shared/fixtures/README.md, one object per line,
/// streaming: objects are encoded leaf by leaf into a `ByteOutput`, which goes to the output a
/// megabyte at a time, so a 200,000-object table never exists in memory as one value.
public struct DumpWriter {
    public let file: RealmFile
    public let encoder: CanonicalValueEncoder

    public init(file: RealmFile) {
        self.file = file
        encoder = CanonicalValueEncoder(file: file)
    }

    public func write(tables: [Table], to output: OutputSink) throws(RealmFormatError) {
        var out = ByteOutput(sink: output)
        out.append(contentsOf: "{\n  \"file_format\": \(file.fileFormat),\n")
        // An older file is dumped as Realm shows it after upgrading a copy, which says so.
        if let source = file.source { out.append(contentsOf: "  \"upgraded_from\": \(source.fileFormat),\n") }
        out.append("  \"tables\": [")
        for (index, table) in tables.enumerated() {
            out.append(index == 0 ? "\n" : ",\n")
            try write(table, to: &out)
        }
        out.append(tables.isEmpty ? "]\n" : "\n  ]\n")
        out.append("}\n")
        out.flush()
    }

    private func write(_ table: Table, to out: inout ByteOutput) throws(RealmFormatError) {
        var header = "    {\n      \"name\": "
        CanonicalValueEncoder.appendJSONString(table.name, to: &header)
        header += ",\n      \"class\": " + jsonString(table.className)
        header += ",\n      \"kind\": \"\(table.kind.rawValue)\""
        header += ",\n      \"primary_key\": " + jsonString(table.primaryKey?.name)
        let columns = table.columns
        header += ",\n      \"columns\": ["
        for (index, column) in columns.enumerated() {
            header += (index == 0 ? "\n        " : ",\n        ") + descriptor(column)
        }
        header += columns.isEmpty ? "]" : "\n      ]"
        header += ",\n      \"count\": \(table.objects.count)"
        header += ",\n      \"objects\": ["
        out.append(contentsOf: header)
        let format = CanonicalByteFormat(columns: columns, encoder: encoder)
        let elements = columns.map { LeafColumns.elementsReadInPlace($0, file: file) }
        let names = ByteStrings(columns.map { column in
            var name = ", "
            CanonicalValueEncoder.appendJSONString(column.name, to: &name)
            return name + ": "
        })
        var first = true
        try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            let values = try LeafColumns(leaf: leaf, columns: columns, elements: elements, format: format)
            for row in 0..<leaf.count {
                out.append(first ? "\n        {\"_key\": " : ",\n        {\"_key\": ")
                first = false
                out.appendInteger(values.keys[row])
                for column in 0..<columns.count {
                    names.append(column, to: &out)
                    try values.append(column: column, row: row, format: format, to: &out)
                }
                out.append(UInt8(ascii: "}"))
            }
        }
        out.append(first ? "]\n    }" : "\n      ]\n    }")
    }

    private func descriptor(_ column: Column) -> String {
        var text = "{\"name\": "
        CanonicalValueEncoder.appendJSONString(column.name, to: &text)
        text += ", \"type\": \"\(column.type)\""
        text += ", \"nullable\": \(column.isNullable)"
        text += ", \"collection\": " + jsonString(column.collection?.rawValue)
        let target = column.isLink ? column.targetTableKey.flatMap { file.table(withKey: $0)?.name } : nil
        text += ", \"target\": " + jsonString(target)
        text += ", \"indexed\": \(column.isIndexed), \"fulltext\": \(column.isFullTextIndexed)}"
        return text
    }

    private func jsonString(_ value: String?) -> String {
        guard let value else { return "null" }
        var text = ""
        CanonicalValueEncoder.appendJSONString(value, to: &text)
        return text
    }
}
