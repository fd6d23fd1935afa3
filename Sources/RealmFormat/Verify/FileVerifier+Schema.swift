/// The schema's cross-references (§4.5): every link column's target table exists, every forward
/// link has its backlink column in the target pointing back to it and the other way round,
/// names are unique, primary keys have a type Realm allows.
extension FileVerifier {
    func checkSchema() {
        var tableNames = Set<String>()
        for table in file.tables {
            if !tableNames.insert(table.name).inserted {
                report(VerificationProblem(.schema, table: table.name, "the table name is used twice"))
            }
            var columnNames = Set<String>()
            for column in table.columns where !columnNames.insert(column.name).inserted {
                report(VerificationProblem(.schema, table: table.name, column: column.name, "the property name is used twice"))
            }
            let primaryKeys = table.allColumns.filter(\.isPrimaryKey)
            if primaryKeys.count > 1 {
                report(VerificationProblem(.schema, table: table.name, "\(primaryKeys.count) primary key columns"))
            }
            for key in primaryKeys where ![.int, .string, .objectId, .uuid].contains(key.type) || key.collection != nil {
                report(VerificationProblem(.schema, table: table.name, column: key.name, "a primary key of type \(key.type) is not allowed"))
            }
            if table.kind == .embedded, let key = primaryKeys.first {
                report(VerificationProblem(.schema, table: table.name, column: key.name, "an embedded class has a primary key"))
            }
            for column in table.columns where column.isLink { checkLinkColumn(column, of: table) }
            for column in table.backlinkColumns { checkBacklinkColumn(column, of: table) }
        }
    }

    private func checkLinkColumn(_ column: Column, of table: Table) {
        guard let targetKey = column.targetTableKey, let target = file.table(withKey: targetKey) else {
            report(VerificationProblem(.schema, table: table.name, column: column.name,
                                       "links to table key \(column.targetTableKey.map(String.init) ?? "none"), which no table has"))
            return
        }
        guard let opposite = column.oppositeColumnKey,
              let backlinks = target.backlinkColumns.first(where: { $0.key == opposite }) else {
            report(VerificationProblem(.schema, table: table.name, column: column.name, "has no backlink column in \(target.name)"))
            return
        }
        if backlinks.targetTableKey != table.key || backlinks.oppositeColumnKey != column.key {
            report(VerificationProblem(.schema, table: target.name, column: "backlinks of \(table.name).\(column.name)",
                                       "the backlink column does not point back to \(table.name).\(column.name)"))
        }
    }

    private func checkBacklinkColumn(_ column: Column, of table: Table) {
        let place = "backlink column \(column.key.rawValue)"
        guard let originKey = column.targetTableKey, let origin = file.table(withKey: originKey),
              let originColumnKey = column.oppositeColumnKey else {
            report(VerificationProblem(.schema, table: table.name, column: place, "names no origin table and column"))
            return
        }
        guard let originColumn = origin.columns.first(where: { $0.key == originColumnKey }) else {
            report(VerificationProblem(.schema, table: table.name, column: place, "its origin column is not in \(origin.name)"))
            return
        }
        // Mixed, typed-link and dictionary-of-Mixed origins keep their own opposite entries null.
        if originColumn.isLink, originColumn.targetTableKey != table.key || originColumn.oppositeColumnKey != column.key {
            report(VerificationProblem(.schema, table: table.name, column: place,
                                       "its origin \(origin.name).\(originColumn.name) links elsewhere"))
        }
    }
}
