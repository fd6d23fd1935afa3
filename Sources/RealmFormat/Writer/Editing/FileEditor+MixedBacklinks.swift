/// Backlink columns found or added for links: a link property's target always has its backlink
/// column (it is created with the property), but a Mixed property can link to any class, and
/// Realm gives a class the backlink column of a Mixed property only when the property first
/// links there. Such a column is added in the same commit as the link, so that the file never
/// holds a Mixed link without the backlink Realm expects.
extension FileEditor {
    /// The backlink column of `targetTable` that holds the origins of `column` of `table`: the
    /// existing one, or for a Mixed property, one this transaction adds (planned here, written
    /// by `TableRebuilder` at commit with its spec entry, its per-column table arrays and a
    /// node in every cluster leaf).
    func backlinkColumn(in targetTable: Table, for column: Column, of table: Table) throws(RealmFormatError) -> Column {
        let matches = { (candidate: Column) in candidate.targetTableKey == table.key && candidate.oppositeColumnKey == column.key }
        if let existing = targetTable.backlinkColumns.first(where: matches) { return existing }
        if let added = addedBacklinkColumns[targetTable.slot]?.first(where: matches) { return added }
        guard column.type == .mixed else {
            throw .refusedEdit("\(targetTable.displayName) has no backlink column for \(table.displayName).\(column.name)")
        }
        // Its schema changes are written against the file's column layout; the new column would clash.
        try requireNoSchemaEdit(of: targetTable)
        guard let top = file.top else { throw .cannotWrite(path: path, reason: "the file has no tables to change") }
        let added = addedBacklinkColumns[targetTable.slot] ?? []
        let used = Set(targetTable.allColumns.map(\.leafIndex) + added.map(\.leafIndex))
        var leaf = 0
        while used.contains(leaf) { leaf += 1 }
        let tag = try SchemaEdits.keyTag(of: targetTable, top: top, bytes: file.mapped.bytes)
        let key = SchemaEdits.columnKey(leaf: leaf, type: .backlink, attributes: 0, tag: tag)
        let backlinkColumn = Column(name: "", key: ColumnKey(rawValue: key), type: .backlink, isNullable: false, collection: nil,
                                    isIndexed: false, isFullTextIndexed: false, isPrimaryKey: false, targetTableKey: table.key,
                                    oppositeColumnKey: column.key, specIndex: targetTable.allColumns.count + added.count,
                                    enumValuesRef: nil)
        addedBacklinkColumns[targetTable.slot] = added + [backlinkColumn]
        return backlinkColumn
    }

    /// Whether `column` is a backlink column this transaction adds to `table`.
    func isAddedBacklinkColumn(_ column: Column, of table: Table) -> Bool {
        addedBacklinkColumns[table.slot]?.contains(where: { $0.key == column.key }) == true
    }
}
