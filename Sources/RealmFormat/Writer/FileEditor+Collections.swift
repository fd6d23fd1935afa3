/// Staging element-by-element edits of lists, sets and dictionaries: the edit is applied to the
/// collection's current content (staged changes included) and the whole new content is staged,
/// so the commit rewrites only that object's collection (`TableEditor+Collections`). Links held
/// in the collection keep their targets' backlink columns right.
extension FileEditor {
    /// What an edit left: the collection's new size, and whether anything changed (adding a
    /// value that a set already holds changes nothing).
    public struct CollectionEditOutcome: Sendable, Equatable {
        public let count: Int
        public let changed: Bool
    }

    /// Applies `edit` to the list, set or dictionary `column` of the object with `key` and stages
    /// the result. Values must fit the element type (null only where elements are optional);
    /// positions and keys must exist. On any error nothing is staged.
    @discardableResult
    public func edit(_ edit: CollectionEdit, column: Column, table: Table, key: Int64) throws(RealmFormatError) -> CollectionEditOutcome {
        let place = "\(table.displayName).\(column.name)"
        guard let kind = column.collection else {
            throw .cannotWrite(path: path, reason: "\(place) is not a list, set or dictionary")
        }
        guard FileEditor.editableTypes.contains(column.type) || column.isLink else {
            throw .cannotWrite(path: path, reason: "editing \(kind)s of \(column.type) values is not supported")
        }
        guard try table.objects.find(key: key) != nil else {
            throw .cannotWrite(path: path, reason: "\(table.displayName) has no object with key \(key) (yet: commit a create before editing it)")
        }
        guard !edits.contains(where: { $0.table.slot == table.slot && ($0.isCreation || $0.isDeletion) }) else {
            throw .cannotWrite(path: path, reason: "commit the objects created in or deleted from \(table.displayName) before changing others")
        }
        var values: [RealmValue] = []
        for value in edit.values { values.append(try fitted(value, to: column, place: place)) }
        let fittedEdit = edit.with(values: values)
        let old = try currentContent(column: column, table: table, key: key)
        let new: NewValue
        do throws(CollectionEditError) {
            switch old {
            case let .dictionary(entries):
                new = .dictionary(try fittedEdit.applied(toEntries: entries))
            case let .list(elements):
                guard let result = try fittedEdit.applied(toElements: elements.map(NewValue.scalar), isSet: kind == .set) else {
                    return CollectionEditOutcome(count: elements.count, changed: false)
                }
                new = .list(result.compactMap { if case let .scalar(value) = $0 { return value } else { return nil } })
            case let .mixedList(elements):
                guard let result = try fittedEdit.applied(toElements: elements, isSet: kind == .set) else {
                    return CollectionEditOutcome(count: elements.count, changed: false)
                }
                new = .mixedList(result)
            case .scalar:
                throw CollectionEditError.notFor(kind, what: "single values")
            }
        } catch {
            throw .cannotWrite(path: path, reason: "\(place): \(error)")
        }
        try stage(new, replacing: old, column: column, table: table, key: key)
        return CollectionEditOutcome(count: new.elementCount, changed: true)
    }

    /// The content of a list, set or dictionary with the staged changes applied: `.list` of
    /// values (links as `.link`), `.mixedList` for Mixed elements (nested collections read out)
    /// or `.dictionary`.
    public func currentContent(column: Column, table: Table, key: Int64) throws(RealmFormatError) -> NewValue {
        for edit in edits.reversed() where edit.table.slot == table.slot && edit.key == key && edit.column.leafIndex == column.leafIndex {
            if case let .collection(content) = edit.change { return content }
            if case let .linkList(keys) = edit.change, let target = column.targetTableKey {
                return .list(keys.map { .link(table: target, key: $0) })
            }
        }
        let collections = CollectionReader(file: file)
        let stored: CollectionSummary?
        if case let .collection(summary) = try currentValue(column: column, table: table, key: key) { stored = summary } else { stored = nil }
        if column.collection == .dictionary {
            var entries: [DictionaryEntry] = []
            for entry in try stored.map(collections.entries(of:)) ?? [] {
                guard case let .string(name) = entry.key else {
                    throw .cannotWrite(path: path, reason: "\(table.displayName).\(column.name) has keys that are not strings")
                }
                entries.append(DictionaryEntry(key: name, value: try TableEditor.newValue(entry.value, collections: collections)))
            }
            return .dictionary(entries)
        }
        let elements = try stored.map(collections.elements(of:)) ?? []
        guard column.type == .mixed else { return .list(elements) }
        var items: [NewValue] = []
        for element in elements { items.append(try TableEditor.newValue(element, collections: collections)) }
        return .mixedList(items)
    }

    /// Stages `new` as the collection's content: lists of links through `setLinkList`, other
    /// collections with the backlink changes of the links they gain or lose.
    private func stage(_ new: NewValue, replacing old: NewValue, column: Column, table: Table, key: Int64) throws(RealmFormatError) {
        let newLinks = FileEditor.links(in: new)
        let oldLinks = FileEditor.links(in: old)
        try refuseBacklinksIntoPendingClasses(newLinks + oldLinks)
        if column.isLink && column.collection == .list {
            guard let targetKey = column.targetTableKey, let target = file.table(withKey: targetKey) else {
                throw .cannotWrite(path: path, reason: "\(column.name) links to a table that does not exist")
            }
            let keys = newLinks.map(\.key)
            guard target.kind == .embedded else { return try setLinkList(keys, column: column, table: table, key: key) }
            // Embedded objects belong to their list: reordering them is an edit, adding or
            // dropping one creates or deletes an object.
            guard keys.sorted() == oldLinks.map(\.key).sorted() else {
                throw .cannotWrite(path: path, reason: "embedded objects in \(table.displayName).\(column.name) can be reordered or edited here; adding or removing them is not supported")
            }
            edits.append(Edit(table: table, key: key, column: column, change: .linkList(keys)))
            return
        }
        let backlinks = try backlinkEdits(from: oldLinks, to: newLinks, column: column, table: table, key: key)
        edits.append(Edit(table: table, key: key, column: column, change: .collection(new)))
        edits += backlinks
    }

    /// The backlink entries that change when the Mixed property `column` of the object with
    /// `key` becomes `value`: links held by the old value (nested collections included) go,
    /// a link that is the new value comes.
    func mixedBacklinkEdits(replacingWith value: RealmValue, column: Column, table: Table, key: Int64) throws(RealmFormatError) -> [Edit] {
        let place = "\(table.displayName).\(column.name)"
        if case let .link(target, objectKey) = value { try requireObject(target, objectKey, place: place) }
        if case let .typedLink(target, objectKey) = value { try requireObject(target, objectKey, place: place) }
        let old = try TableEditor.newValue(try currentValue(column: column, table: table, key: key), collections: CollectionReader(file: file))
        let oldLinks = FileEditor.links(in: old)
        let newLinks = FileEditor.links(in: .scalar(value))
        try refuseBacklinksIntoPendingClasses(newLinks + oldLinks)
        return try backlinkEdits(from: oldLinks, to: newLinks, column: column, table: table, key: key)
    }

    /// Backlink entries are written like any change, so not into a class whose objects are
    /// being created or deleted in this transaction (TableEditor writes those alone).
    private func refuseBacklinksIntoPendingClasses(_ links: [(table: UInt32, key: Int64)]) throws(RealmFormatError) {
        for targetKey in Set(links.map(\.table)) {
            guard let target = file.table(withKey: targetKey) else { continue }
            guard !edits.contains(where: { $0.table.slot == target.slot && ($0.isCreation || $0.isDeletion) }) else {
                throw .cannotWrite(path: path, reason: "commit the objects created in or deleted from \(target.displayName) before linking to its objects")
            }
        }
    }

    /// The backlink entries of every object that gains or loses links from this collection.
    private func backlinkEdits(from old: [(table: UInt32, key: Int64)], to new: [(table: UInt32, key: Int64)],
                               column: Column, table: Table, key: Int64) throws(RealmFormatError) -> [Edit] {
        var deltas: [UInt32: [Int64: Int]] = [:]
        for link in new { deltas[link.table, default: [:]][link.key, default: 0] += 1 }
        for link in old { deltas[link.table, default: [:]][link.key, default: 0] -= 1 }
        var result: [Edit] = []
        for (targetKey, counts) in deltas.sorted(by: { $0.key < $1.key }) {
            let changed = counts.filter { $0.value != 0 }.sorted { $0.key < $1.key }
            guard !changed.isEmpty else { continue }
            guard let target = file.table(withKey: targetKey), target.kind != .embedded,
                  let backlinkColumn = target.backlinkColumns.first(where: { $0.targetTableKey == table.key && $0.oppositeColumnKey == column.key }) else {
                throw .cannotWrite(path: path, reason: "\(table.displayName).\(column.name): the links it would gain or lose cannot be recorded in their targets (embedded objects, or no backlink column)")
            }
            for (targetObject, delta) in changed {
                var origins = try currentBacklinks(column: backlinkColumn, table: target, key: targetObject)
                if delta > 0 {
                    origins += Array(repeating: key, count: delta)
                } else {
                    for _ in 0..<(-delta) { if let index = origins.lastIndex(of: key) { origins.remove(at: index) } }
                }
                result.append(Edit(table: target, key: targetObject, column: backlinkColumn, change: .backlinks(origins)))
            }
        }
        return result
    }

    /// The value as the element type stores it, or why it does not fit: null only where
    /// elements are optional (always in Mixed), links only to existing objects of the target.
    private func fitted(_ value: RealmValue, to column: Column, place: String) throws(RealmFormatError) -> RealmValue {
        switch (column.type, value) {
        case (_, .collection):
            throw .cannotWrite(path: path, reason: "\(place): nested lists and dictionaries cannot be written element by element")
        case (_, .null):
            guard column.isNullable || column.type == .mixed else {
                throw .cannotWrite(path: path, reason: "\(place) holds required values; null does not fit")
            }
            return .null
        case let (.link, .link(target, objectKey)), let (.link, .typedLink(target, objectKey)):
            guard target == column.targetTableKey else {
                throw .cannotWrite(path: path, reason: "\(place) links to another class")
            }
            try requireObject(target, objectKey, place: place)
            return .link(table: target, key: objectKey)
        case let (.mixed, .link(target, objectKey)), let (.mixed, .typedLink(target, objectKey)):
            try requireObject(target, objectKey, place: place)
            return .typedLink(table: target, key: objectKey)
        case (.mixed, _), (.int, .int), (.bool, .bool), (.float, .float), (.double, .double), (.string, .string),
             (.binary, .binary), (.timestamp, .timestamp), (.decimal128, .decimal), (.objectId, .objectId), (.uuid, .uuid):
            return value
        default:
            throw .cannotWrite(path: path, reason: "\(place) holds \(column.type) values; a \(value.kindName) does not fit")
        }
    }

    private func requireObject(_ tableKey: UInt32, _ objectKey: Int64, place: String) throws(RealmFormatError) {
        guard let target = file.table(withKey: tableKey), try target.objects.find(key: objectKey) != nil else {
            throw .cannotWrite(path: path, reason: "\(place): the linked object (key \(objectKey)) does not exist")
        }
    }

    /// Every link held in a collection's content, nested Mixed collections included.
    static func links(in content: NewValue) -> [(table: UInt32, key: Int64)] {
        TableSetWriter.mixedLinks(content).map { (UInt32(truncatingIfNeeded: $0.table), $0.key) }
    }
}

extension NewValue {
    /// The number of elements or entries (1 for a single value).
    var elementCount: Int {
        switch self {
        case .scalar: return 1
        case let .list(values): return values.count
        case let .mixedList(values): return values.count
        case let .dictionary(entries): return entries.count
        }
    }
}

extension RealmValue {
    /// The kind of value, for messages ("a string does not fit").
    var kindName: String {
        switch self {
        case .null: return "null"
        case .int: return "int"
        case .bool: return "bool"
        case .float: return "float"
        case .double: return "double"
        case .string: return "string"
        case .binary: return "binary"
        case .timestamp: return "date"
        case .objectId: return "objectId"
        case .uuid: return "uuid"
        case .decimal: return "decimal128"
        case .link, .typedLink: return "link"
        case .collection: return "collection"
        }
    }
}
