/// Typed accessors that read a row in place, without building a `RealmValue`: what query scans
/// use to compare bit-packed integers and string bytes directly in the mapped leaf.
extension ColumnLeafReader {
    /// Integer (and bool: 0/1) columns; nil for null or when the column has another layout.
    public func integer(at row: Int) throws(RealmFormatError) -> Int64? {
        guard case let .values(leaf) = layout else { return nil }
        switch leaf.storage {
        case let .ints(node):
            return try node.int(row)
        case let .nullableInts(node):
            guard row >= 0, row < rows else { throw .elementOutOfRange(ref: node.ref, index: row, size: rows) }
            let value = try node.int(row + 1)
            return value == node.uncheckedInt(0) ? nil : value
        case let .bools(node):
            let value = try node.int(row)
            return value > 1 ? nil : value
        default:
            return nil
        }
    }

    /// Float and double columns; nil for null or another layout.
    public func floatingPoint(at row: Int) throws(RealmFormatError) -> Double? {
        guard case let .values(leaf) = layout else { return nil }
        switch leaf.storage {
        case .floats, .doubles:
            switch try leaf.value(at: row) {
            case let .float(number): return Double(number)
            case let .double(number): return number
            default: return nil
            }
        default:
            return nil
        }
    }

    /// String and binary columns: the stored bytes, in place where the leaf keeps them in one piece.
    public func blob(at row: Int) throws(RealmFormatError) -> BlobElement? {
        guard case let .values(leaf) = layout else { return nil }
        switch leaf.storage {
        case let .blobs(blobs): return try blobs.element(row)
        case let .enumerated(indexes, values):
            let position = try indexes.int(row)
            guard position >= 0, position < Int64(values.count) else {
                throw .elementOutOfRange(ref: indexes.ref, index: Int(truncatingIfNeeded: position), size: values.count)
            }
            return try values.element(Int(position))
        default: return nil
        }
    }

    /// Date columns; nil for null or another layout.
    public func timestamp(at row: Int) throws(RealmFormatError) -> Timestamp? {
        guard case let .values(leaf) = layout, case let .timestamps(seconds, nanoseconds) = leaf.storage else { return nil }
        let value = try seconds.int(row + 1)
        if value == seconds.uncheckedInt(0) { return nil }
        return Timestamp(seconds: value, nanoseconds: Int32(truncatingIfNeeded: try nanoseconds.int(row)))
    }

    /// Whether `integer(at:)`, `floatingPoint(at:)`, `timestamp(at:)` or `blob(at:)` can read this column.
    public var readsInPlace: Bool {
        guard case let .values(leaf) = layout else { return false }
        switch leaf.storage {
        case .ints, .nullableInts, .bools, .floats, .doubles, .blobs, .enumerated, .timestamps: return true
        default: return false
        }
    }
}
