/// Staging the deletion of objects the way realm-core deletes them, and keeping the backlinks
/// of links held in Mixed values right.
///
/// What happens to references to a deleted object (realm-core's nullification, confirmed in
/// realm-core issue #5215 and the SDK documentation): a single link becomes null; a list or a
/// set of links drops every occurrence; a dictionary of links keeps the key with a null value;
/// a Mixed property holding the link becomes null; a list or set of Mixed drops the element,
/// and a dictionary of Mixed keeps the key with a null value, at any nesting depth. Embedded
/// objects the deleted object owns are deleted with it, recursively (§6.20).
extension FileEditor {
    /// An object in the staged state of the file.
    struct ObjectID: Hashable {
        let tableSlot: Int
        let key: Int64
    }

    /// Stages removing an object: references to it are nullified as Realm does, the objects it
    /// links to lose its backlinks, and its embedded objects are deleted with it.
    public func delete(from table: Table, key: Int64) throws(RealmFormatError) {
        try atomically { () throws(RealmFormatError) in
            var deleting: Set<ObjectID> = []
            try deleteObject(from: table, key: key, deleting: &deleting)
        }
    }

    /// Deletes one object; `deleting` holds the objects this cascade removes, whose own links
    /// need no updates.
    func deleteObject(from table: Table, key: Int64, deleting: inout Set<ObjectID>) throws(RealmFormatError) {
        guard try exists(table: table, key: key) else {
            throw .refusedEdit("\(table.displayName) has no object with key \(key)")
        }
        deleting.insert(ObjectID(tableSlot: table.slot, key: key))
        // Objects linking here: their references are nullified.
        for backlinkColumn in table.backlinkColumns + (addedBacklinkColumns[table.slot] ?? []) {
            let origins = try currentBacklinks(column: backlinkColumn, table: table, key: key)
            guard !origins.isEmpty else { continue }
            guard let originTable = backlinkColumn.targetTableKey.flatMap({ file.table(withKey: $0) }),
                  let originColumn = originTable.allColumns.first(where: { $0.key == backlinkColumn.oppositeColumnKey }) else {
                throw .cannotWrite(path: path, reason: "a backlink column of \(table.displayName) names no origin property")
            }
            for origin in Set(origins).sorted() where !deleting.contains(ObjectID(tableSlot: originTable.slot, key: origin)) {
                try unlink(table: table.key, key: key, column: originColumn, originTable: originTable, origin: origin)
            }
        }
        // Objects this one links to: embedded ones are deleted, the others lose its backlinks.
        for column in table.columns where column.isLink || column.type == .mixed {
            let value = try currentStored(column: column, table: table, key: key)
            var counts: [ObjectID: Int] = [:]
            var targetTables: [Int: Table] = [:]
            for link in try links(in: value, column: column) {
                guard let targetTable = file.table(withKey: link.table) else {
                    throw .cannotWrite(path: path, reason: "\(table.displayName).\(column.name) links to a table that does not exist")
                }
                targetTables[targetTable.slot] = targetTable
                counts[ObjectID(tableSlot: targetTable.slot, key: link.key), default: 0] += 1
            }
            for (target, count) in counts.sorted(by: { ($0.key.tableSlot, $0.key.key) < ($1.key.tableSlot, $1.key.key) }) {
                guard !deleting.contains(target), let targetTable = targetTables[target.tableSlot] else { continue }
                if targetTable.kind == .embedded {
                    try deleteObject(from: targetTable, key: target.key, deleting: &deleting)
                    continue
                }
                let backlinkColumn = try self.backlinkColumn(in: targetTable, for: column, of: table)
                try adjustBacklinks(column: backlinkColumn, table: targetTable, key: target.key, origin: key, delta: -count)
            }
        }
        edits.append(Edit(table: table, key: key, column: table.allColumns[0], change: .delete))
    }

    /// Nullifies the references that `origin`'s `column` holds to the object (`table`, `key`).
    private func unlink(table: UInt32, key: Int64, column: Column, originTable: Table, origin: Int64) throws(RealmFormatError) {
        let value = try currentStored(column: column, table: originTable, key: origin)
        let change: Change
        switch (column.type, column.collection) {
        case (.mixed, nil):
            let cleaned = FileEditor.removingLinks(to: table, key: key, from: value)
            if case let .scalar(scalar) = cleaned { change = .value(scalar) } else { change = .replace(cleaned) }
        case (.mixed, _):
            change = .replace(FileEditor.removingLinks(to: table, key: key, from: value))
        case (_, nil) where column.isLink:
            change = .value(.null)
        case (_, .list?) where column.isLink:
            change = .linkList(TableSetWriter.linkedKeys(value).filter { $0 != key })
        case (_, .set?) where column.isLink, (_, .dictionary?) where column.isLink:
            change = .replace(FileEditor.removingLinks(to: table, key: key, from: value))
        default:
            throw .cannotWrite(path: path, reason: "\(originTable.displayName).\(column.name) cannot hold links")
        }
        edits.append(Edit(table: originTable, key: origin, column: column, change: change))
    }

    /// `value` without links to (`table`, `key`): list and set elements dropped, dictionary
    /// values and a top-level Mixed value nulled.
    static func removingLinks(to table: UInt32, key: Int64, from value: NewValue) -> NewValue {
        func isTarget(_ element: RealmValue) -> Bool {
            switch element {
            case let .link(linked, linkedKey), let .typedLink(linked, linkedKey): return linked == table && linkedKey == key
            default: return false
            }
        }
        switch value {
        case let .scalar(scalar):
            return isTarget(scalar) ? .scalar(.null) : value
        case let .list(elements):
            return .list(elements.filter { !isTarget($0) })
        case let .mixedList(elements):
            return .mixedList(elements.compactMap { element in
                if case let .scalar(scalar) = element, isTarget(scalar) { return nil }
                return removingLinks(to: table, key: key, from: element)
            })
        case let .dictionary(entries):
            return .dictionary(entries.map { DictionaryEntry(key: $0.key, value: removingLinks(to: table, key: key, from: $0.value)) })
        }
    }

    /// The objects a stored value links to (by target table key), once per occurrence.
    func links(in value: NewValue, column: Column) throws(RealmFormatError) -> [(table: UInt32, key: Int64)] {
        if column.type == .mixed {
            return TableSetWriter.mixedLinks(value).map { (UInt32(truncatingIfNeeded: $0.table), $0.key) }
        }
        guard let target = column.targetTableKey else { return [] }
        return TableSetWriter.linkedKeys(value).map { (target, $0) }
    }

    /// Moves the backlinks of a Mixed property whose value changes from `old` to `new`: each
    /// target of a link only `old` holds loses one backlink, each target only `new` holds gains one.
    func moveMixedBacklinks(from old: NewValue, to new: NewValue, column: Column, table: Table, key: Int64) throws(RealmFormatError) {
        var deltas: [ObjectID: Int] = [:]
        var targetTables: [Int: Table] = [:]
        for (links, sign) in [(try links(in: old, column: column), -1), (try links(in: new, column: column), 1)] {
            for link in links {
                guard let targetTable = file.table(withKey: link.table) else {
                    throw .cannotWrite(path: path, reason: "\(table.displayName).\(column.name) would link to a table that does not exist")
                }
                targetTables[targetTable.slot] = targetTable
                deltas[ObjectID(tableSlot: targetTable.slot, key: link.key), default: 0] += sign
            }
        }
        for (target, delta) in deltas.sorted(by: { ($0.key.tableSlot, $0.key.key) < ($1.key.tableSlot, $1.key.key) }) where delta != 0 {
            guard let targetTable = targetTables[target.tableSlot] else { continue }
            if delta > 0, try !exists(table: targetTable, key: target.key) {
                throw .refusedEdit("\(targetTable.displayName) has no object with key \(target.key)")
            }
            let backlinkColumn = try self.backlinkColumn(in: targetTable, for: column, of: table)
            try adjustBacklinks(column: backlinkColumn, table: targetTable, key: target.key, origin: key, delta: delta)
        }
    }
}
