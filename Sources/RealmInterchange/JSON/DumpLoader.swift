import RealmFormat

/// Reads a canonical dump (../shared/fixtures/README.md) back into tables to write: the inverse
/// of `dump`, so a file can be rebuilt from its JSON, or made from hand-written JSON.
public struct DumpLoader {
    public let tableNames: [String]

    public init() {
        tableNames = []
    }

    private init(tableNames: [String]) {
        self.tableNames = tableNames
    }

    public static func tables(from dump: JSONValue) throws(DumpLoadError) -> [NewTable] {
        guard let entries = dump["tables"]?.array else { throw .invalid("the dump has no \"tables\" array") }
        let loader = DumpLoader(tableNames: entries.map { $0["name"]?.string ?? "" })
        var tables: [NewTable] = []
        for entry in entries { tables.append(try loader.table(entry)) }
        return tables
    }

    private func table(_ entry: JSONValue) throws(DumpLoadError) -> NewTable {
        guard let name = entry["name"]?.string, let columnEntries = entry["columns"]?.array,
              let objects = entry["objects"]?.array else {
            throw .invalid("a table entry needs \"name\", \"columns\" and \"objects\"")
        }
        var columns: [NewColumn] = []
        for column in columnEntries {
            guard let columnName = column["name"]?.string, let typeName = column["type"]?.string,
                  let type = ColumnType.allCases.first(where: { $0.description == typeName && $0 != .legacyLinkList }) else {
                throw .invalid("\(name): a column needs a \"name\" and a known \"type\"")
            }
            let collection = column["collection"]?.string.flatMap(CollectionKind.init(rawValue:))
            var target: Int?
            if let targetName = column["target"]?.string {
                guard let position = tableNames.firstIndex(of: targetName) else { throw .invalid("\(name).\(columnName): no table \(targetName)") }
                target = position
            }
            columns.append(NewColumn(name: columnName, type: type, isNullable: column["nullable"]?.bool ?? false,
                                     collection: collection, targetTable: target,
                                     isIndexed: column["indexed"]?.bool ?? false, isFullTextIndexed: column["fulltext"]?.bool ?? false))
        }
        var keys: [Int64] = []
        var values: [[NewValue]] = columns.map { _ in [] }
        for object in objects {
            guard let key = object["_key"]?.int else { throw .invalid("\(name): an object without \"_key\"") }
            keys.append(key)
            for (index, column) in columns.enumerated() {
                values[index].append(try value(object[column.name] ?? .null, column: column, in: "\(name)[_key = \(key)].\(column.name)"))
            }
        }
        let kind = TableKind(rawValue: entry["kind"]?.string ?? "top-level") ?? .topLevel
        let primaryKey = entry["primary_key"]?.string
        return NewTable(name: name, kind: kind, columns: columns, primaryKey: primaryKey, keys: keys, values: values,
                        keySequence: ObjectKeys.nextSequence(after: keys, hasPrimaryKey: primaryKey != nil))
    }

    private func value(_ json: JSONValue, column: NewColumn, in place: String) throws(DumpLoadError) -> NewValue {
        let isMixed = column.type == .mixed
        switch column.collection {
        case .dictionary?:
            return try dictionary(json, elementType: column.type, in: place)
        case .list?, .set?:
            guard let elements = json.array else { throw .invalid("\(place): expected an array") }
            if isMixed && column.collection == .list {
                var items: [NewValue] = []
                for element in elements { items.append(try mixed(element, in: place)) }
                return .mixedList(items)
            }
            var items: [RealmValue] = []
            for element in elements {
                if isMixed {
                    // Sets of Mixed hold no nested collections.
                    guard case let .scalar(value) = try mixed(element, in: place) else { throw .invalid("\(place): a set cannot hold collections") }
                    items.append(value)
                } else {
                    items.append(try scalar(element, type: column.type, in: place))
                }
            }
            return .list(items)
        case nil:
            return isMixed ? try mixed(json, in: place) : .scalar(try scalar(json, type: column.type, in: place))
        }
    }

    private func dictionary(_ json: JSONValue, elementType: ColumnType, in place: String) throws(DumpLoadError) -> NewValue {
        guard let pairs = json["$dict"]?.array else { throw .invalid("\(place): expected {\"$dict\": [...]}") }
        var entries: [DictionaryEntry] = []
        for pair in pairs {
            guard let parts = pair.array, parts.count == 2, let key = parts[0].string else {
                throw .invalid("\(place): a dictionary entry is [key, value]")
            }
            let value: NewValue = elementType == .mixed ? try mixed(parts[1], in: place)
                : .scalar(try scalar(parts[1], type: elementType == .link ? .typedLink : elementType, in: place))
            entries.append(DictionaryEntry(key: key, value: value))
        }
        return .dictionary(entries)
    }

    /// A Mixed value: `$int` for ints, arrays and `$dict` for nested collections.
    private func mixed(_ json: JSONValue, in place: String) throws(DumpLoadError) -> NewValue {
        switch json {
        case .null: return .scalar(.null)
        case let .bool(flag): return .scalar(.bool(flag))
        case let .string(text): return .scalar(.string(text))
        case let .array(elements):
            var items: [NewValue] = []
            for element in elements { items.append(try mixed(element, in: place)) }
            return .mixedList(items)
        case .object:
            if json["$dict"] != nil { return try dictionary(json, elementType: .mixed, in: place) }
            if let number = json["$int"]?.int { return .scalar(.int(number)) }
            for (marker, type) in [("$float", ColumnType.float), ("$double", .double), ("$binary", .binary), ("$date", .timestamp),
                                   ("$oid", .objectId), ("$uuid", .uuid), ("$decimal", .decimal128), ("$link", .typedLink)]
                where json[marker] != nil {
                return .scalar(try scalar(json, type: type, in: place))
            }
            throw .invalid("\(place): unknown value \(json)")
        default:
            throw .invalid("\(place): a bare number in a mixed value must be {\"$int\": n}, {\"$double\": ...}")
        }
    }

    private func scalar(_ json: JSONValue, type: ColumnType, in place: String) throws(DumpLoadError) -> RealmValue {
        if json == .null { return .null }
        let bad = DumpLoadError.invalid("\(place): \(json) is not a \(type) value")
        switch type {
        case .int: guard let number = json.int else { throw bad }; return .int(number)
        case .bool: guard let flag = json.bool else { throw bad }; return .bool(flag)
        case .string: guard let text = json.string else { throw bad }; return .string(text)
        case .float:
            guard let text = json["$float"]?.string, let number = Float(text) else { throw bad }
            return .float(number)
        case .double:
            guard let text = json["$double"]?.string, let number = Double(text) else { throw bad }
            return .double(number)
        case .binary:
            guard let text = json["$binary"]?.string, let bytes = Base64.decode(text) else { throw bad }
            return .binary(bytes)
        case .timestamp:
            guard let parts = json["$date"]?.array, parts.count == 2, let seconds = parts[0].int, let nanos = parts[1].int else { throw bad }
            return .timestamp(Timestamp(seconds: seconds, nanoseconds: Int32(truncatingIfNeeded: nanos)))
        case .objectId:
            guard let bytes = json["$oid"]?.string.flatMap(Self.hexBytes), let id = ObjectId(bytes: bytes) else { throw bad }
            return .objectId(id)
        case .uuid:
            guard let bytes = json["$uuid"]?.string.flatMap({ Self.hexBytes($0.filter { $0 != "-" }) }), let uuid = RealmUUID(bytes: bytes) else { throw bad }
            return .uuid(uuid)
        case .decimal128:
            guard let bits = json["bits"]?.string, bits.count == 32, let high = UInt64(bits.prefix(16), radix: 16),
                  let low = UInt64(bits.suffix(16), radix: 16) else { throw bad }
            return .decimal(Decimal128(high: high, low: low))
        case .link, .typedLink, .legacyLinkList:
            guard let parts = json["$link"]?.array, parts.count == 2, let name = parts[0].string, let key = parts[1].int,
                  let position = tableNames.firstIndex(of: name) else { throw bad }
            return type == .typedLink ? .typedLink(table: UInt32(position), key: key) : .link(table: UInt32(position), key: key)
        default:
            throw .invalid("\(place): \(type) columns cannot be loaded")
        }
    }

    public static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var index = 0
        while index < digits.count {
            guard let byte = UInt8(String(decoding: digits[index..<(index + 2)], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
            index += 2
        }
        return bytes
    }
}

/// A dump that cannot be turned back into tables, with where the problem is.
public enum DumpLoadError: Error, CustomStringConvertible {
    case invalid(String)

    public var description: String {
        switch self {
        case let .invalid(message): return "invalid dump: \(message)"
        }
    }
}
