import RealmFormat

/// What a CSV cell means for its property: a value, a link (or list of links) to set once the
/// object exists, or nothing to store (an empty collection, which a new object already has).
enum ImportedCell: Equatable {
    case value(RealmValue)
    case link(Int64?)
    case linkList([Int64])
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
/// object key, lists of links and Mixed values as JSON.
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
            if field.isNull || field.text == "null" { return .link(nil) }
            guard target.kind != .embedded else {
                throw .unsupported("\(column.name) holds an embedded object; creating embedded objects is not supported by the writer yet")
            }
            return .link(try links.key(for: field.text, in: target, property: column.name))
        }
        return .value(try CSVCellParser.value(field, type: column.type, isNullable: column.isNullable, property: column.name))
    }

    private func collectionCell(_ field: CSVField, column: Column, kind: CollectionKind) throws(CellError) -> ImportedCell {
        let text = field.text.trimmingWhitespace()
        if field.isNull || text == "[]" || text == "{}" { return .nothing }
        guard column.isLink, kind == .list,
              let target = column.targetTableKey.flatMap({ file.table(withKey: $0) }), target.kind != .embedded else {
            throw .unsupported("\(column.name) is a \(kind.rawValue) of \(column.type); setting its elements is not supported by the writer yet (only lists of links can be imported)")
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

    /// A scalar of `type` from its text; an empty unquoted field is null where allowed.
    static func value(_ field: CSVField, type: ColumnType, isNullable: Bool, property: String) throws(CellError) -> RealmValue {
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

