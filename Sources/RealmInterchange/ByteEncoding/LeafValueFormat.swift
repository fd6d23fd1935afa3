import RealmFormat

/// How one output format (`dump`'s canonical JSON, `export json`, `export csv`) writes the
/// values `LeafColumns` reads in place. `LeafColumns` decides what each stored value is; the
/// format only decides its text, so the three formats share one reading loop, specialised
/// for each of them.
public protocol LeafValueFormat {
    /// How the elements of lists and sets are written (CSV writes them as export JSON).
    associatedtype ElementFormat: LeafValueFormat

    /// Whether the values of `column` may be read in place; false sends them through `appendValue`.
    func readsInPlace(_ column: Column) -> Bool

    func appendNull(to out: inout ByteOutput)
    func appendInteger(_ value: Int64, to out: inout ByteOutput)
    func appendBool(_ value: Bool, to out: inout ByteOutput)
    func appendFloat(_ value: Float, to out: inout ByteOutput)
    func appendDouble(_ value: Double, to out: inout ByteOutput)
    /// A stored string's UTF-8 bytes.
    func appendString(_ bytes: UnsafeRawBufferPointer, to out: inout ByteOutput)
    func appendBinary(_ bytes: UnsafeRawBufferPointer, to out: inout ByteOutput)
    func appendTimestamp(seconds: Int64, nanoseconds: Int32, to out: inout ByteOutput)
    /// A link (key ≥ 0) into the target table of column number `column`.
    func appendLink(_ key: Int64, column: Int, to out: inout ByteOutput) throws(RealmFormatError)
    /// A list or set of column number `column`: `elements` writes its elements, separated, in
    /// the format given to it, and returns how many it wrote.
    func appendList(column: Int, to out: inout ByteOutput,
                    elements: (inout ByteOutput, ElementFormat) throws(RealmFormatError) -> Int) throws(RealmFormatError)
    /// A value of column number `column` read through its `ColumnLeafReader` (the rare types).
    func appendValue(_ value: RealmValue, column: Int, to out: inout ByteOutput) throws(RealmFormatError)
}

extension LeafValueFormat {
    // JSON's literals, which both JSON formats write (CSV writes its own null).
    public func appendNull(to out: inout ByteOutput) {
        out.append("null")
    }

    public func appendInteger(_ value: Int64, to out: inout ByteOutput) {
        out.appendInteger(value)
    }

    public func appendBool(_ value: Bool, to out: inout ByteOutput) {
        if value { out.append("true") } else { out.append("false") }
    }
}
