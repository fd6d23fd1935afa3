/// Staging embedded objects through their parent: an embedded object exists only as the value
/// of one link of one parent (§6.20), so it is created when it is assigned or appended and
/// deleted (with the embedded objects it owns) when it is replaced, set to null or removed.
extension FileEditor {
    /// Stages a new embedded object with `values` as the value of a single link to an embedded
    /// class (nil values: null), deleting the object it replaces. Returns the new object's key.
    @discardableResult
    public func setEmbedded(_ values: [(column: Column, value: RealmValue)]?, column: Column, table: Table,
                            key: Int64) throws(RealmFormatError) -> Int64? {
        let targetTable = try embeddedTarget(of: column, in: table, collection: nil)
        return try atomically { () throws(RealmFormatError) -> Int64? in
            guard try exists(table: table, key: key) else {
                throw .refusedEdit("\(table.displayName) has no object with key \(key)")
            }
            if case let .link(_, old) = try currentValue(column: column, table: table, key: key) {
                var deleting: Set<ObjectID> = [ObjectID(tableSlot: table.slot, key: key)]
                try deleteObject(from: targetTable, key: old, deleting: &deleting)
            }
            guard let values else {
                edits.append(Edit(table: table, key: key, column: column, change: .value(.null)))
                return nil
            }
            let created = try createEmbedded(in: targetTable, values: values, parentColumn: column, parentTable: table, parent: key)
            edits.append(Edit(table: table, key: key, column: column, change: .value(.link(table: targetTable.key, key: created))))
            return created
        }
    }

    /// Stages a new embedded object with `values` at the end of a list of embedded objects.
    @discardableResult
    public func appendEmbedded(_ values: [(column: Column, value: RealmValue)], column: Column, table: Table,
                               key: Int64) throws(RealmFormatError) -> Int64 {
        let targetTable = try embeddedTarget(of: column, in: table, collection: .list)
        return try atomically { () throws(RealmFormatError) -> Int64 in
            guard try exists(table: table, key: key) else {
                throw .refusedEdit("\(table.displayName) has no object with key \(key)")
            }
            let elements = try currentLinkList(column: column, table: table, key: key)
            let created = try createEmbedded(in: targetTable, values: values, parentColumn: column, parentTable: table, parent: key)
            edits.append(Edit(table: table, key: key, column: column, change: .linkList(elements + [created])))
            return created
        }
    }

    /// Stages removing element `index` of a list of embedded objects, which deletes that object.
    public func removeEmbedded(at index: Int, column: Column, table: Table, key: Int64) throws(RealmFormatError) {
        let targetTable = try embeddedTarget(of: column, in: table, collection: .list)
        try atomically { () throws(RealmFormatError) in
            var elements = try currentLinkList(column: column, table: table, key: key)
            guard elements.indices.contains(index) else {
                throw .refusedEdit("\(table.displayName).\(column.name) has \(elements.count) elements; there is no element \(index)")
            }
            let removed = elements.remove(at: index)
            edits.append(Edit(table: table, key: key, column: column, change: .linkList(elements)))
            var deleting: Set<ObjectID> = [ObjectID(tableSlot: table.slot, key: key)]
            try deleteObject(from: targetTable, key: removed, deleting: &deleting)
        }
    }

    /// The embedded class a link property of `table` points to.
    private func embeddedTarget(of column: Column, in table: Table, collection: CollectionKind?) throws(RealmFormatError) -> Table {
        guard column.isLink, column.collection == collection, let targetKey = column.targetTableKey,
              let targetTable = file.table(withKey: targetKey), targetTable.kind == .embedded else {
            let kind = collection == nil ? "a single link" : "a list"
            throw .refusedEdit("\(table.displayName).\(column.name) is not \(kind) of embedded objects")
        }
        return targetTable
    }

    /// A new embedded object whose one backlink is its parent's.
    private func createEmbedded(in targetTable: Table, values: [(column: Column, value: RealmValue)], parentColumn: Column,
                                parentTable: Table, parent: Int64) throws(RealmFormatError) -> Int64 {
        let created = try createObject(in: targetTable, values: values)
        let backlinkColumn = try backlinkColumn(in: targetTable, for: parentColumn, of: parentTable)
        edits.append(Edit(table: targetTable, key: created, column: backlinkColumn, change: .backlinks([parent])))
        return created
    }
}
