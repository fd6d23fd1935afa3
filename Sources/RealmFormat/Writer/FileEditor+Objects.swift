/// Staging changes that involve links and objects: re-pointing links, editing lists of links,
/// creating and deleting objects, with the backlink columns they affect.
extension FileEditor {
    /// Stages pointing a single link at `target` (nil for null), keeping the backlink columns of
    /// the old and the new target right.
    public func setLink(to target: Int64?, column: Column, table: Table, key: Int64) throws(RealmFormatError) {
        guard column.type == .link, column.collection == nil, let targetKey = column.targetTableKey,
              let targetTable = file.table(withKey: targetKey) else {
            throw .cannotWrite(path: path, reason: "\(column.name) is not a single link")
        }
        guard targetTable.kind != .embedded else {
            throw .cannotWrite(path: path, reason: "an embedded object belongs to its parent and cannot be linked elsewhere; set a new one with = { PROPERTY: VALUE, ... }")
        }
        guard let backlinkColumn = targetTable.backlinkColumns.first(where: { $0.targetTableKey == table.key && $0.oppositeColumnKey == column.key }) else {
            throw .cannotWrite(path: path, reason: "\(targetTable.displayName) has no backlink column for \(table.displayName).\(column.name)")
        }
        if let target, try !exists(table: targetTable, key: target) {
            throw .cannotWrite(path: path, reason: "\(targetTable.displayName) has no object with key \(target)")
        }
        guard try exists(table: table, key: key) else {
            throw .cannotWrite(path: path, reason: "\(table.displayName) has no object with key \(key)")
        }
        var old: Int64?
        if case let .link(_, current) = try currentValue(column: column, table: table, key: key) { old = current }
        guard old != target else { return }
        try atomically { () throws(RealmFormatError) in
            edits.append(Edit(table: table, key: key, column: column, change: .value(target.map { .link(table: targetKey, key: $0) } ?? .null)))
            if let old {
                let origins = FileEditor.removing(key, count: 1, from: try currentBacklinks(column: backlinkColumn, table: targetTable, key: old))
                edits.append(Edit(table: targetTable, key: old, column: backlinkColumn, change: .backlinks(origins)))
            }
            if let target {
                let origins = try currentBacklinks(column: backlinkColumn, table: targetTable, key: target) + [key]
                edits.append(Edit(table: targetTable, key: target, column: backlinkColumn, change: .backlinks(origins)))
            }
        }
    }

    /// Stages a new object at the end of `table` and returns its object key. Properties not
    /// given get Realm's defaults (zero values, or null where optional). The key comes from the
    /// table's key sequence (top slot 9), as realm-core allocates it (§5.6).
    public func create(in table: Table, values: [(column: Column, value: RealmValue)]) throws(RealmFormatError) -> Int64 {
        try requireNoSchemaEdit(of: table)
        guard table.kind == .topLevel else { throw .cannotWrite(path: path, reason: "embedded objects are created through their parent") }
        return try createObject(in: table, values: values)
    }

    /// `create` without the check for embedded classes (their objects are created by
    /// `setEmbedded`/`appendEmbedded`, which also link them to their parent).
    func createObject(in table: Table, values: [(column: Column, value: RealmValue)]) throws(RealmFormatError) -> Int64 {
        for (column, _) in values where !(column.collection == nil && FileEditor.editableTypes.contains(column.type)) {
            throw .cannotWrite(path: path, reason: "\(column.name): only single values of scalar types can be given at creation; set links afterwards")
        }
        if let primaryKey = table.primaryKey {
            guard let value = values.first(where: { $0.column.key == primaryKey.key })?.value, value != .null || primaryKey.isNullable else {
                throw .cannotWrite(path: path, reason: "\(table.displayName) needs its primary key \(primaryKey.name)")
            }
            guard try !primaryKeyTaken(value, column: primaryKey, table: table) else {
                let shown: String
                switch value {
                case let .string(text): shown = "\"\(text)\""
                case let .int(number): shown = String(number)
                default: shown = "that value"
                }
                throw .cannotWrite(path: path, reason: "\(table.displayName) already has an object with \(primaryKey.name) = \(shown)")
            }
        }
        let key = try nextKey(in: table)
        var byLeaf: [Int: RealmValue] = [:]
        for (column, value) in values { byLeaf[column.leafIndex] = value }
        edits.append(Edit(table: table, key: key, column: table.allColumns[0], change: .create(byLeaf)))
        return key
    }

    /// Whether an object of `table` (with the staged changes) has `value` as its primary key.
    private func primaryKeyTaken(_ value: RealmValue, column: Column, table: Table) throws(RealmFormatError) -> Bool {
        var staged: Set<Int64> = []
        for edit in edits where edit.table.slot == table.slot { staged.insert(edit.key) }
        for key in staged where try exists(table: table, key: key) {
            if try currentValue(column: column, table: table, key: key) == value { return true }
        }
        var taken = false
        try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            let reader = try ColumnLeafReader(leaf: leaf, column: column)
            for row in 0..<leaf.count {
                let key = try leaf.key(at: row)
                if !staged.contains(key), try reader.value(at: row) == value { taken = true }
            }
        }
        return taken
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
        for edit in edits where edit.table.slot == table.slot && edit.isCreation { highest = max(highest, edit.key) }
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
            throw .cannotWrite(path: path, reason: "\(column.name) is not a list of links")
        }
        if targetTable.kind == .embedded {
            // Embedded objects belong to one list entry each: only their order can change here;
            // `appendEmbedded` and `removeEmbedded` create and delete them.
            guard try currentLinkList(column: column, table: table, key: key).sorted() == keys.sorted() else {
                throw .cannotWrite(path: path, reason: "embedded objects are added with 'append LIST { ... }' and deleted with 'remove LIST[I]'")
            }
        }
        guard let backlinkColumn = targetTable.backlinkColumns.first(where: { $0.targetTableKey == table.key && $0.oppositeColumnKey == column.key }) else {
            throw .cannotWrite(path: path, reason: "\(targetTable.displayName) has no backlink column for \(table.displayName).\(column.name)")
        }
        guard try exists(table: table, key: key) else {
            throw .cannotWrite(path: path, reason: "\(table.displayName) has no object with key \(key)")
        }
        for target in Set(keys) where try !exists(table: targetTable, key: target) {
            throw .cannotWrite(path: path, reason: "\(targetTable.displayName) has no object with key \(target)")
        }
        let old = try currentLinkList(column: column, table: table, key: key)
        try atomically { () throws(RealmFormatError) in
            edits.append(Edit(table: table, key: key, column: column, change: .linkList(keys)))
            var counts: [Int64: Int] = [:]
            for target in keys { counts[target, default: 0] += 1 }
            for target in old { counts[target, default: 0] -= 1 }
            for (target, delta) in counts.sorted(by: { $0.key < $1.key }) where delta != 0 {
                var origins = try currentBacklinks(column: backlinkColumn, table: targetTable, key: target)
                if delta > 0 {
                    origins += Array(repeating: key, count: delta)
                } else {
                    origins = FileEditor.removing(key, count: -delta, from: origins)
                }
                edits.append(Edit(table: targetTable, key: target, column: backlinkColumn, change: .backlinks(origins)))
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
        guard let (leaf, row) = try table.objects.find(key: key) else { return [] }
        return try ColumnLeafReader(leaf: leaf, column: column).backlinks(at: row)
    }

    /// The latest staged change that decides `column` of the object: one to that property, or
    /// the object's creation or deletion.
    private func stagedChange(column: Column, table: Table, key: Int64) -> Change? {
        for edit in edits.reversed() where edit.table.slot == table.slot && edit.key == key {
            if edit.isCreation || edit.isDeletion || edit.column.leafIndex == column.leafIndex { return edit.change }
        }
        return nil
    }

    /// Whether the object exists once the staged changes are applied.
    public func exists(table: Table, key: Int64) throws(RealmFormatError) -> Bool {
        for edit in edits.reversed() where edit.table.slot == table.slot && edit.key == key {
            if edit.isCreation { return true }
            if edit.isDeletion { return false }
        }
        return try table.objects.find(key: key) != nil
    }

    /// `origins` without `count` entries of `key`, each removal moving the last entry into the
    /// hole, as realm-core removes backlinks (§6.14).
    static func removing(_ key: Int64, count: Int, from origins: [Int64]) -> [Int64] {
        var result = origins
        for _ in 0..<max(count, 0) {
            guard let index = result.firstIndex(of: key) else { break }
            result.swapAt(index, result.count - 1)
            result.removeLast()
        }
        return result
    }

    /// Runs a staging step whole or not at all: a failure drops the edits it had staged, so
    /// that a failed statement leaves the earlier pending changes exactly as they were.
    func atomically<T>(_ body: () throws(RealmFormatError) -> T) throws(RealmFormatError) -> T {
        let count = edits.count
        let stagedSchema = schema
        do {
            let result = try body()
            for edit in edits[count...] { try requireNoSchemaEdit(of: edit.table) }
            return result
        } catch {
            edits.removeSubrange(count...)
            schema = stagedSchema
            throw error
        }
    }

    public var pendingChanges: Int { edits.count + schema.count }
}
