import RealmFormat

/// One column's values in one cluster leaf, for `stats` and serve's charts, which read every
/// value of a column (10,000,000 at a time): numbers, bools, dates, strings and binaries
/// straight from the leaf's layout (`ClusterLeaf.scan`, checked once per leaf), everything
/// else through the column's `ColumnLeafReader`, with the same answers.
///
/// Through the reader, each read bound its decoded leaf out of an enum, which copied it: a
/// memmove per value, 47% of a chart of 1,000,000 integers (perf); and a string came back as
/// an array of its bytes. The reader is only made for the layouts read through it: making it
/// for every leaf decoded the leaf a second time.
public struct LeafValues {
    /// The in-place layouts read here; small, so a switch per value copies little.
    private enum Layout {
        case integers(PackedIntegers, nullValue: Int64?)
        case bools(PackedIntegers)
        case floats(FloatingScan)
        case doubles(FloatingScan)
        case timestamps(seconds: PackedIntegers, nullValue: Int64, nanoseconds: PackedIntegers)
        case blobs(BlobScan)
        case enumerated(indexes: PackedIntegers, values: BlobScan)
        case absent
        case reader(ColumnLeafReader)
    }

    private let layout: Layout
    private let column: Column

    public init(leaf: ClusterLeaf, column: Column) throws(RealmFormatError) {
        self.column = column
        guard column.collection == nil, [.int, .bool, .float, .double, .timestamp, .string, .binary].contains(column.type) else {
            layout = .reader(try ColumnLeafReader(leaf: leaf, column: column))
            return
        }
        switch try leaf.scan(column) {
        case let .integers(values, nullValue) where column.type == .int: layout = .integers(values, nullValue: nullValue)
        case let .bools(values): layout = .bools(values)
        case let .floats(values): layout = .floats(values)
        case let .doubles(values): layout = .doubles(values)
        case let .timestamps(seconds, nullValue, nanoseconds): layout = .timestamps(seconds: seconds, nullValue: nullValue, nanoseconds: nanoseconds)
        case let .blobs(values): layout = .blobs(values)
        case let .enumerated(indexes, values): layout = .enumerated(indexes: indexes, values: values)
        case .absent: layout = .absent
        default: layout = .reader(try ColumnLeafReader(leaf: leaf, column: column))
        }
    }

    /// Int and bool columns: as `ColumnLeafReader.integer(at:)`.
    public func integer(at row: Int) throws(RealmFormatError) -> Int64? {
        switch layout {
        case let .integers(values, nullValue):
            let value = values[row]
            return value == nullValue ? nil : value
        case let .bools(values):
            let value = values[row]
            return value > 1 ? nil : value
        case .absent: return nil
        case let .reader(reader): return try reader.integer(at: row)
        default: return nil
        }
    }

    /// Float and double columns: as `ColumnLeafReader.floatingPoint(at:)`.
    public func floatingPoint(at row: Int) throws(RealmFormatError) -> Double? {
        switch layout {
        case let .floats(values):
            let bits = values.floatBits(row)
            return bits == FloatingScan.floatNull ? nil : Double(Float(bitPattern: bits))
        case let .doubles(values):
            let bits = values.doubleBits(row)
            return bits == FloatingScan.doubleNull ? nil : Double(bitPattern: bits)
        case .absent: return nil
        case let .reader(reader): return try reader.floatingPoint(at: row)
        default: return nil
        }
    }

    /// Date columns: as `ColumnLeafReader.timestamp(at:)`.
    public func timestamp(at row: Int) throws(RealmFormatError) -> Timestamp? {
        switch layout {
        case let .timestamps(seconds, nullValue, nanoseconds):
            let second = seconds[row]
            return second == nullValue ? nil : Timestamp(seconds: second, nanoseconds: Int32(truncatingIfNeeded: nanoseconds[row]))
        case .absent: return nil
        case let .reader(reader): return try reader.timestamp(at: row)
        default: return nil
        }
    }

    /// String and binary columns: `body` called with the value's bytes (in place when the leaf
    /// keeps them in one piece), nil for null; the bytes of `ColumnLeafReader.blob(at:)`.
    public func withBytes<Result>(at row: Int, _ body: (UnsafeRawBufferPointer) -> Result) throws(RealmFormatError) -> Result? {
        let values: BlobScan
        var index = row
        switch layout {
        case let .blobs(blobs):
            values = blobs
        case let .enumerated(indexes, blobs):
            let position = indexes[row]
            guard position >= 0, position < Int64(blobs.count) else {
                throw .elementOutOfRange(ref: 0, index: Int(truncatingIfNeeded: position), size: blobs.count)
            }
            values = blobs
            index = Int(position)
        case let .reader(reader):
            guard let bytes = try reader.blob(at: row)?.bytes else { return nil }
            return bytes.withUnsafeBytes(body)
        default:
            return nil
        }
        switch try values.contiguous(index) {
        case .null: return nil
        case let .bytes(bytes): return body(bytes)
        case .chunked:
            guard let bytes = try values.element(index).bytes else { return nil }
            return bytes.withUnsafeBytes(body)
        }
    }

    /// The value of any column, as `ColumnLeafReader.value(at:)` gives it: collections as
    /// their summary (the only layout `stats` reads this way besides Mixed and the types
    /// counted by their text).
    public func value(at row: Int) throws(RealmFormatError) -> RealmValue {
        switch layout {
        case let .reader(reader): return try reader.value(at: row)
        case .absent: return .null
        case .integers, .bools:
            guard let value = try integer(at: row) else { return .null }
            return column.type == .bool ? .bool(value != 0) : .int(value)
        case let .floats(values):
            let bits = values.floatBits(row)
            return bits == FloatingScan.floatNull ? .null : .float(Float(bitPattern: bits))
        case .doubles:
            return try floatingPoint(at: row).map(RealmValue.double) ?? .null
        case .timestamps:
            return try timestamp(at: row).map(RealmValue.timestamp) ?? .null
        case .blobs, .enumerated:
            let bytes = try withBytes(at: row) { Array($0) }
            guard let bytes else { return .null }
            return column.type == .string ? .string(String(decoding: bytes, as: UTF8.self)) : .binary(bytes)
        }
    }
}
