import RealmFormat

/// A property value an import reads: a CSV field (text) or a JSON value. Both are checked by
/// the same code (`ExistingClassCheck`, `NewClassCheck`); only turning one into a value differs.
public protocol ImportField {
    /// The value for a property of an existing class, as its schema requires.
    func cell(_ parser: CSVCellParser, column: Column) throws(CellError) -> ImportedCell
    /// The value for a property of a new class, of the type inferred for it.
    func value(of column: NewColumn) throws(CellError) -> NewValue
}

extension CSVField: ImportField {
    public func cell(_ parser: CSVCellParser, column: Column) throws(CellError) -> ImportedCell {
        try parser.cell(self, column: column)
    }

    public func value(of column: NewColumn) throws(CellError) -> NewValue {
        .scalar(try CSVCellParser.value(self, type: column.type, isNullable: column.isNullable, property: column.name))
    }
}

extension JSONValue: ImportField {
    public func cell(_ parser: CSVCellParser, column: Column) throws(CellError) -> ImportedCell {
        try parser.cell(self, column: column)
    }

    /// Lists are the only collections a new class is inferred with (`JSONTypeInference`).
    public func value(of column: NewColumn) throws(CellError) -> NewValue {
        guard column.collection == .list else {
            return .scalar(try CSVCellParser.scalar(self, type: column.type, isNullable: column.isNullable, property: column.name))
        }
        switch self {
        case .null: return .list([])
        case let .array(items):
            var values: [RealmValue] = []
            for item in items {
                values.append(try CSVCellParser.scalar(item, type: column.type, isNullable: column.isNullable, property: column.name))
            }
            return .list(values)
        default: throw .bad("\(column.name): expected a JSON array, got \(JSONTextRendering.text(self))")
        }
    }
}

/// Checks the records of an import into an existing class one by one: every field read as the
/// schema requires, and primary keys new to the class and to the file.
public struct ExistingClassCheck {
    public let table: Table
    public let path: String
    private let parser: CSVCellParser
    /// The primary keys the class holds, as text.
    private var storedKeys = Set<String>()
    /// The primary keys of the valid records so far, and where each was.
    private var importedKeys: [String: ImportPosition] = [:]

    public init(_ table: Table, file: RealmFile, links: LinkTargetIndex, path: String) throws(InterchangeError) {
        self.table = table
        self.path = path
        parser = CSVCellParser(file: file, links: links)
        guard let primaryKey = table.primaryKey else { return }
        var keys = Set<String>()
        do throws(RealmFormatError) {
            try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
                let reader = try ColumnLeafReader(leaf: leaf, column: primaryKey)
                for row in 0..<leaf.count { keys.insert(ExportValueEncoder.text(of: try reader.value(at: row)) ?? "null") }
            }
        } catch {
            throw .file(error)
        }
        storedKeys = keys
    }

    /// Adds the record to `plan`'s rows, or to its bad rows with the first reason found
    /// (`knownBad`, found by the caller, comes first). A value the writer cannot store refuses
    /// the whole import.
    public mutating func check<Field: ImportField>(_ fields: [(column: Column, field: Field)], position: ImportPosition, exportedKey: Int64?,
                                            knownBad: String? = nil, into plan: inout ImportPlan) throws(InterchangeError) {
        var row = ImportPlan.Row(position: position, exportedKey: exportedKey)
        var firstBad = knownBad
        var primaryKey: String?
        // Every field is read, so that a value the writer cannot store refuses the import
        // even in a row that is bad for another reason.
        for (column, field) in fields {
            do throws(CellError) {
                switch try field.cell(parser, column: column) {
                case let .value(value):
                    if column.isPrimaryKey {
                        let text = ExportValueEncoder.text(of: value) ?? "null"
                        guard !storedKeys.contains(text) else {
                            throw CellError.bad("\(table.displayName) already has an object with \(column.name) = \(CSVCellParser.shown(text))")
                        }
                        // A key two records share is the file's mistake, not the class's.
                        if let earlier = importedKeys[text] {
                            throw CellError.bad("\(earlier) already has \(column.name) = \(CSVCellParser.shown(text))")
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
                case let .unsupported(reason): throw .invalidInput(path: path, reason: "\(position): \(reason); nothing was imported")
                }
            }
        }
        if let firstBad {
            plan.badRows.append(ImportPlan.BadRow(position: position, reason: firstBad))
        } else {
            if let primaryKey { importedKeys[primaryKey] = position }
            plan.rows.append(row)
        }
    }
}

/// Checks the records of an import into a new class one by one, against the inferred types,
/// with primary keys unique among them.
public struct NewClassCheck {
    public let primaryKey: String?
    public let path: String
    private var seen = Set<String>()

    public init(primaryKey: String?, path: String) {
        self.primaryKey = primaryKey
        self.path = path
    }

    /// `fields` holds every column of the new class, in order.
    public mutating func check<Field: ImportField>(_ fields: [(column: NewColumn, field: Field)], position: ImportPosition, exportedKey: Int64?,
                                            into plan: inout ImportPlan) throws(InterchangeError) {
        var row = ImportPlan.Row(position: position, exportedKey: exportedKey)
        do throws(CellError) {
            var key: String?
            for (column, field) in fields {
                let value = try field.value(of: column)
                if column.name == primaryKey, case let .scalar(scalar) = value {
                    let text = ExportValueEncoder.text(of: scalar) ?? "null"
                    guard !seen.contains(text) else {
                        throw CellError.bad("an earlier \(position.noun) already has \(column.name) = \(CSVCellParser.shown(text))")
                    }
                    key = text
                }
                row.ordered.append(value)
            }
            // Only a valid record's key counts: a skipped one must not make a later one a duplicate.
            if let key { seen.insert(key) }
            plan.rows.append(row)
        } catch {
            switch error {
            case let .bad(reason): plan.badRows.append(ImportPlan.BadRow(position: position, reason: reason))
            case let .unsupported(reason): throw .invalidInput(path: path, reason: "\(position): \(reason); nothing was imported")
            }
        }
    }
}
