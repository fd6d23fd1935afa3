import RealmFormat

/// Writes the canonical JSON dump of ../shared/fixtures/README.md, one object per line,
/// streaming: each object is encoded and handed to the output before the next is read, so a
/// 200,000-object table never exists in memory as one value.
public struct DumpWriter {
    let file: RealmFile
    let encoder: CanonicalValueEncoder

    public init(file: RealmFile) {
        self.file = file
        encoder = CanonicalValueEncoder(file: file)
    }

    public func write(tables: [Table], to output: OutputSink) throws(RealmFormatError) {
        output.line("{")
        output.line("  \"file_format\": \(file.fileFormat),")
        output.write("  \"tables\": [")
        for (index, table) in tables.enumerated() {
            output.write(index == 0 ? "\n" : ",\n")
            try write(table, to: output)
        }
        output.line(tables.isEmpty ? "]" : "\n  ]")
        output.line("}")
    }

    private func write(_ table: Table, to output: OutputSink) throws(RealmFormatError) {
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
        output.write(header)
        var first = true
        do {
            try table.objects.forEachLeaf { leaf in
                let readers = try columns.map { try ColumnLeafReader(leaf: leaf, column: $0) }
                for row in 0..<leaf.count {
                    var line = first ? "\n        {\"_key\": " : ",\n        {\"_key\": "
                    first = false
                    line += String(try leaf.key(at: row))
                    for (column, reader) in zip(columns, readers) {
                        line += ", "
                        CanonicalValueEncoder.appendJSONString(column.name, to: &line)
                        line += ": "
                        try encoder.encode(try reader.value(at: row), inMixed: column.type == .mixed, into: &line)
                    }
                    line += "}"
                    output.write(line)
                }
            }
        } catch let error as RealmFormatError {
            throw error
        } catch {
            throw .unexpectedNode(ref: 0, context: "dump of \(table.name)", detail: "\(error)")
        }
        output.write(first ? "]\n    }" : "\n      ]\n    }")
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
