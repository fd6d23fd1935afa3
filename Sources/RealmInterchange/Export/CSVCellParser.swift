import RealmFormat

/// What a CSV cell means for its property: a value, a link (or list of links) or embedded
/// objects to stage once the object exists, or nothing to store (an empty collection, which a
/// new object already has).
public enum ImportedCell {
    /// The properties of one embedded object, by name.
    public typealias EmbeddedValues = [(property: String, value: RealmValue)]

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
public enum CellError: Error, CustomStringConvertible {
    case bad(String)
    case unsupported(String)

    public var description: String {
        switch self {
        case let .bad(reason), let .unsupported(reason): return reason
        }
    }
}

/// Parses cells as the property's type requires, reading back what `export csv` and
/// `export json` write: null, numbers, `true`/`false`, ISO 8601 dates, base64 binary data, hex
/// ObjectIds and UUIDs, Decimal128 text, links as the target's primary key or object key,
/// collections, embedded objects and Mixed values as JSON. A CSV field is text (empty for null,
/// `""` for the empty string); `import json` hands over the parsed JSON value itself, and both
/// meet in `cell(_:column:)` for JSON values so that they read links and collections alike.
public struct CSVCellParser {
    public let file: RealmFile
    public let links: LinkTargetIndex

    public func cell(_ field: CSVField, column: Column) throws(CellError) -> ImportedCell {
        if column.collection != nil || column.isLink {
            let text = field.text.trimmingWhitespace()
            if field.isNull || text == "null" { return try cell(JSONValue.null, column: column) }
            // A link is the text of the reference, whatever it looks like.
            if column.collection == nil, try linkTarget(of: column).kind != .embedded {
                return try cell(JSONValue.string(field.text), column: column)
            }
            return try cell(try json(text, property: column.name), column: column)
        }
        if column.type == .mixed, !field.isNull { return Self.mixedCell(try mixedValue(field.text, property: column.name)) }
        return .value(try CSVCellParser.value(field, type: column.type, isNullable: column.isNullable, property: column.name))
    }

    /// A property's value in the JSON `export json` writes (a CSV field's JSON once parsed).
    public func cell(_ json: JSONValue, column: Column) throws(CellError) -> ImportedCell {
        if let collection = column.collection {
            switch json {
            case .null: return .nothing
            case let .array(items) where items.isEmpty: return .nothing
            case let .object(members) where members.isEmpty: return .nothing
            default: return try collectionCell(json, column: column, kind: collection)
            }
        }
        if column.isLink {
            let target = try linkTarget(of: column)
            if target.kind == .embedded {
                return .embedded(json == .null ? nil : try embeddedObject(json, in: target, property: column.name))
            }
            if json == .null { return .link(nil) }
            return .link(try links.key(for: try reference(json, to: target, property: column.name), in: target, property: column.name))
        }
        if column.type == .mixed { return Self.mixedCell(try mixedValue(json, property: column.name)) }
        return .value(try CSVCellParser.scalar(json, type: column.type, isNullable: column.isNullable, property: column.name))
    }

    /// A Mixed scalar is a value of the new object; a link or collection is staged afterwards.
    private static func mixedCell(_ value: NewValue) -> ImportedCell {
        if case let .scalar(scalar) = value, !scalar.isLink { return .value(scalar) }
        return .stored(value)
    }

    private func linkTarget(of column: Column) throws(CellError) -> Table {
        guard let target = column.targetTableKey.flatMap({ file.table(withKey: $0) }) else {
            throw .unsupported("\(column.name) links to a table the file does not have")
        }
        return target
    }

    /// The text of a link reference: the target's primary key or object key, as JSON writes it.
    public func reference(_ json: JSONValue, to target: Table, property: String) throws(CellError) -> String {
        switch json {
        case let .string(text): return text
        case let .int(number): return String(number)
        default: throw .bad("\(property): \(JSONTextRendering.text(json)) is not a reference to a \(target.displayName)")
        }
    }

    private func collectionCell(_ json: JSONValue, column: Column, kind: CollectionKind) throws(CellError) -> ImportedCell {
        let target = column.isLink ? try linkTarget(of: column) : nil
        guard let target, kind == .list else {
            return .stored(try storedCollection(json, column: column, kind: kind, target: target))
        }
        guard case let .array(elements) = json else {
            throw .bad("\(column.name): expected a JSON array of \(target.displayName) \(target.kind == .embedded ? "objects" : "references")")
        }
        if target.kind == .embedded {
            var objects: [ImportedCell.EmbeddedValues] = []
            for element in elements { objects.append(try embeddedObject(element, in: target, property: column.name)) }
            return .embeddedList(objects)
        }
        var keys: [Int64] = []
        for element in elements {
            keys.append(try links.key(for: try reference(element, to: target, property: column.name), in: target, property: column.name))
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

    /// A scalar of `type` from its JSON form, as `export json` writes it: numbers and booleans
    /// bare (NaN and the infinities as "nan", "inf", "-inf"), everything else as a string, null
    /// where allowed. A JSON value of another kind is refused rather than converted, since a
    /// number where a string belongs (or the reverse) is more likely a mistake than an intent.
    public static func scalar(_ json: JSONValue, type: ColumnType, isNullable: Bool, property: String) throws(CellError) -> RealmValue {
        let field: CSVField
        switch (json, type) {
        case (.null, _):
            guard isNullable || type == .mixed else { throw .bad("\(property) holds required values; null does not fit") }
            return .null
        case (.array, _), (.object, _):
            throw .bad("\(property): expected a single value, not a nested array or object")
        case let (.int(number), .int), let (.int(number), .float), let (.int(number), .double), let (.int(number), .decimal128):
            field = CSVField(text: String(number), quoted: false)
        case let (.double(number), .float), let (.double(number), .double), let (.double(number), .decimal128):
            field = CSVField(text: "\(number)", quoted: false)
        case let (.bool(flag), .bool):
            field = CSVField(text: flag ? "true" : "false", quoted: false)
        case let (.string(text), .float), let (.string(text), .double):
            guard ["nan", "inf", "-inf"].contains(text) else { throw .bad("\(property): expected a number, got \(JSONTextRendering.text(json))") }
            field = CSVField(text: text, quoted: true)
        case let (.string(text), .string), let (.string(text), .binary), let (.string(text), .timestamp),
             let (.string(text), .objectId), let (.string(text), .uuid), let (.string(text), .decimal128):
            field = CSVField(text: text, quoted: true)
        case (_, .mixed):
            return try mixed(json, property: property)
        default:
            throw .bad("\(property): expected \(expectedJSON(type)), got \(JSONTextRendering.text(json))")
        }
        return try value(field, type: type, isNullable: isNullable, property: property)
    }

    private static func expectedJSON(_ type: ColumnType) -> String {
        switch type {
        case .int: return "an integer"
        case .bool: return "true or false"
        case .float, .double: return "a number"
        case .string: return "a string"
        case .binary: return "base64 data in a string"
        case .decimal128: return "a Decimal128 as a string or number"
        default: return "a \(SchemaVocabulary.userTypeName(type)) as a string"
        }
    }

    /// A scalar of `type` from its text; an empty unquoted field is null where allowed.
    public static func value(_ field: CSVField, type: ColumnType, isNullable: Bool, property: String) throws(CellError) -> RealmValue {
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
    public static func mixed(_ text: String, property: String) throws(CellError) -> RealmValue {
        guard let json = try? JSONParser.parse(text) else { return .string(text) }
        return try mixed(json, property: property)
    }

    public static func mixed(_ json: JSONValue, property: String) throws(CellError) -> RealmValue {
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

    public static func shown(_ text: String) -> String {
        let cut = text.count > 40 ? String(text.prefix(39)) + "…" : text
        return "'" + cut + "'"
    }
}

