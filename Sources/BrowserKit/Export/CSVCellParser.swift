import RealmFormat

/// What a CSV cell means for its property: a value, a link (or list of links) or embedded
/// objects to stage once the object exists, or nothing to store (an empty collection, which a
/// new object already has).
enum ImportedCell {
    /// The properties of one embedded object, by name.
    typealias EmbeddedValues = [(property: String, value: RealmValue)]

    case value(RealmValue)
    case link(Int64?)
    case linkList([Int64])
    case embedded(EmbeddedValues?)
    case embeddedList([EmbeddedValues])
    /// A whole list, set or dictionary, or a Mixed value holding links or nested collections.
    case stored(NewValue)
    case nothing
}

/// Why a cell cannot be imported: bad data (the row is reported, or skipped with `--skip-bad`),
/// or a kind of value the writer cannot store yet (the import is refused as a whole).
enum CellError: Error, CustomStringConvertible {
    case bad(String)
    case unsupported(String)

    var description: String {
        switch self {
        case let .bad(reason), let .unsupported(reason): return reason
        }
    }
}

/// Parses cells as the property's type requires, reading back what `export csv` writes:
/// empty for null, `""` for the empty string, numbers, `true`/`false`, ISO 8601 dates, base64
/// binary data, hex ObjectIds and UUIDs, Decimal128 text, links as the target's primary key or
/// object key, lists of links, embedded objects and Mixed values as JSON.
struct CSVCellParser {
    let file: RealmFile
    let links: LinkTargetIndex

    func cell(_ field: CSVField, column: Column) throws(CellError) -> ImportedCell {
        if let collection = column.collection {
            return try collectionCell(field, column: column, kind: collection)
        }
        if column.isLink {
            guard let target = column.targetTableKey.flatMap({ file.table(withKey: $0) }) else {
                throw .unsupported("\(column.name) links to a table the file does not have")
            }
            if target.kind == .embedded {
                if field.isNull || field.text == "null" { return .embedded(nil) }
                return .embedded(try embeddedObject(try json(field.text, property: column.name), in: target, property: column.name))
            }
            if field.isNull || field.text == "null" { return .link(nil) }
            return .link(try links.key(for: field.text, in: target, property: column.name))
        }
        if column.type == .mixed, !field.isNull {
            let value = try mixedValue(field.text, property: column.name)
            if case let .scalar(scalar) = value, !scalar.isLink { return .value(scalar) }
            return .stored(value)
        }
        return .value(try CSVCellParser.value(field, type: column.type, isNullable: column.isNullable, property: column.name))
    }

    private func collectionCell(_ field: CSVField, column: Column, kind: CollectionKind) throws(CellError) -> ImportedCell {
        let text = field.text.trimmingWhitespace()
        if field.isNull || text == "[]" || text == "{}" { return .nothing }
        let target = column.targetTableKey.flatMap { file.table(withKey: $0) }
        if column.isLink, target == nil { throw .unsupported("\(column.name) links to a table the file does not have") }
        guard let target, column.isLink, kind == .list else {
            return .stored(try storedCollection(try json(text, property: column.name), column: column, kind: kind, target: target))
        }
        if target.kind == .embedded {
            guard case let .array(elements) = try json(text, property: column.name) else {
                throw .bad("\(column.name): expected a JSON array of \(target.displayName) objects")
            }
            var objects: [ImportedCell.EmbeddedValues] = []
            for element in elements { objects.append(try embeddedObject(element, in: target, property: column.name)) }
            return .embeddedList(objects)
        }
        guard case let .array(elements)? = try? JSONParser.parse(text) else {
            throw .bad("\(column.name): expected a JSON array of \(target.displayName) references, got \(text)")
        }
        var keys: [Int64] = []
        for element in elements {
            let reference: String
            switch element {
            case let .string(string): reference = string
            case let .int(number): reference = String(number)
            default: throw .bad("\(column.name): \(JSONTextRendering.text(element)) is not a reference to a \(target.displayName)")
            }
            keys.append(try links.key(for: reference, in: target, property: column.name))
        }
        return .linkList(keys)
    }

    private func json(_ text: String, property: String) throws(CellError) -> JSONValue {
        do { return try JSONParser.parse(text) } catch { throw .bad("\(property): \(CSVCellParser.shown(text)) is not JSON") }
    }

    /// An embedded object written as a JSON object, `{"street": "Main St 1", "zip": 1001}`;
    /// properties left out get Realm's defaults.
    private func embeddedObject(_ json: JSONValue, in target: Table, property: String) throws(CellError) -> ImportedCell.EmbeddedValues {
        guard case let .object(members) = json else { throw .bad("\(property): expected a JSON object with the properties of \(target.displayName)") }
        var values: ImportedCell.EmbeddedValues = []
        for member in members {
            guard let column = target.column(named: member.key) else {
                throw .bad("\(property): \(target.displayName) has no property \(member.key)")
            }
            let place = "\(property).\(member.key)"
            guard column.collection == nil, !column.isLink, column.type != .typedLink else {
                throw .unsupported("\(place): links and collections inside embedded objects cannot be imported yet")
            }
            if column.type == .mixed {
                values.append((member.key, try CSVCellParser.mixed(member.value, property: place)))
                continue
            }
            values.append((member.key, try CSVCellParser.scalar(member.value, type: column.type, isNullable: column.isNullable, property: place)))
        }
        return values
    }

    /// A scalar of `type` from its JSON form (in an embedded object or a collection): strings
    /// read like a quoted field, numbers and booleans like bare ones, null where allowed.
    static func scalar(_ json: JSONValue, type: ColumnType, isNullable: Bool, property: String) throws(CellError) -> RealmValue {
        let field: CSVField
        switch json {
        case .null:
            guard isNullable || type == .mixed else { throw .bad("\(property) holds required values; null does not fit") }
            return .null
        case let .string(text): field = CSVField(text: text, quoted: true)
        case let .int(number): field = CSVField(text: String(number), quoted: false)
        case let .double(number): field = CSVField(text: "\(number)", quoted: false)
        case let .bool(flag): field = CSVField(text: flag ? "true" : "false", quoted: false)
        case .array, .object: throw .bad("\(property): expected a single value, not a nested array or object")
        }
        return try value(field, type: type, isNullable: isNullable, property: property)
    }

    /// A scalar of `type` from its text; an empty unquoted field is null where allowed.
    static func value(_ field: CSVField, type: ColumnType, isNullable: Bool, property: String) throws(CellError) -> RealmValue {
        let value = try parsedValue(field, type: type, isNullable: isNullable, property: property)
        if let excess = RealmLimits.excess(of: value) { throw .bad("\(property): \(excess)") }
        return value
    }

    private static func parsedValue(_ field: CSVField, type: ColumnType, isNullable: Bool, property: String) throws(CellError) -> RealmValue {
        let text = field.text
        if field.isNull {
            if isNullable || type == .mixed { return .null }
            switch type {
            case .string: return .string("")
            case .binary: return .binary([])
            default: throw .bad("\(property) is required; the field is empty")
            }
        }
        let trimmed = text.trimmingWhitespace()
        func fail(_ what: String) -> CellError { .bad("\(property): \(shown(text)) is not \(what)") }
        switch type {
        case .int:
            guard let number = Int64(trimmed) else { throw fail("an integer") }
            return .int(number)
        case .bool:
            switch trimmed.lowercased() {
            case "true", "1": return .bool(true)
            case "false", "0": return .bool(false)
            default: throw fail("true or false")
            }
        case .float:
            guard let number = Float(trimmed) else { throw fail("a number") }
            // "1e39" parses as infinity; only a written infinity may be one.
            if number.isInfinite, let exact = Double(trimmed), exact.isFinite { throw fail("within float's range (about ±3.4e38)") }
            return .float(number)
        case .double:
            guard let number = Double(trimmed) else { throw fail("a number") }
            return .double(number)
        case .string:
            return .string(text)
        case .binary:
            guard let bytes = Base64.decode(trimmed) else { throw fail("base64 data") }
            return .binary(bytes)
        case .timestamp:
            guard let timestamp = ScalarTextParser.timestamp(trimmed) else { throw fail("a date (YYYY-MM-DDTHH:MM:SS[.fraction]Z)") }
            return .timestamp(timestamp)
        case .objectId:
            guard let id = ScalarTextParser.objectId(trimmed) else { throw fail("an ObjectId (24 hex digits)") }
            return .objectId(id)
        case .uuid:
            guard let uuid = ScalarTextParser.uuid(trimmed) else { throw fail("a UUID") }
            return .uuid(uuid)
        case .decimal128:
            guard let decimal = ScalarTextParser.decimal(trimmed) else { throw fail("a Decimal128") }
            return .decimal(decimal)
        case .mixed:
            return try mixed(text, property: property)
        default:
            throw .unsupported("\(property) is a \(type) property, which import does not write")
        }
    }

    /// Mixed cells are JSON as `export` writes them (`{"$date": ...}`, `{"$float": ...}` for
    /// typed values); text that is not JSON is taken as a string.
    static func mixed(_ text: String, property: String) throws(CellError) -> RealmValue {
        guard let json = try? JSONParser.parse(text) else { return .string(text) }
        return try mixed(json, property: property)
    }

    static func mixed(_ json: JSONValue, property: String) throws(CellError) -> RealmValue {
        switch json {
        case .null: return .null
        case let .int(number): return .int(number)
        case let .double(number): return .double(number)
        case let .bool(flag): return .bool(flag)
        case let .string(string): return .string(string)
        case let .object(members) where members.count == 1:
            let member = members[0]
            if member.key == "$link" {
                throw .unsupported("\(property): links held in Mixed values cannot be imported yet")
            }
            let tagged: String
            switch member.value {
            case let .string(text): tagged = text
            case let .int(number): tagged = String(number)
            case let .double(number): tagged = "\(number)"
            default: throw .bad("\(property): \(member.key) needs a text value")
            }
            let field = CSVField(text: tagged, quoted: true)
            switch member.key {
            case "$float": return try value(field, type: .float, isNullable: false, property: property)
            case "$double": return try value(field, type: .double, isNullable: false, property: property)
            case "$date": return try value(field, type: .timestamp, isNullable: false, property: property)
            case "$binary": return try value(field, type: .binary, isNullable: false, property: property)
            case "$oid": return try value(field, type: .objectId, isNullable: false, property: property)
            case "$uuid": return try value(field, type: .uuid, isNullable: false, property: property)
            case "$decimal": return try value(field, type: .decimal128, isNullable: false, property: property)
            default: break
            }
        default: break
        }
        throw .unsupported("\(property): collections nested in Mixed values cannot be imported yet")
    }

    static func shown(_ text: String) -> String {
        let cut = text.count > 40 ? String(text.prefix(39)) + "…" : text
        return "'" + cut + "'"
    }
}

