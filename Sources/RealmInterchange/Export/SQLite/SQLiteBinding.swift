import RealmFormat

/// How each Realm value becomes an SQLite value (docs/sqlite-export.md), bound to a statement's
/// parameter: the one place the mapping of values is decided, for properties and collection
/// elements alike, whether `LeafColumns` read them in place or as `RealmValue`s.
struct SQLiteBinding {
    let file: RealmFile
    /// The SQLite table of each exported class, for the type of a link held in a Mixed value.
    let tableNames: [UInt32: String]
    /// Collections nested in Mixed values become `export json`'s JSON for Mixed values, with
    /// links as object keys and dates with nine fraction digits.
    let encoder: ExportValueEncoder

    /// What a float or double NaN is: SQLite would store a REAL NaN as NULL.
    static let notANumber: StaticString = "NaN"
    /// What -0.0 is: a column declared REAL stores a whole REAL as an integer and reads back
    /// +0.0, and any text SQLite takes for a number is converted the same way. C's `%a`
    /// spelling is not such a text, and `strtod`, Swift's `Double(_:)` and Python's
    /// `float.fromhex` read it back.
    static let negativeZero: StaticString = "-0x0p+0"

    init(file: RealmFile, tableNames: [UInt32: String]) {
        self.file = file
        self.tableNames = tableNames
        encoder = ExportValueEncoder(file: file, style: .sqlite)
    }

    /// A float (widened exactly) or double: REAL, except NaN and -0.0, which are TEXT.
    @inline(__always)
    func bind(real value: Double, to statement: SQLiteStatement, at index: Int32) {
        if value.isNaN {
            statement.bind(index, text: UnsafeRawBufferPointer(start: Self.notANumber.utf8Start, count: Self.notANumber.utf8CodeUnitCount), inPlace: true)
        } else if value == 0 && value.sign == .minus {
            statement.bind(index, text: UnsafeRawBufferPointer(start: Self.negativeZero.utf8Start, count: Self.negativeZero.utf8CodeUnitCount), inPlace: true)
        } else {
            statement.bind(index, real: value)
        }
    }

    /// A string's UTF-8 bytes: read in place where they lie in the file, copied otherwise.
    @inline(__always)
    func bind(string bytes: UnsafeRawBufferPointer, to statement: SQLiteStatement, at index: Int32) {
        statement.bind(index, text: bytes, inPlace: file.mapped.bytes.contains(bytes))
    }

    @inline(__always)
    func bind(binary bytes: UnsafeRawBufferPointer, to statement: SQLiteStatement, at index: Int32) {
        statement.bind(index, blob: bytes, inPlace: file.mapped.bytes.contains(bytes))
    }

    /// ISO 8601 in UTC with all nine fraction digits, so that texts sort as the instants do.
    @inline(__always)
    func bind(seconds: Int64, nanoseconds: Int32, to statement: SQLiteStatement, at index: Int32) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ISO8601Bytes.maximumLength) { buffer in
            guard let target = buffer.baseAddress else { return }
            let length = ISO8601Bytes.write(seconds: seconds, nanoseconds: nanoseconds, fraction: .nanoseconds, to: target)
            statement.bind(index, text: UnsafeRawBufferPointer(start: target, count: length), inPlace: false)
        }
    }

    /// A value read as a `RealmValue` (the types without an in-place layout, Mixed values, the
    /// elements of collections read whole). `typeIndex`: where a Mixed value's type goes.
    func bind(_ value: RealmValue, to statement: SQLiteStatement, at index: Int32, typeAt typeIndex: Int32?,
              column: Column) throws(RealmFormatError) {
        if let typeIndex {
            if let name = SQLiteLayout.typeName(of: value, file: file, names: tableNames) {
                statement.bind(typeIndex, text: name)
            } else {
                statement.bindNull(typeIndex)
            }
        }
        switch value {
        case .null: statement.bindNull(index)
        case let .int(number): statement.bind(index, integer: number)
        case let .bool(flag): statement.bind(index, integer: flag ? 1 : 0)
        case let .float(number): bind(real: Double(number), to: statement, at: index)
        case let .double(number): bind(real: number, to: statement, at: index)
        case let .string(text): statement.bind(index, text: text)
        case let .binary(bytes): bytes.withUnsafeBytes { statement.bind(index, blob: $0, inPlace: false) }
        case let .timestamp(timestamp): bind(seconds: timestamp.seconds, nanoseconds: timestamp.nanoseconds, to: statement, at: index)
        case let .objectId(id): statement.bind(index, text: id.description)
        case let .uuid(uuid): statement.bind(index, text: uuid.description)
        case let .decimal(decimal): statement.bind(index, text: decimal.description)
        case let .link(_, key), let .typedLink(_, key): statement.bind(index, integer: key)
        case .collection:
            // Only a Mixed value holds a collection here (a property's own are tables).
            var text = ""
            try encoder.appendJSON(value, column: column, to: &text)
            statement.bind(index, text: text)
        }
    }
}
