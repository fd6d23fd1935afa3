import RealmFormat

/// The elements of a list or set `LeafColumns` reads in place: each value it is given is one
/// element, bound (after its position, in a list) and inserted as a row of the collection's
/// table at once. Writes no bytes, like `SQLiteRowFormat`.
struct SQLiteElementFormat: LeafValueFormat {
    let insert: SQLiteCollectionInsert
    let binding: SQLiteBinding

    func readsInPlace(_ column: Column) -> Bool { true }

    func appendNull(to out: inout ByteOutput) {
        insert.nextElement()
        insert.statement.bindNull(insert.valueIndex)
        insert.statement.endRow()
    }

    func appendInteger(_ value: Int64, to out: inout ByteOutput) {
        insert.nextElement()
        insert.statement.bind(insert.valueIndex, integer: value)
        insert.statement.endRow()
    }

    func appendBool(_ value: Bool, to out: inout ByteOutput) {
        appendInteger(value ? 1 : 0, to: &out)
    }

    func appendFloat(_ value: Float, to out: inout ByteOutput) {
        appendDouble(Double(value), to: &out)
    }

    func appendDouble(_ value: Double, to out: inout ByteOutput) {
        insert.nextElement()
        binding.bind(real: value, to: insert.statement, at: insert.valueIndex)
        insert.statement.endRow()
    }

    func appendString(_ bytes: UnsafeRawBufferPointer, to out: inout ByteOutput) {
        insert.nextElement()
        binding.bind(string: bytes, to: insert.statement, at: insert.valueIndex)
        insert.statement.endRow()
    }

    func appendBinary(_ bytes: UnsafeRawBufferPointer, to out: inout ByteOutput) {
        insert.nextElement()
        binding.bind(binary: bytes, to: insert.statement, at: insert.valueIndex)
        insert.statement.endRow()
    }

    func appendTimestamp(seconds: Int64, nanoseconds: Int32, to out: inout ByteOutput) {
        insert.nextElement()
        binding.bind(seconds: seconds, nanoseconds: nanoseconds, to: insert.statement, at: insert.valueIndex)
        insert.statement.endRow()
    }

    func appendLink(_ key: Int64, column: Int, to out: inout ByteOutput) throws(RealmFormatError) {
        appendInteger(key, to: &out)
    }

    /// Elements are never collections when read in place (`LeafColumns.elementsReadInPlace`).
    func appendList(column: Int, to out: inout ByteOutput,
                    elements: (inout ByteOutput, SQLiteElementFormat) throws(RealmFormatError) -> Int) throws(RealmFormatError) {
        throw .unexpectedNode(ref: 0, context: "export sqlite", detail: "a list element that is a list")
    }

    func appendValue(_ value: RealmValue, column: Int, to out: inout ByteOutput) throws(RealmFormatError) {
        insert.nextElement()
        try binding.bind(value, to: insert.statement, at: insert.valueIndex, typeAt: insert.typeIndex, column: insert.column)
        insert.statement.endRow()
    }
}
