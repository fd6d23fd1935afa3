/// Staging changes that involve links and objects: re-pointing links, editing lists of links,
/// creating and deleting objects, with the backlink columns they affect.
extension FileEditor {
    /// Stages pointing a single link at `target` (nil for null), keeping the backlink columns of
    /// the old and the new target right.
    public func setLink(to target: Int64?, column: Column, table: Table, key: Int64) throws(RealmFormatError) {
        try requireNoSchemaEdit(of: table)
        guard column.type == .link, column.collection == nil, let targetKey = column.targetTableKey,
              let targetTable = file.table(withKey: targetKey) else {
            throw .cannotWrite(path: path, reason: "\(column.name) is not a single link")
        }
        guard targetTable.kind != .embedded else {
            throw .cannotWrite(path: path, reason: "links to embedded objects are owned by their parent; they cannot be re-pointed")
        }
        guard let backlinkColumn = targetTable.backlinkColumns.first(where: { $0.targetTableKey == table.key && $0.oppositeColumnKey == column.key }) else {
            throw .cannotWrite(path: path, reason: "\(targetTable.displayName) has no backlink column for \(table.displayName).\(column.name)")
        }
        if let target, try targetTable.objects.find(key: target) == nil {
            throw .cannotWrite(path: path, reason: "\(targetTable.displayName) has no object with key \(target)")
        }
        guard try table.objects.find(key: key) != nil else {
            throw .cannotWrite(path: path, reason: "\(table.displayName) has no object with key \(key)")
        }
        var old: Int64?
        if case let .link(_, current) = try currentValue(column: column, table: table, key: key) { old = current }
        guard old != target else { return }
        edits.append(Edit(table: table, key: key, column: column, change: .value(target.map { .link(table: targetKey, key: $0) } ?? .null)))
        if let old {
            var origins = try currentBacklinks(column: backlinkColumn, table: targetTable, key: old)
            if let index = origins.firstIndex(of: key) { origins.remove(at: index) }
            edits.append(Edit(table: targetTable, key: old, column: backlinkColumn, change: .backlinks(origins)))
        }
        if let target {
            let origins = try currentBacklinks(column: backlinkColumn, table: targetTable, key: target) + [key]
            edits.append(Edit(table: targetTable, key: target, column: backlinkColumn, change: .backlinks(origins)))
        }
    }

    /// Stages a new object at the end of `table` and returns its object key. Properties not
    /// given get Realm's defaults (zero values, or null where optional). The new object goes
    /// into the table's last leaf; a full last leaf is not handled yet.
    public func create(in table: Table, values: [(column: Column, value: RealmValue)]) throws(RealmFormatError) -> Int64 {
        try requireNoSchemaEdit(of: table)
        guard table.kind == .topLevel else { throw .cannotWrite(path: path, reason: "embedded objects are created through their parent") }
        for (column, _) in values where !(column.collection == nil && FileEditor.editableTypes.contains(column.type)) {
            throw .cannotWrite(path: path, reason: "\(column.name): only single values of scalar types can be given at creation; set links afterwards")
        }
        guard !edits.contains(where: { $0.table.slot == table.slot && !$0.isCreation }) else {
            throw .cannotWrite(path: path, reason: "commit the other changes to \(table.displayName) before creating objects in it")
        }
        let created = edits.filter { $0.table.slot == table.slot && $0.isCreation }.map(\.key)
        if let primaryKey = table.primaryKey {
            guard let value = values.first(where: { $0.column.key == primaryKey.key })?.value, value != .null || primaryKey.isNullable else {
                throw .cannotWrite(path: path, reason: "\(table.displayName) needs its primary key \(primaryKey.name)")
            }
            var taken = false
            for edit in edits where edit.table.slot == table.slot {
                if case let .create(given) = edit.change, given[primaryKey.leafIndex] == value { taken = true }
            }
            try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
                let reader = try ColumnLeafReader(leaf: leaf, column: primaryKey)
                for row in 0..<leaf.count where try reader.value(at: row) == value { taken = true }
            }
            guard !taken else {
                let shown: String
                switch value {
                case let .string(text): shown = "\"\(text)\""
                case let .int(number): shown = String(number)
                default: shown = "that value"
                }
                throw .cannotWrite(path: path, reason: "\(table.displayName) already has an object with \(primaryKey.name) = \(shown)")
            }
        }
        var highest: Int64 = -1
        if table.objects.count > 0, let (leaf, row) = try table.objects.leaf(atPosition: table.objects.count - 1) {
            highest = try leaf.key(at: row)
        }
        highest = max(highest, created.max() ?? -1)
        let sequence = highest < 0 ? 0 : ObjectKeys.nextSequence(after: [highest], hasPrimaryKey: table.primaryKey != nil)
        let key = table.primaryKey == nil ? ObjectKeys.squeezed(sequence) : sequence
        var byLeaf: [Int: RealmValue] = [:]
        for (column, value) in values { byLeaf[column.leafIndex] = value }
        edits.append(Edit(table: table, key: key, column: table.allColumns[0], change: .create(byLeaf)))
        return key
    }

    /// Stages removing an object, as Realm does: links to it become null, lists drop it, and
    /// the objects it links to lose its backlinks.
    public func delete(from table: Table, key: Int64) throws(RealmFormatError) {
        try requireNoSchemaEdit(of: table)
        guard !edits.contains(where: { $0.table.slot == table.slot }) else {
            throw .cannotWrite(path: path, reason: "commit the other changes to \(table.displayName) before deleting from it")
        }
        guard let (leaf, row) = try table.objects.find(key: key) else {
            throw .cannotWrite(path: path, reason: "\(table.displayName) has no object with key \(key)")
        }
        // Objects linking here: null their links, take this object out of their lists.
        for backlinkColumn in table.backlinkColumns {
            let origins = try ColumnLeafReader(leaf: leaf, column: backlinkColumn).backlinks(at: row)
            guard !origins.isEmpty else { continue }
            guard let originTable = backlinkColumn.targetTableKey.flatMap({ file.table(withKey: $0) }), originTable.slot != table.slot,
                  let originColumn = originTable.allColumns.first(where: { $0.key == backlinkColumn.oppositeColumnKey }) else {
                throw .cannotWrite(path: path, reason: "objects linking to this one from \(table.displayName) itself or from Mixed values cannot be updated yet")
            }
            for origin in Set(origins).sorted() {
                if originColumn.collection == .list {
                    let remaining = try currentLinkList(column: originColumn, table: originTable, key: origin).filter { $0 != key }
                    edits.append(Edit(table: originTable, key: origin, column: originColumn, change: .linkList(remaining)))
                } else if originColumn.collection == nil {
                    edits.append(Edit(table: originTable, key: origin, column: originColumn, change: .value(.null)))
                } else {
                    throw .cannotWrite(path: path, reason: "\(originTable.displayName).\(originColumn.name) is a \(originColumn.collection?.rawValue ?? "") of links; deleting its targets is not supported yet")
                }
            }
        }
        // Objects this one links to lose one backlink per link.
        for column in table.columns where column.isLink || column.type == .mixed {
            let value = try ColumnLeafReader(leaf: leaf, column: column).value(at: row)
            var targets: [Int64] = []
            switch value {
            case let .link(_, target): targets = [target]
            case let .collection(collection) where column.isLink && column.collection == .list:
                targets = try CollectionReader(file: file).elements(of: collection).compactMap { if case let .link(_, k) = $0 { return k } else { return nil } }
            case .null: break
            case .collection where column.collection == nil || column.collection == .list && !column.isLink: continue
            default:
                guard column.type == .mixed else {
                    throw .cannotWrite(path: path, reason: "\(column.name) holds links this tool cannot unlink yet")
                }
                continue
            }
            guard !targets.isEmpty else { continue }
            guard let targetTable = column.targetTableKey.flatMap({ file.table(withKey: $0) }), targetTable.slot != table.slot,
                  targetTable.kind != .embedded,
                  let backlinkColumn = targetTable.backlinkColumns.first(where: { $0.targetTableKey == table.key && $0.oppositeColumnKey == column.key }) else {
                throw .cannotWrite(path: path, reason: "\(column.name) links to embedded or same-class objects; deleting such objects is not supported yet")
            }
            var counts: [Int64: Int] = [:]
            for target in targets { counts[target, default: 0] += 1 }
            for (target, count) in counts.sorted(by: { $0.key < $1.key }) {
                var origins = try currentBacklinks(column: backlinkColumn, table: targetTable, key: target)
                for _ in 0..<count { if let index = origins.lastIndex(of: key) { origins.remove(at: index) } }
                edits.append(Edit(table: targetTable, key: target, column: backlinkColumn, change: .backlinks(origins)))
            }
        }
        edits.append(Edit(table: table, key: key, column: table.allColumns[0], change: .delete))
    }

    /// Stages a new content for a list of links (`append`, `remove`, `move`), keeping the
    /// targets' backlink columns right: one backlink per list element.
    public func setLinkList(_ keys: [Int64], column: Column, table: Table, key: Int64) throws(RealmFormatError) {
        try requireNoSchemaEdit(of: table)
        guard column.isLink, column.collection == .list, let targetKey = column.targetTableKey,
              let targetTable = file.table(withKey: targetKey) else {
            throw .cannotWrite(path: path, reason: "\(column.name) is not a list of links")
        }
        guard targetTable.kind != .embedded else {
            throw .cannotWrite(path: path, reason: "lists of embedded objects cannot be edited element by element yet")
        }
        guard let backlinkColumn = targetTable.backlinkColumns.first(where: { $0.targetTableKey == table.key && $0.oppositeColumnKey == column.key }) else {
            throw .cannotWrite(path: path, reason: "\(targetTable.displayName) has no backlink column for \(table.displayName).\(column.name)")
        }
        for target in Set(keys) where try targetTable.objects.find(key: target) == nil {
            throw .cannotWrite(path: path, reason: "\(targetTable.displayName) has no object with key \(target)")
        }
        let old = try currentLinkList(column: column, table: table, key: key)
        edits.append(Edit(table: table, key: key, column: column, change: .linkList(keys)))
        var counts: [Int64: Int] = [:]
        for target in keys { counts[target, default: 0] += 1 }
        for target in old { counts[target, default: 0] -= 1 }
        for (target, delta) in counts.sorted(by: { $0.key < $1.key }) where delta != 0 {
            var origins = try currentBacklinks(column: backlinkColumn, table: targetTable, key: target)
            if delta > 0 {
                origins += Array(repeating: key, count: delta)
            } else {
                for _ in 0..<(-delta) { if let index = origins.lastIndex(of: key) { origins.remove(at: index) } }
            }
            edits.append(Edit(table: targetTable, key: target, column: backlinkColumn, change: .backlinks(origins)))
        }
    }

    /// The elements of a list of links with the staged changes applied.
    public func currentLinkList(column: Column, table: Table, key: Int64) throws(RealmFormatError) -> [Int64] {
        for edit in edits.reversed() where edit.table.slot == table.slot && edit.key == key && edit.column.leafIndex == column.leafIndex {
            if case let .linkList(keys) = edit.change { return keys }
        }
        guard case let .collection(collection) = try currentValue(column: column, table: table, key: key) else { return [] }
        return try CollectionReader(file: file).elements(of: collection).compactMap { if case let .link(_, target) = $0 { return target } else { return nil } }
    }

    /// The value a property has with the staged changes applied.
    func currentValue(column: Column, table: Table, key: Int64) throws(RealmFormatError) -> RealmValue {
        for edit in edits.reversed() where edit.table.slot == table.slot && edit.key == key && edit.column.leafIndex == column.leafIndex {
            if case let .value(value) = edit.change { return value }
        }
        guard let (leaf, row) = try table.objects.find(key: key) else { return .null }
        return try ColumnLeafReader(leaf: leaf, column: column).value(at: row)
    }

    func currentBacklinks(column: Column, table: Table, key: Int64) throws(RealmFormatError) -> [Int64] {
        for edit in edits.reversed() where edit.table.slot == table.slot && edit.key == key && edit.column.leafIndex == column.leafIndex {
            if case let .backlinks(keys) = edit.change { return keys }
        }
        guard let (leaf, row) = try table.objects.find(key: key) else { return [] }
        return try ColumnLeafReader(leaf: leaf, column: column).backlinks(at: row)
    }

    public var pendingChanges: Int { edits.count + schema.count }
}
