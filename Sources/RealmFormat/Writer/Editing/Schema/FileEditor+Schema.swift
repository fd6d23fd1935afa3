/// Schema edits: new classes and new properties, links included, committed like any other change.
extension FileEditor {
    /// The table key a link property stores for the table `name`: an existing table's, or the
    /// key a class added earlier in this transaction will get. Nil when there is no such table.
    public func tableKey(forTable name: String) -> Int? {
        if let table = file.table(named: name) { return Int(table.key) }
        return schema.classes.first { $0.table.name == name }.map { Int($0.key) }
    }

    /// The classes `addClass` staged (names without the class_ prefix): they exist only after
    /// the commit, which a "no class named X" right after adding X should say.
    public var stagedClassNames: [String] {
        schema.classes.map { String($0.table.name.dropFirst(Table.classPrefix.count)) }
    }

    /// The key the next new class gets: its slot at the end of the table list (realm-core gives a
    /// table in a never-used slot the slot number as key).
    public var nextTableKey: Int64 {
        Int64((file.top?.tablesNode.size ?? 0) + schema.classes.count)
    }

    /// Stages a new, empty class (`class_NAME`). Link properties name their target by table key
    /// (`tableKey(forTable:)`); a link to the class itself uses `nextTableKey`.
    public func addClass(_ name: String, columns: [NewColumn], primaryKey: String?) throws(RealmFormatError) {
        let tableName = Table.classPrefix + name
        guard !name.isEmpty, tableName.utf8.count <= 63 else { throw .refusedEdit("a class name has 1 to 57 bytes") }
        guard tableKey(forTable: tableName) == nil else {
            // Links name classes by the file's names until the commit: a name a staged rename or
            // removal frees is taken again only after it.
            if try stagedTable(named: name) == nil, schema.classes.allSatisfy({ $0.table.name != tableName }) {
                throw .refusedEdit("class \(name) is renamed or removed in this transaction; commit before giving its name to a new class")
            }
            throw .refusedEdit("class \(name) already exists")
        }
        guard Set(columns.map(\.name)).count == columns.count else { throw .refusedEdit("property names must differ") }
        let key = nextTableKey
        for column in columns { try checkProperty(column, ownKey: key) }
        if let primaryKey {
            guard let column = columns.first(where: { $0.name == primaryKey }) else {
                throw .refusedEdit("the primary key \(primaryKey) is not one of the properties")
            }
            guard column.collection == nil, [.int, .string, .objectId, .uuid].contains(column.type) else {
                throw .refusedEdit("a primary key is a single int, string, objectId or uuid")
            }
        }
        var stored = columns
        for index in stored.indices where stored[index].type == .link && stored[index].collection == nil { stored[index].isNullable = true }
        schema.addClass(NewTable(name: tableName, columns: stored, primaryKey: primaryKey, keys: [], values: stored.map { _ in [] },
                                 keySequence: 0), key: key)
    }

    /// Stages a new property on every object of the table `tableName` (an existing class or one
    /// added in this transaction): its zero value, null if optional, no link, empty collections.
    public func addProperty(_ column: NewColumn, toTable tableName: String) throws(RealmFormatError) {
        var column = column
        if column.type == .link && column.collection == nil { column.isNullable = true }
        if let index = schema.classes.firstIndex(where: { $0.table.name == tableName }) {
            let newClass = schema.classes[index]
            guard !newClass.table.columns.contains(where: { $0.name == column.name }) else {
                throw .refusedEdit("\(newClass.table.name.dropFirst(Table.classPrefix.count)) already has a property \(column.name)")
            }
            guard newClass.table.keys.isEmpty else {
                throw .refusedEdit("objects of \(newClass.table.name.dropFirst(Table.classPrefix.count)) are staged with it; commit before adding properties")
            }
            try checkProperty(column, ownKey: newClass.key)
            schema.addProperty(column, toNewClassAt: index)
            return
        }
        guard let table = file.table(named: tableName) else { throw .refusedEdit("no class \(tableName)") }
        guard table.column(named: column.name) == nil else {
            if try stagedProperty(column.name, of: table) == nil {
                throw .refusedEdit("\(table.displayName).\(column.name) is renamed or removed in this transaction; commit before giving its name to a new property")
            }
            throw .refusedEdit("\(table.displayName) already has a property \(column.name)")
        }
        try requireNoObjectEdits(of: table)
        try checkProperty(column, ownKey: Int64(table.key))
        schema.addProperty(column, toExistingSlot: table.slot)
    }

    /// Refuses object changes to a table whose schema changes in this transaction: the change
    /// would be written against the old column layout.
    func requireNoSchemaEdit(of table: Table, in schema: SchemaEdits? = nil) throws(RealmFormatError) {
        guard !(schema ?? self.schema).touchedSlots.contains(table.slot) else {
            throw .refusedEdit("the schema of \(table.displayName) changes in this transaction; commit it before changing its objects")
        }
    }

    private func requireNoObjectEdits(of table: Table) throws(RealmFormatError) {
        guard !edits.contains(where: { $0.table.slot == table.slot }) else {
            throw .refusedEdit("commit the other changes to \(table.displayName) before changing its schema")
        }
    }

    /// A property's type is storable here; a link's target exists (and gets a backlink column).
    private func checkProperty(_ column: NewColumn, ownKey: Int64) throws(RealmFormatError) {
        guard !column.name.isEmpty, column.name.utf8.count <= 63 else {
            throw .refusedEdit("a property name has 1 to 63 bytes")
        }
        guard column.type != .typedLink, column.type != .backlink, column.type != .legacyLinkList else {
            throw .refusedEdit("\(column.name): \(column.type) properties cannot be added")
        }
        guard column.type == .link else { return }
        guard let target = column.targetTable else { throw .refusedEdit("\(column.name): a link needs a target class") }
        if (column.collection == .list || column.collection == .set) && column.isNullable {
            throw .refusedEdit("\(column.name): lists and sets of links cannot hold null")
        }
        if Int64(target) == ownKey || schema.classes.contains(where: { $0.key == Int64(target) }) { return }
        guard let targetTable = file.table(withKey: UInt32(truncatingIfNeeded: target)), Int64(targetTable.key) == Int64(target) else {
            throw .refusedEdit("\(column.name): no class has the table key \(target)")
        }
        try requireNoObjectEdits(of: targetTable)
        schema.noteBacklinkTarget(slot: targetTable.slot)
    }

    /// What writing the schema edits leaves to the rest of the commit.
    struct SchemaWrite {
        /// The new table-names node, when names change (classes added, renamed or removed).
        var names: Int64?
        /// Reshaped tables whose objects also change: `TableRebuilder` writes both.
        var reshapes: [Int: TableReshape] = [:]
        /// Removed tables, whose staged object changes are not written.
        var removedSlots: Set<Int> = []
    }

    /// Writes the staged schema edits: the reshaped existing tables whose objects do not change
    /// (`TableReshaper`), the removed tables (`Group::remove_table`: the slot takes a tagged
    /// next tag, `(1 + (key >> 16)) & 0x7FFF`, the name is empty, §3.2), then the new classes
    /// at the end of the table list.
    func writeSchemaEdits(writer: NodeWriter, freed: FreedSpace, tableRefs: inout [Int64],
                          editedSlots: Set<Int>) throws(RealmFormatError) -> SchemaWrite {
        guard !schema.isEmpty, let top = file.top else { return SchemaWrite() }
        let layout = try SchemaLayout.build(file: file, edits: schema)
        var result = SchemaWrite(removedSlots: layout.removedSlots)
        for (slot, reshape) in layout.reshapes.sorted(by: { $0.key < $1.key }) {
            guard !editedSlots.contains(slot) else {
                result.reshapes[slot] = reshape
                continue
            }
            let tableTop = try file.mapped.bytes.node(at: tableRefs[slot], context: "table \(reshape.table.name)")
            tableRefs[slot] = try TableReshaper(writer: writer, file: file, reshape: reshape, top: tableTop, freed: freed).write()
        }
        for slot in layout.removedSlots.sorted() {
            guard let table = file.tables.first(where: { $0.slot == slot }) else { continue }
            try freed.addSubtree(try file.mapped.bytes.node(at: tableRefs[slot], context: "table \(table.name)"))
            tableRefs[slot] = (((1 + (Int64(table.key) >> 16)) & 0x7FFF) << 1) | 1
        }
        guard !schema.classes.isEmpty || !layout.renamedSlots.isEmpty || !layout.removedSlots.isEmpty else { return result }
        let names = try BlobLeaf(node: top.tableNamesNode, isString: true)
        var allNames: [String] = []
        for index in 0..<names.count { allNames.append(try names.element(index).string ?? "") }
        for (slot, name) in layout.renamedSlots where slot < allNames.count { allNames[slot] = name }
        for slot in layout.removedSlots where slot < allNames.count { allNames[slot] = "" }
        for (index, newClass) in schema.classes.enumerated() {
            guard Int64(tableRefs.count) == newClass.key else {
                throw .cannotWrite(path: path, reason: "internal error: class \(newClass.table.name) would get slot \(tableRefs.count), not \(newClass.key)")
            }
            tableRefs.append(try TableWriter(writer: writer, table: StreamedTable(newClass.table), tableKey: newClass.key,
                                             columns: layout.newClassColumns[index], layouts: [], backlinks: [:],
                                             columnKeySequence: 0).write { _ in })
            allNames.append(newClass.table.name)
        }
        try freed.addSubtree(top.tableNamesNode)
        result.names = try LeafEncoder(writer: writer).names(allNames)
        return result
    }
}
