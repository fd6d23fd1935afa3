import RealmFormat

/// `LeafValueFormat` for `export sqlite`: it writes no bytes, it binds each value `LeafColumns`
/// reads to the parameter `SQLiteRow` points at, through `SQLiteBinding` (so the reading loop
/// of `dump` and `export` serves here unchanged). The `ByteOutput` it is handed only ever gets
/// the separators `LeafColumns` puts between list elements, which go nowhere.
struct SQLiteRowFormat: LeafValueFormat {
    let row: SQLiteRow
    let binding: SQLiteBinding

    /// Mixed values and typed links carry their type in a second column: `appendValue` binds both.
    func readsInPlace(_ column: Column) -> Bool {
        column.type != .mixed && column.type != .typedLink
    }

    func appendNull(to out: inout ByteOutput) {
        row.statement.bindNull(row.parameter)
    }

    func appendInteger(_ value: Int64, to out: inout ByteOutput) {
        row.statement.bind(row.parameter, integer: value)
    }

    func appendBool(_ value: Bool, to out: inout ByteOutput) {
        row.statement.bind(row.parameter, integer: value ? 1 : 0)
    }

    func appendFloat(_ value: Float, to out: inout ByteOutput) {
        binding.bind(real: Double(value), to: row.statement, at: row.parameter)
    }

    func appendDouble(_ value: Double, to out: inout ByteOutput) {
        binding.bind(real: value, to: row.statement, at: row.parameter)
    }

    func appendString(_ bytes: UnsafeRawBufferPointer, to out: inout ByteOutput) {
        binding.bind(string: bytes, to: row.statement, at: row.parameter)
    }

    func appendBinary(_ bytes: UnsafeRawBufferPointer, to out: inout ByteOutput) {
        binding.bind(binary: bytes, to: row.statement, at: row.parameter)
    }

    func appendTimestamp(seconds: Int64, nanoseconds: Int32, to out: inout ByteOutput) {
        binding.bind(seconds: seconds, nanoseconds: nanoseconds, to: row.statement, at: row.parameter)
    }

    func appendLink(_ key: Int64, column: Int, to out: inout ByteOutput) throws(RealmFormatError) {
        row.statement.bind(row.parameter, integer: key)
    }

    /// A list or set read in place: each element is a row of its table.
    func appendList(column: Int, to out: inout ByteOutput,
                    elements: (inout ByteOutput, SQLiteElementFormat) throws(RealmFormatError) -> Int) throws(RealmFormatError) {
        guard let insert = row.collections[column] else { return }
        _ = try elements(&out, SQLiteElementFormat(insert: insert, binding: binding))
    }

    /// A value read whole: a property's own collection (its elements become rows), or a single
    /// value, bound with its type where the column carries one.
    func appendValue(_ value: RealmValue, column: Int, to out: inout ByteOutput) throws(RealmFormatError) {
        let realmColumn = row.columns[column]
        if realmColumn.collection != nil {
            guard case let .collection(collection) = value, let insert = row.collections[column] else { return }
            try insert.insert(collection, reader: row.reader, binding: binding)
            return
        }
        let carriesType = realmColumn.type == .mixed || realmColumn.type == .typedLink
        try binding.bind(value, to: row.statement, at: row.parameter, typeAt: carriesType ? row.parameter + 1 : nil, column: realmColumn)
    }
}
