/// Staging a whole collection or Mixed value at once, as an import or `create CLASS prop = {...}`
/// gives it: the elements (and, in Mixed values, nested lists and dictionaries) are checked
/// against the property, put into stored order (sets, dictionary keys) and staged as one change,
/// with the backlinks of the links the value gains or loses.
extension FileEditor {
    /// Stages `value` as the whole content of property `column` of the object with `key`: a
    /// list or set (`.list`, or `.mixedList` for lists of Mixed), a dictionary (`.dictionary`),
    /// or a Mixed value (any, nested collections included). On any error nothing is staged.
    public func replaceStored(_ value: NewValue, column: Column, table: Table, key: Int64) throws(RealmFormatError) {
        let place = "\(table.displayName).\(column.name)"
        switch (column.collection, value) {
        case (nil, let .scalar(scalar)):
            if column.isLink { try setLink(to: FileEditor.linkedKey(scalar), column: column, table: table, key: key); return }
            let fittedValue = column.type == .mixed ? try fitted(scalar, to: .mixed, isNullable: true, target: nil, place: place) : scalar
            return try set(fittedValue, column: column, table: table, key: key)
        case (nil, _):
            guard column.type == .mixed else { throw .refusedEdit("\(place) holds a single value, not a collection") }
        case (.list?, _), (.set?, _):
            if let scalars = FileEditor.scalars(value) {
                try self.edit(.replaceAll(scalars), column: column, table: table, key: key)
                return
            }
            guard column.type == .mixed, column.collection == .list else {
                throw .refusedEdit("\(place) is a \(column.collection ?? .list) of single values; nested lists and dictionaries do not fit")
            }
        case let (.dictionary?, .dictionary(entries)):
            if let scalars = FileEditor.scalars(.mixedList(entries.map(\.value))) {
                try self.edit(.replaceEntries(keys: entries.map(\.key), values: scalars), column: column, table: table, key: key)
                return
            }
            guard column.type == .mixed else {
                throw .refusedEdit("\(place) is a dictionary of single values; nested lists and dictionaries do not fit")
            }
        case (.dictionary?, _):
            throw .refusedEdit("\(place) is a dictionary; it takes keys and values")
        }
        guard try exists(table: table, key: key) else {
            throw .refusedEdit("\(table.displayName) has no object with key \(key)")
        }
        var new = try normalizedMixed(value, place: place)
        if column.collection == .list, case let .list(elements) = new { new = .mixedList(elements.map(NewValue.scalar)) }
        let old = try currentStored(column: column, table: table, key: key)
        try atomically { () throws(RealmFormatError) in
            try moveMixedBacklinks(from: old, to: new, column: column, table: table, key: key)
            edits.append(Edit(table: table, key: key, column: column, change: .replace(new)))
        }
    }

    /// The elements when none of them is a nested collection.
    private static func scalars(_ value: NewValue) -> [RealmValue]? {
        switch value {
        case let .list(values): return values
        case let .mixedList(elements):
            var values: [RealmValue] = []
            for element in elements {
                guard case let .scalar(scalar) = element else { return nil }
                values.append(scalar)
            }
            return values
        case .scalar, .dictionary: return nil
        }
    }

    private static func linkedKey(_ value: RealmValue) -> Int64? {
        switch value {
        case let .link(_, key), let .typedLink(_, key): return key
        default: return nil
        }
    }

    /// A Mixed value as it is stored: links to existing objects as typed links, every
    /// dictionary's keys in stored order (§6.18; a key given twice is refused).
    private func normalizedMixed(_ value: NewValue, place: String) throws(RealmFormatError) -> NewValue {
        switch value {
        case let .scalar(scalar):
            return .scalar(try fitted(scalar, to: .mixed, isNullable: true, target: nil, place: place))
        case let .list(values):
            var elements: [NewValue] = []
            for element in values { elements.append(try normalizedMixed(.scalar(element), place: place)) }
            return .mixedList(elements)
        case let .mixedList(values):
            var elements: [NewValue] = []
            for element in values { elements.append(try normalizedMixed(element, place: place)) }
            return .mixedList(elements)
        case let .dictionary(entries):
            var sorted: [DictionaryEntry] = []
            for entry in entries {
                let bytes = Array(entry.key.utf8)
                guard !sorted.contains(where: { $0.key.utf8.elementsEqual(bytes) }) else {
                    throw .refusedEdit("\(place): \(CollectionEditError.duplicateKey(entry.key))")
                }
                let spot = sorted.firstIndex { FormatOrder.bytes(bytes, before: Array($0.key.utf8)) } ?? sorted.count
                sorted.insert(DictionaryEntry(key: entry.key, value: try normalizedMixed(entry.value, place: "\(place)[\"\(entry.key)\"]")), at: spot)
            }
            return .dictionary(sorted)
        }
    }
}
