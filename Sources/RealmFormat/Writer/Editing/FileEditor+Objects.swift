/// Staging changes that involve links and objects: re-pointing links, editing lists of links,
/// creating and deleting objects, with the backlink columns they affect.
extension FileEditor {
    /// Stages pointing a single link at `target` (nil for null), keeping the backlink columns of
    /// the old and the new target right. Returns false, staging nothing, when the link already
    /// points there, so a transaction does not list (and count) a change that changes nothing.
    @discardableResult
    public func setLink(to target: Int64?, column: Column, table: Table, key: Int64) throws(RealmFormatError) -> Bool {
        guard column.type == .link, column.collection == nil, let targetKey = column.targetTableKey,
              let targetTable = file.table(withKey: targetKey) else {
            throw .refusedEdit("\(column.name) is not a single link")
        }
        guard targetTable.kind != .embedded else {
            throw .refusedEdit("an embedded object belongs to its parent and cannot be linked elsewhere; set a new one with = { PROPERTY: VALUE, ... }")
        }
        guard let backlinkColumn = targetTable.backlinkColumns.first(where: { $0.targetTableKey == table.key && $0.oppositeColumnKey == column.key }) else {
            throw .refusedEdit("\(targetTable.displayName) has no backlink column for \(table.displayName).\(column.name)")
        }
        if let target, try !exists(table: targetTable, key: target) {
            throw .refusedEdit("\(targetTable.displayName) has no object with key \(target)")
        }
        guard try exists(table: table, key: key) else {
            throw .refusedEdit("\(table.displayName) has no object with key \(key)")
        }
        var old: Int64?
        if case let .link(_, current) = try currentValue(column: column, table: table, key: key) { old = current }
        guard old != target else { return false }
        try atomically { () throws(RealmFormatError) in
            edits.append(Edit(table: table, key: key, column: column, change: .value(target.map { .link(table: targetKey, key: $0) } ?? .null)))
            if let old { try adjustBacklinks(column: backlinkColumn, table: targetTable, key: old, origin: key, delta: -1) }
            if let target { try adjustBacklinks(column: backlinkColumn, table: targetTable, key: target, origin: key, delta: 1) }
        }
        return true
    }

    /// Stages a new object at the end of `table` and returns its object key. Properties not
    /// given get Realm's defaults (zero values, or null where optional). The key comes from the
    /// table's key sequence (top slot 9), as realm-core allocates it (§5.6).
    public func create(in table: Table, values: [(column: Column, value: RealmValue)]) throws(RealmFormatError) -> Int64 {
        try requireNoSchemaEdit(of: table)
        guard table.kind == .topLevel else { throw .refusedEdit("embedded objects are created through their parent") }
        return try createObject(in: table, values: values)
    }

    /// `create` without the check for embedded classes (their objects are created by
    /// `setEmbedded`/`appendEmbedded`, which also link them to their parent).
    func createObject(in table: Table, values: [(column: Column, value: RealmValue)]) throws(RealmFormatError) -> Int64 {
        for (column, _) in values where !(column.collection == nil && FileEditor.editableTypes.contains(column.type)) {
            throw .refusedEdit("\(column.name): only single values of scalar types can be given at creation; set links afterwards")
        }
        if let primaryKey = table.primaryKey {
            guard let value = values.first(where: { $0.column.key == primaryKey.key })?.value, value != .null || primaryKey.isNullable else {
                throw .refusedEdit("\(table.displayName) needs its primary key \(primaryKey.name)")
            }
            try requireUniquePrimaryKey(value, column: primaryKey, table: table, except: nil)
        }
        let key = try nextKey(in: table)
        if let primaryKey = table.primaryKey, let value = values.first(where: { $0.column.key == primaryKey.key })?.value {
            primaryKeys.noteStaged(value, key: key, tableSlot: table.slot)
        }
        var byLeaf: [Int: RealmValue] = [:]
        for (column, value) in values { byLeaf[column.leafIndex] = value }
        edits.append(Edit(table: table, key: key, column: table.allColumns[0], change: .create(byLeaf)))
        return key
    }

    /// Throws unless no object of `table` but `except` has `value` as its primary key (with the
    /// staged changes): the candidates (objects of the file that had it, staged objects that
    /// were given it) are checked against their current values.
    func requireUniquePrimaryKey(_ value: RealmValue, column: Column, table: Table, except: Int64?) throws(RealmFormatError) {
        for key in try primaryKeys.candidates(for: value, column: column, table: table) where key != except {
            guard try exists(table: table, key: key), try currentValue(column: column, table: table, key: key) == value else { continue }
            let shown: String
            switch value {
            case let .string(text): shown = "\"\(text)\""
            case let .int(number): shown = String(number)
            default: shown = "that value"
            }
            throw .refusedEdit("\(table.displayName) already has an object with \(column.name) = \(shown)")
        }
    }

    /// The key of the next new object: the table's sequence number (past every key in the file
    /// and every key staged), squeezed for tables without a primary key; skipping used keys.
    private func nextKey(in table: Table) throws(RealmFormatError) -> Int64 {
        var sequence: Int64 = 0
        if let top = file.top, table.slot < top.tablesNode.size {
            let tableTop = try file.mapped.bytes.node(at: try top.tablesNode.int(table.slot), context: "table \(table.name)")
            if tableTop.size > 9, case let .tagged(value) = try tableTop.slot(9) { sequence = value }
        }
        var highest: Int64 = -1
        if table.objects.count > 0, let (leaf, row) = try table.objects.leaf(atPosition: table.objects.count - 1) {
            highest = try leaf.key(at: row)
        }
        if let created = edits.highestCreatedKey(tableSlot: table.slot) { highest = max(highest, created) }
        if highest >= 0 { sequence = max(sequence, ObjectKeys.nextSequence(after: [highest], hasPrimaryKey: table.primaryKey != nil)) }
        while true {
            let key = table.primaryKey == nil ? ObjectKeys.squeezed(sequence) : sequence
            if try table.objects.find(key: key) == nil { return key }
            sequence += 1
        }
    }

    /// Stages a new content for a list of links (`append`, `remove`, `move`), keeping the
    /// targets' backlink columns right: one backlink per list element.
    public func setLinkList(_ keys: [Int64], column: Column, table: Table, key: Int64) throws(RealmFormatError) {
        guard column.isLink, column.collection == .list, let targetKey = column.targetTableKey,
              let targetTable = file.table(withKey: targetKey) else {
            throw .refusedEdit("\(column.name) is not a list of links")
        }
        if targetTable.kind == .embedded {
            // Embedded objects belong to one list entry each: only their order can change here;
            // `appendEmbedded` and `removeEmbedded` create and delete them.
            guard try currentLinkList(column: column, table: table, key: key).sorted() == keys.sorted() else {
                throw .refusedEdit("embedded objects are added with 'append LIST { ... }' and deleted with 'remove LIST[I]'")
            }
        }
        guard let backlinkColumn = targetTable.backlinkColumns.first(where: { $0.targetTableKey == table.key && $0.oppositeColumnKey == column.key }) else {
            throw .refusedEdit("\(targetTable.displayName) has no backlink column for \(table.displayName).\(column.name)")
        }
        guard try exists(table: table, key: key) else {
            throw .refusedEdit("\(table.displayName) has no object with key \(key)")
        }
        for target in Set(keys) where try !exists(table: targetTable, key: target) {
            throw .refusedEdit("\(targetTable.displayName) has no object with key \(target)")
        }
        let old = try currentLinkList(column: column, table: table, key: key)
        try atomically { () throws(RealmFormatError) in
            edits.append(Edit(table: table, key: key, column: column, change: .linkList(keys)))
            var counts: [Int64: Int] = [:]
            for target in keys { counts[target, default: 0] += 1 }
            for target in old { counts[target, default: 0] -= 1 }
            for (target, delta) in counts.sorted(by: { $0.key < $1.key }) where delta != 0 {
                try adjustBacklinks(column: backlinkColumn, table: targetTable, key: target, origin: key, delta: delta)
            }
        }
    }

    /// The elements of a list of links with the staged changes applied.
    public func currentLinkList(column: Column, table: Table, key: Int64) throws(RealmFormatError) -> [Int64] {
        TableSetWriter.linkedKeys(try currentStored(column: column, table: table, key: key))
    }

    /// The value a property has with the staged changes applied (collections as summaries when
    /// they are unchanged; see `currentStored` for their elements).
    func currentValue(column: Column, table: Table, key: Int64) throws(RealmFormatError) -> RealmValue {
        if let staged = stagedChange(column: column, table: table, key: key) {
            switch staged {
            case let .value(value): return value
            case let .create(values): return values[column.leafIndex] ?? TableAppender.defaultValue(column)
            default: return .null
            }
        }
        guard let (leaf, row) = try table.objects.find(key: key) else { return .null }
        return try ColumnLeafReader(leaf: leaf, column: column).value(at: row)
    }

    /// The whole stored value of a property with the staged changes applied: collections (and
    /// collections nested in Mixed) with their elements.
    func currentStored(column: Column, table: Table, key: Int64) throws(RealmFormatError) -> NewValue {
        if let staged = stagedChange(column: column, table: table, key: key) {
            switch staged {
            case let .value(value): return .scalar(value)
            case let .linkList(keys): return .list(keys.map { .link(table: column.targetTableKey ?? 0, key: $0) })
            case let .replace(value): return value
            case let .create(values):
                if let given = values[column.leafIndex] { return .scalar(given) }
                if case let .value(value) = TableRebuilder.defaultCell(column) { return value }
                return .scalar(.null)
            default: return .scalar(.null)
            }
        }
        guard let (leaf, row) = try table.objects.find(key: key) else { return .scalar(.null) }
        return try TableRebuilder.stored(try ColumnLeafReader(leaf: leaf, column: column).value(at: row), collections: CollectionReader(file: file))
    }

    func currentBacklinks(column: Column, table: Table, key: Int64) throws(RealmFormatError) -> [Int64] {
        if let staged = stagedChange(column: column, table: table, key: key) {
            if case let .backlinks(keys) = staged { return keys }
            return []
        }
        // A backlink column this transaction adds holds nothing in the file yet.
        if isAddedBacklinkColumn(column, of: table) { return [] }
        guard let (leaf, row) = try table.objects.find(key: key) else { return [] }
        return try ColumnLeafReader(leaf: leaf, column: column).backlinks(at: row)
    }

    /// The latest staged change that decides `column` of the object: one to that property, or
    /// the object's creation or deletion (looked up in the index of staged changes).
    private func stagedChange(column: Column, table: Table, key: Int64) -> Change? {
        edits.latestChange(tableSlot: table.slot, key: key, leafIndex: column.leafIndex)
    }

    /// Whether the object exists once the staged changes are applied.
    public func exists(table: Table, key: Int64) throws(RealmFormatError) -> Bool {
        if let staged = edits.stagedExistence(tableSlot: table.slot, key: key) { return staged }
        return try table.objects.find(key: key) != nil
    }

    /// Runs a staging step whole or not at all: a failure drops the edits it had staged, so
    /// that a failed statement leaves the earlier pending changes exactly as they were.
    /// `deletingEmbedded`: the step may delete embedded objects of a class whose schema already
    /// changes in the transaction (a second property owning them removed after the first took
    /// its backlink column): a deletion drops whole rows, which the commit's rebuild of the
    /// reshaped table does whatever its columns become.
    func atomically<T>(deletingEmbedded: Bool = false, _ body: () throws(RealmFormatError) -> T) throws(RealmFormatError) -> T {
        let mark = edits.mark
        let count = edits.count
        let stagedSchema = schema
        let stagedBacklinkColumns = addedBacklinkColumns
        do {
            let result = try body()
            // Against the schema edits staged before this step: a schema change may stage object
            // changes of its own (embedded objects it deletes) just before it.
            for edit in edits[count...] where !(deletingEmbedded && edit.isDeletion && edit.table.kind == .embedded) {
                try requireNoSchemaEdit(of: edit.table, in: stagedSchema)
            }
            return result
        } catch {
            edits.rollback(to: mark)
            schema = stagedSchema
            addedBacklinkColumns = stagedBacklinkColumns
            throw error
        }
    }

    /// Stages `delta` more (or, negative, fewer) entries of `origin` in the backlink column
    /// `column` of the object (`table`, `key`), changing the staged entry in place when there
    /// is one: each link costs O(1), however many backlinks its target has (removal searches
    /// the entry, as realm-core does).
    func adjustBacklinks(column: Column, table: Table, key: Int64, origin: Int64, delta: Int) throws(RealmFormatError) {
        guard delta != 0 else { return }
        let position: Int
        if let staged = edits.backlinkChange(tableSlot: table.slot, key: key, leafIndex: column.leafIndex) {
            position = staged
        } else {
            let origins = try currentBacklinks(column: column, table: table, key: key)
            edits.append(Edit(table: table, key: key, column: column, change: .backlinks(origins)))
            position = edits.count - 1
        }
        edits.adjustBacklinks(at: position, origin: origin, delta: delta)
    }

    public var pendingChanges: Int { edits.count + schema.count }
}
