import RealmFormat

/// `dump`'s canonical JSON (../shared/fixtures/README.md) written as bytes for the values
/// `LeafColumns` reads in place. Mixed values and the types without an in-place layout go
/// through `CanonicalValueEncoder`, which stays the reference for every encoding here.
struct CanonicalByteFormat: LeafValueFormat {
    let columns: [Column]
    let encoder: CanonicalValueEncoder
    /// Per column, for links: `{"$link": ["<target table>", ` (the key and `]}` follow).
    let linkPrefixes: ByteStrings

    init(columns: [Column], encoder: CanonicalValueEncoder) {
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
    func readsInPlace(_ column: Column) -> Bool {
        column.type != .mixed
    }

    func appendFloat(_ value: Float, to out: inout ByteOutput) {
        out.append("{\"$float\": \"")
        out.appendPrintf(Double(value), significantDigits: 9)
        out.append("\"}")
    }

    func appendDouble(_ value: Double, to out: inout ByteOutput) {
        out.append("{\"$double\": \"")
        out.appendPrintf(value, significantDigits: 17)
        out.append("\"}")
    }

    func appendString(_ bytes: UnsafeRawBufferPointer, to out: inout ByteOutput) {
        out.appendJSONString(bytes)
    }

    func appendBinary(_ bytes: UnsafeRawBufferPointer, to out: inout ByteOutput) {
        out.append("{\"$binary\": \"")
        out.appendBase64(bytes)
        out.append("\"}")
    }

    func appendTimestamp(seconds: Int64, nanoseconds: Int32, to out: inout ByteOutput) {
        out.append("{\"$date\": [")
        out.appendInteger(seconds)
        out.append(", ")
        out.appendInteger(Int64(nanoseconds))
        out.append("]}")
    }

    func appendLink(_ key: Int64, column: Int, to out: inout ByteOutput) throws(RealmFormatError) {
        linkPrefixes.append(column, to: &out)
        out.appendInteger(key)
        out.append("]}")
    }

    func appendList(column: Int, to out: inout ByteOutput,
                    elements: (inout ByteOutput, CanonicalByteFormat) throws(RealmFormatError) -> Int) throws(RealmFormatError) {
        out.append(UInt8(ascii: "["))
        _ = try elements(&out, self)
        out.append(UInt8(ascii: "]"))
    }

    func appendValue(_ value: RealmValue, column: Int, to out: inout ByteOutput) throws(RealmFormatError) {
        var text = ""
        try encoder.encode(value, inMixed: columns[column].type == .mixed, into: &text)
        out.append(contentsOf: text)
    }
}
