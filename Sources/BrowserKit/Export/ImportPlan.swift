import RealmFormat

/// The rows of a CSV file checked against a class before anything is written: the valid rows
/// with their parsed values (and links, set once the objects exist), and the bad rows by line.
struct ImportPlan {
    struct Row {
        let line: Int
        /// The `_key` the row was exported with, to translate links written by key.
        var exportedKey: Int64?
        var values: [(property: String, value: RealmValue)] = []
        var links: [(property: String, cell: ImportedCell)] = []
    }

    struct BadRow {
        let line: Int
        let reason: String
    }

    var rows: [Row] = []
    var badRows: [BadRow] = []
    /// The header had a `_key` column, which is not imported (Realm assigns object keys).
    var ignoredKeyColumn = false


    /// Exported `_key` -> the key the object got, for the rows that had one.
    func keyTranslations(to keys: [Int64]) -> [Int64: Int64] {
        var translations: [Int64: Int64] = [:]
        for (row, key) in zip(rows, keys) { if let exported = row.exportedKey { translations[exported] = key } }
        return translations
    }

    /// Checks every record of an import into an existing class, types from its schema.
    static func existing(_ table: Table, records: [CSVRecord], file: RealmFile, path: String,
                         links: LinkTargetIndex) throws(BrowserError) -> ImportPlan {
        let header = try CSVTypeInference.header(of: records, path: path)
        var plan = ImportPlan()
        var columns: [Column?] = []
        var seen = Set<String>()
        for (index, field) in header.fields.enumerated() {
            let name = try CSVTypeInference.headerName(field, at: index, seen: &seen, path: path)
            if name == "_key" {
                plan.ignoredKeyColumn = true
                columns.append(nil)
                continue
            }
            guard let column = table.column(named: name) else { throw .unknownProperty(className: table.displayName, name: name) }
            columns.append(column)
        }
        if let primaryKey = table.primaryKey, !seen.contains(primaryKey.name) {
            throw .invalidInput(path: path, reason: "\(table.displayName) needs its primary key \(primaryKey.name) in every row, and the header has no \(primaryKey.name) column")
        }
        var primaryKeys = Set<String>()
        var importedKeys: [String: Int] = [:]
        if let primaryKey = table.primaryKey {
            do throws(RealmFormatError) {
                try LeafScan.forEachLeaf(of: table) { leaf throws(RealmFormatError) in
                    let reader = try ColumnLeafReader(leaf: leaf, column: primaryKey)
                    for row in 0..<leaf.count { primaryKeys.insert(ExportValueEncoder.text(of: try reader.value(at: row)) ?? "null") }
                }
            } catch {
                throw .file(error)
            }
        }
        let parser = CSVCellParser(file: file, links: links)
        for record in records.dropFirst() {
            guard record.fields.count == columns.count else {
                plan.badRows.append(BadRow(line: record.line, reason: "\(record.fields.count) field\(record.fields.count == 1 ? "" : "s"), the header has \(columns.count)"))
                continue
            }
            var row = Row(line: record.line)
            var firstBad: String?
            var primaryKey: String?
            // Every field is read, so that a value the writer cannot store refuses the import
            // even in a row that is bad for another reason.
            for (field, column) in zip(record.fields, columns) {
                guard let column else {
                    row.exportedKey = Int64(field.text.trimmingWhitespace())
                    continue
                }
                do throws(CellError) {
                    switch try parser.cell(field, column: column) {
                    case let .value(value):
                        if column.isPrimaryKey {
                            let text = ExportValueEncoder.text(of: value) ?? "null"
                            guard !primaryKeys.contains(text) else {
                                throw CellError.bad("\(table.displayName) already has an object with \(column.name) = \(CSVCellParser.shown(text))")
                            }
                            // A key two rows share is the file's mistake, not the class's.
                            if let line = importedKeys[text] {
                                throw CellError.bad("line \(line) already has \(column.name) = \(CSVCellParser.shown(text))")
                            }
                            primaryKey = text
                        }
                        row.values.append((column.name, value))
                    case .nothing: break
                    case let cell: row.links.append((column.name, cell))
                    }
                } catch {
                    switch error {
                    case let .bad(reason): firstBad = firstBad ?? reason
                    case let .unsupported(reason): throw .invalidInput(path: path, reason: "line \(record.line): \(reason); nothing was imported")
                    }
                }
            }
            if let firstBad {
                plan.badRows.append(BadRow(line: record.line, reason: firstBad))
            } else {
                if let primaryKey { importedKeys[primaryKey] = record.line }
                plan.rows.append(row)
            }
        }
        return plan
    }

    /// Checks every record of an import into a new class whose properties `columns` were
    /// inferred from the same records (`nil` for the ignored `_key` column).
    static func new(columns: [NewColumn?], primaryKey: String?, records: [CSVRecord], path: String) throws(BrowserError) -> ImportPlan {
        var plan = ImportPlan()
        plan.ignoredKeyColumn = columns.contains { $0 == nil }
        var primaryKeys = Set<String>()
        for record in records.dropFirst() {
            guard record.fields.count == columns.count else {
                plan.badRows.append(BadRow(line: record.line, reason: "\(record.fields.count) field\(record.fields.count == 1 ? "" : "s"), the header has \(columns.count)"))
                continue
            }
            var row = Row(line: record.line)
            do throws(CellError) {
                for (field, column) in zip(record.fields, columns) {
                    guard let column else {
                        row.exportedKey = Int64(field.text.trimmingWhitespace())
                        continue
                    }
                    row.values.append((column.name, try CSVCellParser.value(field, type: column.type, isNullable: column.isNullable, property: column.name)))
                }
                if let primaryKey, let value = row.values.first(where: { $0.property == primaryKey })?.value {
                    let text = ExportValueEncoder.text(of: value) ?? "null"
                    guard primaryKeys.insert(text).inserted else {
                        throw CellError.bad("an earlier row already has \(primaryKey) = \(CSVCellParser.shown(text))")
                    }
                }
                plan.rows.append(row)
            } catch {
                switch error {
                case let .bad(reason): plan.badRows.append(BadRow(line: record.line, reason: reason))
                case let .unsupported(reason): throw .invalidInput(path: path, reason: "line \(record.line): \(reason); nothing was imported")
                }
            }
        }
        return plan
    }
}
