import RealmFormat

/// `dump`'s canonical JSON (../shared/fixtures/README.md) written as bytes for the values
/// `LeafColumns` reads in place. Mixed values and the types without an in-place layout go
/// through `CanonicalValueEncoder`, which stays the reference for every encoding here.
public struct CanonicalByteFormat: LeafValueFormat {
    public let columns: [Column]
    public let encoder: CanonicalValueEncoder
    /// Per column, for links: `{"$link": ["<target table>", ` (the key and `]}` follow).
    public let linkPrefixes: ByteStrings

    public init(columns: [Column], encoder: CanonicalValueEncoder) {
        self.columns = columns
        self.encoder = encoder
        linkPrefixes = ByteStrings(columns.map { column in
            var prefix = "{\"$link\": ["
            let target = column.targetTableKey.flatMap { encoder.file.table(withKey: $0)?.name } ?? "?"
            CanonicalValueEncoder.appendJSONString(target, to: &prefix)
            return prefix + ", "
        })
    }

    /// Ints inside Mixed values are tagged (`{"$int": n}`): Mixed columns take the general path.
    public func readsInPlace(_ column: Column) -> Bool {
        column.type != .mixed
    }

    public func appendFloat(_ value: Float, to out: inout ByteOutput) {
        out.append("{\"$float\": \"")
        out.appendPrintf(Double(value), significantDigits: 9)
        out.append("\"}")
    }

    public func appendDouble(_ value: Double, to out: inout ByteOutput) {
        out.append("{\"$double\": \"")
        out.appendPrintf(value, significantDigits: 17)
        out.append("\"}")
    }

    public func appendString(_ bytes: UnsafeRawBufferPointer, to out: inout ByteOutput) {
        out.appendJSONString(bytes)
    }

    public func appendBinary(_ bytes: UnsafeRawBufferPointer, to out: inout ByteOutput) {
        out.append("{\"$binary\": \"")
        out.appendBase64(bytes)
        out.append("\"}")
    }

    public func appendTimestamp(seconds: Int64, nanoseconds: Int32, to out: inout ByteOutput) {
        out.append("{\"$date\": [")
        out.appendInteger(seconds)
        out.append(", ")
        out.appendInteger(Int64(nanoseconds))
        out.append("]}")
    }

    public func appendLink(_ key: Int64, column: Int, to out: inout ByteOutput) throws(RealmFormatError) {
        linkPrefixes.append(column, to: &out)
        out.appendInteger(key)
        out.append("]}")
    }

    public func appendList(column: Int, to out: inout ByteOutput,
                    elements: (inout ByteOutput, CanonicalByteFormat) throws(RealmFormatError) -> Int) throws(RealmFormatError) {
        out.append(UInt8(ascii: "["))
        _ = try elements(&out, self)
        out.append(UInt8(ascii: "]"))
    }

    public func appendValue(_ value: RealmValue, column: Int, to out: inout ByteOutput) throws(RealmFormatError) {
        var text = ""
        try encoder.encode(value, inMixed: columns[column].type == .mixed, into: &text)
        out.append(contentsOf: text)
    }
}
