/// Staging element-by-element edits of lists, sets and dictionaries: the edit is applied to the
/// collection's current content (`currentStored`, staged changes included) and the whole new
/// content is staged as a `.replace`, which the commit writes for that object alone
/// (`TableEditor+Collections`). Links held in the collection keep their targets' backlinks.
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
            throw .refusedEdit("\(place) is not a list, set or dictionary")
        }
        guard FileEditor.editableTypes.contains(column.type) || column.isLink else {
            throw .refusedEdit("editing \(kind)s of \(column.type) values is not supported")
        }
        guard try exists(table: table, key: key) else {
            throw .refusedEdit("\(table.displayName) has no object with key \(key)")
        }
        var values: [RealmValue] = []
        for value in edit.values {
            values.append(try fitted(value, to: column.type, isNullable: column.isNullable, target: column.targetTableKey, place: place))
        }
        let fittedEdit = edit.with(values: values)
        let old = try currentStored(column: column, table: table, key: key)
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
            throw .refusedEdit("\(place): \(error)")
        }
        try stage(new, replacing: old, column: column, table: table, key: key)
        return CollectionEditOutcome(count: new.elementCount, changed: true)
    }

    /// Applies `edit` to the list or dictionary that `path` leads to inside the Mixed property
    /// `column` (a Mixed value, or an element of a list or dictionary of Mixed) of the object
    /// with `key`, and stages the property's new value. Nested elements are Mixed: any value,
    /// links to existing objects. On any error nothing is staged.
    @discardableResult
    public func edit(_ edit: CollectionEdit, nestedAt path: [NestedStep], column: Column, table: Table,
                     key: Int64) throws(RealmFormatError) -> CollectionEditOutcome {
        let place = "\(table.displayName).\(column.name)" + path.map(\.description).joined()
        guard column.type == .mixed, column.collection != .set else {
            throw .refusedEdit("\(place): only Mixed values hold nested lists and dictionaries")
        }
        guard try exists(table: table, key: key) else {
            throw .refusedEdit("\(table.displayName) has no object with key \(key)")
        }
        var values: [RealmValue] = []
        for value in edit.values { values.append(try fitted(value, to: .mixed, isNullable: true, target: nil, place: place)) }
        let old = try currentStored(column: column, table: table, key: key)
        let result: (value: NewValue, count: Int)?
        do throws(CollectionEditError) {
            result = try edit.with(values: values).applied(at: path[...], in: old)
        } catch {
            throw .refusedEdit("\(place): \(error)")
        }
        guard let (new, count) = result else { return CollectionEditOutcome(count: 0, changed: false) }
        try atomically { () throws(RealmFormatError) in
            try moveMixedBacklinks(from: old, to: new, column: column, table: table, key: key)
            edits.append(Edit(table: table, key: key, column: column, change: .replace(new)))
        }
        return CollectionEditOutcome(count: count, changed: true)
    }

    /// Stages `new` as the collection's content: lists of links through `setLinkList` (which
    /// also guards lists of embedded objects), other collections as a `.replace` with the
    /// backlinks of the links they gain or lose.
    private func stage(_ new: NewValue, replacing old: NewValue, column: Column, table: Table, key: Int64) throws(RealmFormatError) {
        if column.isLink && column.collection == .list {
            return try setLinkList(TableSetWriter.linkedKeys(new), column: column, table: table, key: key)
        }
        if column.isLink, let target = column.targetTableKey.flatMap({ file.table(withKey: $0) }), target.kind == .embedded {
            throw .refusedEdit("\(table.displayName).\(column.name) holds embedded objects; they are not edited element by element here")
        }
        try atomically { () throws(RealmFormatError) in
            try moveMixedBacklinks(from: old, to: new, column: column, table: table, key: key)
            edits.append(Edit(table: table, key: key, column: column, change: .replace(new)))
        }
    }

    /// The value as the element type stores it, or why it does not fit: null only where
    /// elements are optional (always in Mixed), links only to existing objects of the target.
    func fitted(_ value: RealmValue, to type: ColumnType, isNullable: Bool, target: UInt32?,
                        place: String) throws(RealmFormatError) -> RealmValue {
        switch (type, value) {
        case (_, .collection):
            throw .refusedEdit("\(place): nested lists and dictionaries cannot be written element by element")
        case (_, .null):
            guard isNullable || type == .mixed else {
                throw .refusedEdit("\(place) holds required values; null does not fit")
            }
            return .null
        case let (.link, .link(linked, objectKey)), let (.link, .typedLink(linked, objectKey)):
            guard linked == target else {
                throw .refusedEdit("\(place) links to another class")
            }
            try requireObject(linked, objectKey, place: place)
            return .link(table: linked, key: objectKey)
        case let (.mixed, .link(target, objectKey)), let (.mixed, .typedLink(target, objectKey)):
            try requireObject(target, objectKey, place: place)
            return .typedLink(table: target, key: objectKey)
        case (.mixed, _), (.int, .int), (.bool, .bool), (.float, .float), (.double, .double), (.string, .string),
             (.binary, .binary), (.timestamp, .timestamp), (.decimal128, .decimal), (.objectId, .objectId), (.uuid, .uuid):
            return value
        default:
            throw .refusedEdit("\(place) holds \(type) values; a \(value.kindName) does not fit")
        }
    }

    func requireObject(_ tableKey: UInt32, _ objectKey: Int64, place: String) throws(RealmFormatError) {
        guard let target = file.table(withKey: tableKey), try exists(table: target, key: objectKey) else {
            throw .refusedEdit("\(place): the linked object (key \(objectKey)) does not exist")
        }
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
