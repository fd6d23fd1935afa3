import RealmFormat

private extension RealmValue {
    var isFloat: Bool {
        if case .float = self { return true }
        return false
    }
}

/// Turns stored values into what `export` writes, Realm Studio style: plain JSON values
/// (numbers, strings, booleans, arrays, objects), links as the target's primary key (or its
/// object key when the target class has none), embedded objects inline, and dates, binary data,
/// ObjectIds, UUIDs and Decimal128s as text. Mixed values keep their type with `$`-tagged
/// objects (`{"$date": ...}`), since JSON alone cannot tell a date from a string.
public final class ExportValueEncoder {
    /// `export json` and `export csv` name a link's target by its primary key; the JSON
    /// `export sqlite` writes for collections nested in Mixed values names it by its object
    /// key (`_key`, what its tables join on) and writes dates with all nine fraction digits,
    /// as its date columns are.
    public enum Style: Sendable {
        case export, sqlite
    }

    public let file: RealmFile
    public let style: Style
    private let collections: CollectionReader
    /// Object key -> primary key, per target table, read once (column by column) when first needed.
    private var primaryKeys: [UInt32: [Int64: RealmValue]] = [:]
    /// Embedded objects nest inside their parents; a damaged file must not make that endless.
    public static let maximumDepth = 64

    public init(file: RealmFile, style: Style = .export) {
        self.file = file
        self.style = style
        collections = CollectionReader(file: file)
    }

    // MARK: - JSON

    /// Appends the JSON of one property value.
    public func appendJSON(_ value: RealmValue, column: Column, to text: inout String, depth: Int = 0) throws(RealmFormatError) {
        // Typed links carry their target class, which only the tagged form keeps.
        if column.type == .mixed || column.type == .typedLink {
            try appendMixed(value, to: &text, depth: depth)
            return
        }
        switch value {
        case let .collection(collection):
            try appendCollection(collection, column: column, to: &text, depth: depth)
        case let .link(table, key), let .typedLink(table, key):
            try appendLink(table: table, key: key, to: &text, depth: depth)
        default:
            Self.appendScalar(value, to: &text)
        }
    }

    /// `{"_key": 3, "name": "Birds"}`: one object, `_key` only where the class has no primary key
    /// (links to such objects are their object keys).
    public func appendObject(table: Table, readers: [ColumnLeafReader], row: Int, key: Int64, to text: inout String,
                      depth: Int = 0) throws(RealmFormatError) {
        text += "{"
        var first = true
        if table.primaryKey == nil && table.kind != .embedded {
            text += "\"_key\": \(key)"
            first = false
        }
        for reader in readers {
            if !first { text += ", " }
            first = false
            CanonicalValueEncoder.appendJSONString(reader.column.name, to: &text)
            text += ": "
            try appendJSON(try reader.value(at: row), column: reader.column, to: &text, depth: depth)
        }
        text += "}"
    }

    private func appendCollection(_ collection: CollectionSummary, column: Column, to text: inout String,
                                  depth: Int) throws(RealmFormatError) {
        try appendEntries(of: collection, to: &text) { (element, text) throws(RealmFormatError) in
            try appendElement(element, collection: collection, column: column, to: &text, depth: depth)
        }
    }

    /// `collection` as a JSON object (a dictionary) or array, `appendValue` writing each value.
    /// Typed columns and mixed values write their elements differently but share the brackets,
    /// keys and commas, so those are written here once.
    private func appendEntries(of collection: CollectionSummary, to text: inout String,
                               appendValue: (RealmValue, inout String) throws(RealmFormatError) -> Void) throws(RealmFormatError) {
        if collection.kind == .dictionary {
            text += "{"
            for (index, entry) in try collections.entries(of: collection).enumerated() {
                if index > 0 { text += ", " }
                CanonicalValueEncoder.appendJSONString(Self.dictionaryKey(entry.key), to: &text)
                text += ": "
                try appendValue(entry.value, &text)
            }
            text += "}"
            return
        }
        text += "["
        for (index, element) in try collections.elements(of: collection).enumerated() {
            if index > 0 { text += ", " }
            try appendValue(element, &text)
        }
        text += "]"
    }

    private func appendElement(_ element: RealmValue, collection: CollectionSummary, column: Column, to text: inout String,
                               depth: Int) throws(RealmFormatError) {
        if collection.elementType == .mixed || collection.nestingDepth > 0 {
            try appendMixed(element, to: &text, depth: depth)
        } else {
            try appendJSON(element, column: column, to: &text, depth: depth)
        }
    }

    private func appendLink(table tableKey: UInt32, key: Int64, to text: inout String, depth: Int) throws(RealmFormatError) {
        guard let target = file.table(withKey: tableKey), target.kind == .embedded else {
            Self.appendScalar(try reference(table: tableKey, key: key), to: &text)
            return
        }
        guard depth < Self.maximumDepth else {
            throw .unexpectedNode(ref: 0, context: "export of \(target.name)", detail: "embedded objects nested more than \(Self.maximumDepth) deep")
        }
        guard let (leaf, row) = try target.objects.find(key: key) else {
            text += "null"
            return
        }
        let readers = try target.columns.map { column throws(RealmFormatError) in try ColumnLeafReader(leaf: leaf, column: column) }
        try appendObject(table: target, readers: readers, row: row, key: key, to: &text, depth: depth + 1)
    }

    /// Mixed values: JSON's own types where they say enough, `$`-tagged objects otherwise.
    private func appendMixed(_ value: RealmValue, to text: inout String, depth: Int) throws(RealmFormatError) {
        switch value {
        case .null, .int, .bool, .string:
            Self.appendScalar(value, to: &text)
        case let .double(number) where number.isFinite:
            Self.appendScalar(value, to: &text)
        case .float, .double:
            // Floats, and doubles JSON has no number for (NaN, infinities), keep their type.
            text += "{\"\(value.isFloat ? "$float" : "$double")\": "
            CanonicalValueEncoder.appendJSONString(Self.text(of: value) ?? "", to: &text)
            text += "}"
        case let .timestamp(timestamp) where style == .sqlite:
            text += "{\"$date\": \"" + TimestampFormatter.iso8601(timestamp, fraction: .nanoseconds) + "\"}"
        case .binary, .timestamp, .objectId, .uuid, .decimal:
            text += "{\"\(Self.tag(of: value))\": "
            Self.appendScalar(value, to: &text)
            text += "}"
        case let .link(table, key), let .typedLink(table, key):
            text += "{\"$link\": ["
            CanonicalValueEncoder.appendJSONString(file.table(withKey: table)?.displayName ?? "?", to: &text)
            text += ", "
            Self.appendScalar(try reference(table: table, key: key), to: &text)
            text += "]}"
        case let .collection(collection):
            guard depth < Self.maximumDepth else {
                throw .unexpectedNode(ref: Int(collection.rootRef ?? 0), context: "export", detail: "collections nested more than \(Self.maximumDepth) deep")
            }
            try appendEntries(of: collection, to: &text) { (element, text) throws(RealmFormatError) in
                try appendMixed(element, to: &text, depth: depth + 1)
            }
        }
    }

    public static func tag(of value: RealmValue) -> String {
        switch value {
        case .binary: return "$binary"
        case .timestamp: return "$date"
        case .objectId: return "$oid"
        case .uuid: return "$uuid"
        case .decimal: return "$decimal"
        default: return ""
        }
    }

    private static func dictionaryKey(_ key: RealmValue) -> String {
        if case let .string(text) = key { return text }
        return text(of: key) ?? ""
    }

    /// Scalars as JSON: numbers and booleans bare, everything else as a JSON string.
    public static func appendScalar(_ value: RealmValue, to text: inout String) {
        switch value {
        case .null: text += "null"
        case let .int(number): text += String(number)
        case let .bool(flag): text += flag ? "true" : "false"
        case let .float(number) where number.isFinite: text += "\(number)"
        case let .double(number) where number.isFinite: text += "\(number)"
        default: CanonicalValueEncoder.appendJSONString(self.text(of: value) ?? "", to: &text)
        }
    }

    /// The text of a scalar as `export csv` writes it and `import csv` reads it back; nil for null.
    public static func text(of value: RealmValue) -> String? {
        switch value {
        case .null, .collection: return nil
        case let .int(number): return String(number)
        case let .bool(flag): return flag ? "true" : "false"
        case let .float(number): return NumberText.text(of: number)
        case let .double(number): return NumberText.text(of: number)
        case let .string(string): return string
        case let .binary(bytes): return Base64.encode(bytes)
        case let .timestamp(timestamp): return TimestampFormatter.iso8601(timestamp)
        case let .objectId(id): return id.description
        case let .uuid(uuid): return uuid.description
        case let .decimal(decimal): return decimal.description
        case let .link(_, key), let .typedLink(_, key): return String(key)
        }
    }

    // MARK: - Links

    /// What a link to (`table`, `key`) is exported as: the target's primary key, or its object key.
    public func reference(table tableKey: UInt32, key: Int64) throws(RealmFormatError) -> RealmValue {
        guard style == .export, let target = file.table(withKey: tableKey), let primaryKey = target.primaryKey else { return .int(key) }
        if primaryKeys[tableKey] == nil {
            var map: [Int64: RealmValue] = [:]
            try target.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
                let reader = try ColumnLeafReader(leaf: leaf, column: primaryKey)
                for row in 0..<leaf.count { map[try leaf.key(at: row)] = try reader.value(at: row) }
            }
            primaryKeys[tableKey] = map
        }
        return primaryKeys[tableKey]?[key] ?? .int(key)
    }

    // MARK: - CSV

    /// One CSV field: empty for null, `""` for an empty string or blob (so the two stay apart), the
    /// text of scalars and links, JSON for collections, embedded objects and Mixed values.
    public func csvField(_ value: RealmValue, column: Column) throws(RealmFormatError) -> String {
        if value == .null { return "" }
        let isEmbeddedLink = column.isLink && column.targetTableKey.flatMap { file.table(withKey: $0) }?.kind == .embedded
        var text = ""
        switch value {
        case .collection:
            try appendJSON(value, column: column, to: &text)
        case let .link(table, key), let .typedLink(table, key):
            if isEmbeddedLink || column.type == .mixed || column.type == .typedLink {
                try appendJSON(value, column: column, to: &text)
            } else {
                text = Self.text(of: try reference(table: table, key: key)) ?? ""
            }
        default:
            if column.type == .mixed {
                try appendJSON(value, column: column, to: &text)
            } else {
                text = Self.text(of: value) ?? ""
            }
        }
        // A present but empty value (string, binary) is quoted so that it does not read back as null.
        return text.isEmpty ? "\"\"" : CSV.field(text)
    }
}
