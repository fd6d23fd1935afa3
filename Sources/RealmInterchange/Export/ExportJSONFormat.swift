import RealmFormat

/// `export json`'s values (see `ExportValueEncoder`) written as bytes for the values
/// `LeafColumns` reads in place. Mixed values, typed links and embedded objects go through
/// `ExportValueEncoder`, which stays the reference for every encoding here.
public struct ExportJSONFormat: LeafValueFormat {
    public let columns: [Column]
    public let encoder: ExportValueEncoder
    /// Per column: the table its links point to when that table has a primary key (links are
    /// then written as the target's primary key, otherwise as its object key).
    public let keyedTargets: [UInt32?]

    public init(columns: [Column], encoder: ExportValueEncoder) {
        self.columns = columns
        self.encoder = encoder
        keyedTargets = columns.map { column in
            guard column.isLink, let target = column.targetTableKey, encoder.file.table(withKey: target)?.primaryKey != nil else { return nil }
            return target
        }
    }

    public func readsInPlace(_ column: Column) -> Bool {
        Self.readsInPlace(column, file: encoder.file)
    }

    /// Mixed values and typed links keep their type in tagged objects, and links to embedded
    /// objects are the objects themselves: those take the general path.
    public static func readsInPlace(_ column: Column, file: RealmFile) -> Bool {
        if column.type == .mixed || column.type == .typedLink { return false }
        guard column.isLink else { return true }
        return column.targetTableKey.flatMap { file.table(withKey: $0) }.map { $0.kind != .embedded } ?? true
    }

    /// A JSON number where there is one; NaN and the infinities as the strings `"nan"`, `"inf"`, `"-inf"`.
    public func appendFloat(_ value: Float, to out: inout ByteOutput) {
        if value.isFinite { out.appendDescription(value) } else { appendNonFinite(value.isNaN, value < 0, to: &out) }
    }

    public func appendDouble(_ value: Double, to out: inout ByteOutput) {
        if value.isFinite { out.appendDescription(value) } else { appendNonFinite(value.isNaN, value < 0, to: &out) }
    }

    private func appendNonFinite(_ isNaN: Bool, _ isNegative: Bool, to out: inout ByteOutput) {
        out.append(isNaN ? "\"nan\"" : isNegative ? "\"-inf\"" : "\"inf\"")
    }

    public func appendString(_ bytes: UnsafeRawBufferPointer, to out: inout ByteOutput) {
        out.appendJSONString(bytes)
    }

    public func appendBinary(_ bytes: UnsafeRawBufferPointer, to out: inout ByteOutput) {
        out.append(UInt8(ascii: "\""))
        out.appendBase64(bytes)
        out.append(UInt8(ascii: "\""))
    }

    public func appendTimestamp(seconds: Int64, nanoseconds: Int32, to out: inout ByteOutput) {
        out.append(UInt8(ascii: "\""))
        out.appendISO8601(seconds: seconds, nanoseconds: nanoseconds)
        out.append(UInt8(ascii: "\""))
    }

    public func appendLink(_ key: Int64, column: Int, to out: inout ByteOutput) throws(RealmFormatError) {
        guard let target = keyedTargets[column] else {
            out.appendInteger(key)
            return
        }
        switch try encoder.reference(table: target, key: key) {
        case let .int(number): out.appendInteger(number)
        case let .string(text): out.appendJSONString(text)
        case let other:
            var text = ""
            ExportValueEncoder.appendScalar(other, to: &text)
            out.append(contentsOf: text)
        }
    }

    public func appendList(column: Int, to out: inout ByteOutput,
                    elements: (inout ByteOutput, ExportJSONFormat) throws(RealmFormatError) -> Int) throws(RealmFormatError) {
        out.append(UInt8(ascii: "["))
        _ = try elements(&out, self)
        out.append(UInt8(ascii: "]"))
    }

    public func appendValue(_ value: RealmValue, column: Int, to out: inout ByteOutput) throws(RealmFormatError) {
        var text = ""
        try encoder.appendJSON(value, column: columns[column], to: &text)
        out.append(contentsOf: text)
    }
}
