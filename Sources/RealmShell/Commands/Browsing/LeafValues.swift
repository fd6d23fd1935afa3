import RealmFormat

/// One column's values in one cluster leaf, for `stats` and serve's charts, which read every
/// value of a column (10,000,000 at a time): numbers, bools and dates straight from the leaf's
/// layout (`ClusterLeaf.scan`, checked once per leaf), everything else through the column's
/// `ColumnLeafReader`, with the same answers.
///
/// Through the reader, each read bound its decoded leaf out of an enum, which copied it: a
/// memmove per value, 47% of a chart of 1,000,000 integers (perf).
public struct LeafValues {
    /// The in-place layouts read here; small, so a switch per value copies little.
    private enum Layout {
        case integers(PackedIntegers, nullValue: Int64?)
        case bools(PackedIntegers)
        case floats(FloatingScan)
        case doubles(FloatingScan)
        case timestamps(seconds: PackedIntegers, nullValue: Int64, nanoseconds: PackedIntegers)
        case absent
        case reader
    }

    private let layout: Layout
    public let reader: ColumnLeafReader

    public init(leaf: ClusterLeaf, column: Column) throws(RealmFormatError) {
        reader = try ColumnLeafReader(leaf: leaf, column: column)
        guard column.collection == nil, [.int, .bool, .float, .double, .timestamp].contains(column.type) else {
            layout = .reader
            return
        }
        switch try leaf.scan(column) {
        case let .integers(values, nullValue): layout = .integers(values, nullValue: nullValue)
        case let .bools(values): layout = .bools(values)
        case let .floats(values): layout = .floats(values)
        case let .doubles(values): layout = .doubles(values)
        case let .timestamps(seconds, nullValue, nanoseconds): layout = .timestamps(seconds: seconds, nullValue: nullValue, nanoseconds: nanoseconds)
        case .absent: layout = .absent
        default: layout = .reader
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
        default: return try reader.integer(at: row)
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
        default: return try reader.floatingPoint(at: row)
        }
    }

    /// Date columns: as `ColumnLeafReader.timestamp(at:)`.
    public func timestamp(at row: Int) throws(RealmFormatError) -> Timestamp? {
        switch layout {
        case let .timestamps(seconds, nullValue, nanoseconds):
            let second = seconds[row]
            return second == nullValue ? nil : Timestamp(seconds: second, nanoseconds: Int32(truncatingIfNeeded: nanoseconds[row]))
        case .absent: return nil
        default: return try reader.timestamp(at: row)
        }
    }
}
