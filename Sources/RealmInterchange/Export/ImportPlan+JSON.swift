import RealmFormat

/// JSON records matched to properties by their member names. Unlike a CSV row, whose header
/// names the same properties for every row, each record names its own: a name the class does
/// not have, or a required property left out, makes that record bad rather than the file.
extension ImportPlan {
    /// Checks every record of a JSON import into an existing class, types from its schema.
    public static func existing(_ table: Table, records: [JSONImportRecord], file: RealmFile, path: String,
                         links: LinkTargetIndex) throws(InterchangeError) -> ImportPlan {
        var plan = ImportPlan()
        var check = try ExistingClassCheck(table, file: file, links: links, path: path)
        // `export json` writes every property, so a record without a required one is a mistake
        // (Realm's own `create` refuses it too: the file keeps no default values).
        let required = table.columns.filter { column in
            column.isPrimaryKey || (!column.isNullable && column.collection == nil && !column.isLink && column.type != .mixed)
        }
        for (index, record) in records.enumerated() {
            try Cancellation.check(atRecord: index)
            guard let members = record.value.members else {
                plan.badRows.append(BadRow(position: record.position, reason: "expected a JSON object, got \(JSONTextRendering.text(record.value))"))
                continue
            }
            var fields: [(column: Column, field: JSONValue)] = []
            var exportedKey: Int64?
            var knownBad: String?
            var named = Set<String>()
            for member in members {
                guard named.insert(member.key).inserted else {
                    knownBad = knownBad ?? "\(member.key) is given twice"
                    continue
                }
                if member.key == "_key" {
                    plan.ignoredKeyColumn = true
                    exportedKey = member.value.int
                } else if let column = table.column(named: member.key) {
                    fields.append((column, member.value))
                } else {
                    knownBad = knownBad ?? "\(table.displayName) has no property \(member.key)"
                }
            }
            if knownBad == nil, let missing = required.first(where: { !named.contains($0.name) }) {
                knownBad = "no \(missing.name), which every \(table.displayName) needs"
            }
            try check.check(fields, position: record.position, exportedKey: exportedKey, knownBad: knownBad, into: &plan)
        }
        return plan
    }

    /// Checks every record of a JSON import into a new class whose properties `columns` were
    /// inferred from the same records; a property a record leaves out is null (or empty).
    public static func new(columns: [NewColumn], primaryKey: String?, records: [JSONImportRecord], path: String) throws(InterchangeError) -> ImportPlan {
        var plan = ImportPlan()
        var check = NewClassCheck(primaryKey: primaryKey, path: path)
        for (index, record) in records.enumerated() {
            try Cancellation.check(atRecord: index)
            guard record.value.members != nil else {
                plan.badRows.append(BadRow(position: record.position, reason: "expected a JSON object, got \(JSONTextRendering.text(record.value))"))
                continue
            }
            let key = record.value["_key"]
            if key != nil { plan.ignoredKeyColumn = true }
            let fields = columns.map { column in (column: column, field: record.value[column.name] ?? JSONValue.null) }
            try check.check(fields, position: record.position, exportedKey: key?.int, into: &plan)
        }
        return plan
    }
}
