import RealmFormat

/// `export csv`'s fields (see `ExportValueEncoder.csvField`) written as bytes for the values
/// `LeafColumns` reads in place: null is an empty field, a present but empty string or blob
/// is `""`, scalars are their text, and lists and sets their export JSON, quoted as CSV.
/// What `ExportJSONFormat` cannot read in place goes through `csvField`, the reference.
public struct ExportCSVFormat: LeafValueFormat {
    public let json: ExportJSONFormat
    /// Per column: a list or set whose JSON is numbers only (ints, bools, object keys).
    public let plainLists: [Bool]

    public init(json: ExportJSONFormat) {
        self.json = json
        plainLists = json.columns.indices.map { index in
            let column = json.columns[index]
            switch column.type {
            case .int, .bool: return true
            case .link, .legacyLinkList: return json.keyedTargets[index] == nil
            default: return false
            }
        }
    }

    public func readsInPlace(_ column: Column) -> Bool {
        json.readsInPlace(column)
    }

    public func appendNull(to out: inout ByteOutput) {}

    /// `NumberText.text`: Swift's shortest text, `nan`, `inf` or `-inf` (no field quoting needed).
    public func appendFloat(_ value: Float, to out: inout ByteOutput) {
        if value.isFinite { out.appendDescription(value) } else { appendNonFinite(value.isNaN, value < 0, to: &out) }
    }

    public func appendDouble(_ value: Double, to out: inout ByteOutput) {
        if value.isFinite { out.appendDescription(value) } else { appendNonFinite(value.isNaN, value < 0, to: &out) }
    }

    private func appendNonFinite(_ isNaN: Bool, _ isNegative: Bool, to out: inout ByteOutput) {
        out.append(isNaN ? "nan" : isNegative ? "-inf" : "inf")
    }

    public func appendString(_ bytes: UnsafeRawBufferPointer, to out: inout ByteOutput) {
        out.appendCSVField(bytes)
    }

    public func appendBinary(_ bytes: UnsafeRawBufferPointer, to out: inout ByteOutput) {
        if bytes.isEmpty { out.append("\"\"") } else { out.appendBase64(bytes) }
    }

    public func appendTimestamp(seconds: Int64, nanoseconds: Int32, to out: inout ByteOutput) {
        out.appendISO8601(seconds: seconds, nanoseconds: nanoseconds)
    }

    public func appendLink(_ key: Int64, column: Int, to out: inout ByteOutput) throws(RealmFormatError) {
        guard let target = json.keyedTargets[column] else {
            out.appendInteger(key)
            return
        }
        switch try json.encoder.reference(table: target, key: key) {
        case let .int(number): out.appendInteger(number)
        case var .string(text): text.withUTF8 { out.appendCSVField(UnsafeRawBufferPointer($0)) }
        case let other:
            let text = ExportValueEncoder.text(of: other) ?? ""
            out.append(contentsOf: text.isEmpty ? "\"\"" : CSV.field(text))
        }
    }

    /// The list's JSON, quoted as a CSV field once it is complete. The JSON of ints, bools and
    /// object keys is `[1, 2]`: plain ASCII whose only special character is the comma between
    /// elements, so it is quoted exactly when it has two elements or more, without a look at it.
    public func appendList(column: Int, to out: inout ByteOutput,
                    elements: (inout ByteOutput, ExportJSONFormat) throws(RealmFormatError) -> Int) throws(RealmFormatError) {
        out.startField()
        out.append(UInt8(ascii: "["))
        let count: Int
        do {
            count = try elements(&out, json)
        } catch {
            out.finishField()
            throw error
        }
        out.append(UInt8(ascii: "]"))
        guard plainLists[column] else {
            out.finishCSVField()
            return
        }
        if count >= 2 { out.quoteField(quotes: 0) }
        out.finishField()
    }

    public func appendValue(_ value: RealmValue, column: Int, to out: inout ByteOutput) throws(RealmFormatError) {
        out.append(contentsOf: try json.encoder.csvField(value, column: json.columns[column]))
    }
}
