import RealmFormat

/// Cells holding whole collections and Mixed values with links or nested collections, in the
/// JSON `export csv` writes: lists and sets as arrays, dictionaries as objects, elements as
/// in embedded objects (links as the target's primary key or object key), Mixed elements with
/// `$`-tagged types and `{"$link": ["Class", reference]}` for links.
extension CSVCellParser {
    /// A list, set or dictionary (other than a list of links, which is `.linkList`).
    public func storedCollection(_ json: JSONValue, column: Column, kind: CollectionKind, target: Table?) throws(CellError) -> NewValue {
        if let target, target.kind == .embedded {
            throw .unsupported("\(column.name): embedded objects in a \(kind.rawValue) cannot be imported")
        }
        if kind == .dictionary {
            guard case let .object(members) = json else { throw .bad("\(column.name): expected a JSON object of keys and values") }
            var entries: [DictionaryEntry] = []
            for member in members {
                entries.append(DictionaryEntry(key: member.key, value: try element(member.value, column: column, target: target,
                                                                                   place: "\(column.name)[\"\(member.key)\"]")))
            }
            return .dictionary(entries)
        }
        guard case let .array(items) = json else { throw .bad("\(column.name): expected a JSON array of elements") }
        if column.type == .mixed && kind == .list {
            var elements: [NewValue] = []
            for item in items { elements.append(try mixedValue(item, property: column.name)) }
            return .mixedList(elements)
        }
        var values: [RealmValue] = []
        for item in items {
            guard case let .scalar(value) = try element(item, column: column, target: target, place: column.name) else {
                throw .bad("\(column.name): a \(kind.rawValue) holds single values, not nested lists or dictionaries")
            }
            values.append(value)
        }
        return .list(values)
    }

    private func element(_ json: JSONValue, column: Column, target: Table?, place: String) throws(CellError) -> NewValue {
        if column.type == .mixed { return try mixedValue(json, property: place) }
        if let target {
            if json == .null { return .scalar(.null) }
            return .scalar(.link(table: target.key, key: try links.key(for: try reference(json, to: target, property: place), in: target, property: place)))
        }
        return .scalar(try CSVCellParser.scalar(json, type: column.type, isNullable: column.isNullable, property: place))
    }

    /// A Mixed cell: JSON as `export` writes it; text that is not JSON is a string.
    public func mixedValue(_ text: String, property: String) throws(CellError) -> NewValue {
        guard let json = try? JSONParser.parse(text) else { return .scalar(.string(text)) }
        return try mixedValue(json, property: property)
    }

    /// A Mixed value from JSON: arrays are lists, objects dictionaries (unless `$`-tagged),
    /// `{"$link": ["Class", reference]}` a link to an existing object.
    public func mixedValue(_ json: JSONValue, property: String) throws(CellError) -> NewValue {
        switch json {
        case let .array(items):
            var elements: [NewValue] = []
            for item in items { elements.append(try mixedValue(item, property: property)) }
            return .mixedList(elements)
        case let .object(members) where members.count == 1 && members[0].key == "$link":
            guard case let .array(parts) = members[0].value, parts.count == 2, case let .string(className) = parts[0] else {
                throw .bad("\(property): a link is written {\"$link\": [\"Class\", reference]}")
            }
            guard let target = file.tables.first(where: { $0.displayName == className && $0.kind != .embedded }) else {
                throw .bad("\(property): the file has no class \(className) to link to")
            }
            let reference = try reference(parts[1], to: target, property: property)
            return .scalar(.typedLink(table: target.key, key: try links.key(for: reference, in: target, property: property)))
        case let .object(members) where members.count == 1 && members[0].key.hasPrefix("$"):
            return .scalar(try CSVCellParser.mixed(json, property: property))
        case let .object(members):
            var entries: [DictionaryEntry] = []
            for member in members {
                entries.append(DictionaryEntry(key: member.key, value: try mixedValue(member.value, property: "\(property)[\"\(member.key)\"]")))
            }
            return .dictionary(entries)
        default:
            return .scalar(try CSVCellParser.mixed(json, property: property))
        }
    }
}

extension RealmValue {
    /// Whether the value is a link (which is staged with the target's backlinks).
    public var isLink: Bool {
        switch self {
        case .link, .typedLink: return true
        default: return false
        }
    }
}
