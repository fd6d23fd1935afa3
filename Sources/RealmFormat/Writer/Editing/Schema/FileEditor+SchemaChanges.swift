/// Renaming and removing properties and classes of the file, staged like any edit and written
/// at commit by `SchemaLayout` and the table writers. What each costs is returned for the
/// preview (`status`); a refusal stages nothing.
extension FileEditor {
    /// What removing a property drops.
    public struct PropertyRemoval: Sendable {
        /// Objects holding a value (not null, not an empty collection).
        public let values: Int
        /// Elements of its lists, sets or dictionaries.
        public let elements: Int
        /// Embedded objects deleted with it (they had no other owner, §6.20).
        public let deletedEmbedded: Int
        public let wasPrimaryKey: Bool
    }

    /// What removing a class drops.
    public struct ClassRemoval: Sendable {
        public let objects: Int
        public let deletedEmbedded: Int
    }

    /// Stages `Table::rename_column`: only the spec's name changes; values, index and links stay.
    public func renameProperty(_ name: String, of table: Table, to newName: String) throws(RealmFormatError) {
        try requireChangeableSchema(of: table)
        let column = try changeableColumn(name, of: table)
        try checkNewPropertyName(newName, in: table)
        try atomically { () throws(RealmFormatError) in
            schema.change(.renameProperty(slot: table.slot, key: column.key.rawValue, name: newName), slot: table.slot)
        }
    }

    /// Stages `Table::remove_column`: the column's values, its search index, a link's backlink
    /// column in the target, the backlink columns a Mixed property fed, and the embedded objects
    /// only it owned (deleted as realm-core deletes them, with their own links' backlinks).
    public func removeProperty(_ name: String, of table: Table) throws(RealmFormatError) -> PropertyRemoval {
        try requireChangeableSchema(of: table)
        let column = try changeableColumn(name, of: table)
        let counts = try valueCounts(of: column, in: table)
        return try atomically(deletingEmbedded: true) { () throws(RealmFormatError) -> PropertyRemoval in
            let before = edits.count
            try deleteEmbeddedObjects(ownedThrough: [column], of: table)
            let deleted = edits[before...].filter(\.isDeletion).count
            schema.change(.removeProperty(slot: table.slot, key: column.key.rawValue), slot: table.slot,
                          alsoTouching: backlinkTables(of: [column], in: table))
            return PropertyRemoval(values: counts.values, elements: counts.elements, deletedEmbedded: deleted,
                                   wasPrimaryKey: column.isPrimaryKey)
        }
    }

    /// Stages `Group::rename_table`: links name tables by key, so they follow by themselves.
    public func renameClass(_ table: Table, to newName: String) throws(RealmFormatError) {
        try requireChangeableSchema(of: table)
        let tableName = Table.classPrefix + newName
        guard !newName.isEmpty, tableName.utf8.count <= 63 else { throw .refusedEdit("a class name has 1 to 57 bytes") }
        guard try stagedTable(named: newName) == nil, !stagedClassNames.contains(newName) else {
            throw .refusedEdit("class \(newName) already exists")
        }
        try atomically { () throws(RealmFormatError) in
            schema.change(.renameClass(slot: table.slot, name: tableName), slot: table.slot)
        }
    }

    /// Stages `Group::remove_table`, which realm-core refuses while another class links to the
    /// table (`CrossTableLinkTarget`): the refusal names those properties. Links out of the class
    /// lose their backlink columns; embedded objects it owned are deleted.
    public func removeClass(_ table: Table) throws(RealmFormatError) -> ClassRemoval {
        try requireChangeableSchema(of: table)
        let className = try stagedClassName(of: table)
        var origins: [String] = []
        // The backlink columns the staged edits leave (a link removed earlier took its own).
        let remaining = try stagedLayout().reshapes[table.slot].map { reshape in Set(reshape.columns.map(\.key)) }
        for backlink in table.backlinkColumns where backlink.targetTableKey != table.key {
            guard remaining?.contains(backlink.key.rawValue) ?? true else { continue }
            origins.append(describeOrigin(of: backlink))
        }
        for newClass in schema.classes where newClass.table.columns.contains(where: { $0.targetTable == Int(table.key) }) {
            origins.append(String(newClass.table.name.dropFirst(Table.classPrefix.count)) + " (added in this transaction)")
        }
        for case let .addProperty(property) in schema.operations where property.column.targetTable == Int(table.key) {
            origins.append("\(property.column.name) (added in this transaction)")
        }
        guard origins.isEmpty else {
            let list = Array(Set(origins)).sorted().joined(separator: ", ")
            throw .refusedEdit("\(className) cannot be removed while other classes link to it: \(list); remove or change those properties first")
        }
        let columns = table.columns
        // The objects the class still holds: those deleted earlier in the transaction (embedded
        // objects whose owning property was removed) are not dropped twice.
        var objects = 0
        try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            for row in 0..<leaf.count where try exists(table: table, key: try leaf.key(at: row)) { objects += 1 }
        }
        return try atomically(deletingEmbedded: true) { () throws(RealmFormatError) -> ClassRemoval in
            let before = edits.count
            try deleteEmbeddedObjects(ownedThrough: columns, of: table)
            let deleted = edits[before...].filter(\.isDeletion).count
            schema.change(.removeClass(slot: table.slot), slot: table.slot, alsoTouching: backlinkTables(of: columns, in: table))
            return ClassRemoval(objects: objects, deletedEmbedded: deleted)
        }
    }

    /// `Specimen.category` for the backlink column its links feed.
    func describeOrigin(of backlink: Column) -> String {
        guard let origin = backlink.targetTableKey.flatMap({ file.table(withKey: $0) }) else { return "?" }
        let property = origin.columns.first { $0.key == backlink.oppositeColumnKey }?.name ?? "?"
        let name = (try? stagedClassName(of: origin)) ?? origin.displayName
        return "\(name).\(property)"
    }

    /// A new property name: 1 to 63 bytes, not one the class has (after the staged edits).
    func checkNewPropertyName(_ name: String, in table: Table) throws(RealmFormatError) {
        guard !name.isEmpty, name.utf8.count <= 63 else { throw .refusedEdit("a property name has 1 to 63 bytes") }
        guard try stagedProperty(name, of: table) == nil else {
            throw .refusedEdit("\(try stagedClassName(of: table)) already has a property \(name)")
        }
    }

    /// Tables other than `table` whose backlink columns go with `columns`: their link targets,
    /// and the tables holding backlink columns of their Mixed values (§4.5).
    private func backlinkTables(of columns: [Column], in table: Table) -> Set<Int> {
        var slots: Set<Int> = []
        for column in columns {
            if column.isLink, let target = column.targetTableKey.flatMap({ file.table(withKey: $0) }) { slots.insert(target.slot) }
            guard column.type == .mixed else { continue }
            for other in file.tables where other.backlinkColumns.contains(where: { $0.targetTableKey == table.key && $0.oppositeColumnKey == column.key }) {
                slots.insert(other.slot)
            }
        }
        slots.remove(table.slot)
        return slots
    }

    /// Stages deleting the embedded objects that the objects of `table` own through `columns`:
    /// once the link is gone they would have no owner, which Realm never allows (§6.20).
    private func deleteEmbeddedObjects(ownedThrough columns: [Column], of table: Table) throws(RealmFormatError) {
        let owning = columns.filter { column in
            column.isLink && column.targetTableKey != table.key
                && column.targetTableKey.flatMap({ file.table(withKey: $0) })?.kind == .embedded
        }
        guard !owning.isEmpty else { return }
        guard edits.highestCreatedKey(tableSlot: table.slot) == nil else {
            throw .refusedEdit("objects of \(table.displayName) are created in this transaction; commit them before removing what owns embedded objects")
        }
        var owners: [Int64] = []
        try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            for row in 0..<leaf.count { owners.append(try leaf.key(at: row)) }
        }
        for column in owning {
            guard let target = column.targetTableKey.flatMap({ file.table(withKey: $0) }) else { continue }
            for owner in owners where try exists(table: table, key: owner) {
                for link in try links(in: try currentStored(column: column, table: table, key: owner), column: column) {
                    guard try exists(table: target, key: link.key) else { continue }
                    var deleting: Set<ObjectID> = [ObjectID(tableSlot: table.slot, key: owner)]
                    try deleteObject(from: target, key: link.key, deleting: &deleting)
                }
            }
        }
    }

    /// Objects holding a value of `column` (not null, not an empty collection) and the elements
    /// of its collections, as the file has them.
    func valueCounts(of column: Column, in table: Table) throws(RealmFormatError) -> (values: Int, elements: Int) {
        var values = 0
        var elements = 0
        try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            let reader = try ColumnLeafReader(leaf: leaf, column: column)
            for row in 0..<leaf.count {
                if column.collection != nil {
                    let size = try reader.collectionSize(at: row)
                    elements += size
                    if size > 0 { values += 1 }
                } else if try reader.value(at: row) != .null {
                    values += 1
                }
            }
        }
        return (values, elements)
    }
}
