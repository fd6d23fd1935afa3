import RealmFormat

/// One column's values in one cluster leaf, for `stats` and serve's charts, which read every
/// value of a column (10,000,000 at a time): numbers, bools, dates, strings, binaries and the
/// lengths of lists and sets straight from the leaf's layout (`ClusterLeaf.scan`, checked once
/// per leaf), everything else through the column's `ColumnLeafReader`, with the same answers.
///
/// Each layout's parts are stored fields beside a payload-free `Kind`, not an enum with
/// payloads: binding a payload out of an enum copies the whole enum for every row (a memmove
/// per value: 47% of a chart of 1,000,000 integers through the reader's enum, 39% of one of
/// list lengths, and a chart of integers took twice as long once the enum also held a blob
/// layout). The reader is only made for the layouts read through it.
public struct LeafValues {
    private enum Kind {
        case integers, bools, floats, doubles, timestamps, blobs, enumerated, collections, absent, reader
    }

    private let kind: Kind
    private let column: Column
    /// Integers and bools; dates' seconds; enumerated strings' indexes; lists' and sets' refs.
    private let packed: PackedIntegers?
    /// Dates' nanoseconds.
    private let nanoseconds: PackedIntegers?
    /// The value standing for null in `packed` (nullable integers, dates).
    private let nullValue: Int64?
    private let floating: FloatingScan?
    /// Strings and binaries; enumerated strings' distinct values.
    private let blobs: BlobScan?
    /// Lists and sets: where each row's collection is read from its root.
    private let elements: CollectionElements?
    private let reader: ColumnLeafReader?

    public init(leaf: ClusterLeaf, column: Column) throws(RealmFormatError) {
        self.column = column
        var kind = Kind.reader
        var packed: PackedIntegers?
        var nanoseconds: PackedIntegers?
        var nullValue: Int64?
        var floating: FloatingScan?
        var blobs: BlobScan?
        var elements: CollectionElements?
        let inPlace = column.collection == nil
            ? [.int, .bool, .float, .double, .timestamp, .string, .binary].contains(column.type)
            : CollectionElements(column: column, in: leaf) != nil
        if inPlace {
            switch try leaf.scan(column) {
            case let .integers(values, null) where column.type == .int: (kind, packed, nullValue) = (.integers, values, null)
            case let .bools(values): (kind, packed) = (.bools, values)
            case let .floats(values): (kind, floating) = (.floats, values)
            case let .doubles(values): (kind, floating) = (.doubles, values)
            case let .timestamps(seconds, null, nanos): (kind, packed, nullValue, nanoseconds) = (.timestamps, seconds, null, nanos)
            case let .blobs(values): (kind, blobs) = (.blobs, values)
            case let .enumerated(indexes, values): (kind, packed, blobs) = (.enumerated, indexes, values)
            case let .collections(refs, _):
                (kind, packed, elements) = (.collections, refs, CollectionElements(column: column, in: leaf))
            case .absent: kind = .absent
            default: kind = .reader
            }
        }
        self.kind = kind
        self.packed = packed
        self.nanoseconds = nanoseconds
        self.nullValue = nullValue
        self.floating = floating
        self.blobs = blobs
        self.elements = elements
        reader = kind == .reader ? try ColumnLeafReader(leaf: leaf, column: column) : nil
    }

    /// Int and bool columns: as `ColumnLeafReader.integer(at:)`.
    public func integer(at row: Int) throws(RealmFormatError) -> Int64? {
        switch kind {
        case .integers:
            guard let value = packed?[row] else { return nil }
            return value == nullValue ? nil : value
        case .bools:
            guard let value = packed?[row] else { return nil }
            return value > 1 ? nil : value
        case .reader: return try reader?.integer(at: row)
        default: return nil
        }
    }

    /// Float and double columns: as `ColumnLeafReader.floatingPoint(at:)`.
    public func floatingPoint(at row: Int) throws(RealmFormatError) -> Double? {
        switch kind {
        case .floats:
            guard let bits = floating?.floatBits(row), bits != FloatingScan.floatNull else { return nil }
            return Double(Float(bitPattern: bits))
        case .doubles:
            guard let bits = floating?.doubleBits(row), bits != FloatingScan.doubleNull else { return nil }
            return Double(bitPattern: bits)
        case .reader: return try reader?.floatingPoint(at: row)
        default: return nil
        }
    }

    /// Date columns: as `ColumnLeafReader.timestamp(at:)`.
    public func timestamp(at row: Int) throws(RealmFormatError) -> Timestamp? {
        switch kind {
        case .timestamps:
            guard let second = packed?[row], second != nullValue, let nanosecond = nanoseconds?[row] else { return nil }
            return Timestamp(seconds: second, nanoseconds: Int32(truncatingIfNeeded: nanosecond))
        case .reader: return try reader?.timestamp(at: row)
        default: return nil
        }
    }

    /// String and binary columns: `body` called with the value's bytes (in place when the leaf
    /// keeps them in one piece), nil for null; the bytes of `ColumnLeafReader.blob(at:)`.
    public func withBytes<Result>(at row: Int, _ body: (UnsafeRawBufferPointer) -> Result) throws(RealmFormatError) -> Result? {
        switch try mappedBytes(at: row) {
        case let .bytes(bytes): return body(bytes)
        case .null: return nil
        case .chunked:
            let bytes: [UInt8]?
            if kind == .reader {
                bytes = try reader?.blob(at: row)?.bytes
            } else if let index = try blobIndex(row) {
                bytes = try blobs?.element(index).bytes
            } else {
                bytes = nil
            }
            return bytes?.withUnsafeBytes(body)
        }
    }

    /// String and binary columns: the value's bytes in the mapping (readable while the file
    /// is open), `.null`, or `.chunked` when this row is read through `withBytes` instead (a
    /// value stored in chunks, a layout read through the reader).
    public func mappedBytes(at row: Int) throws(RealmFormatError) -> BlobScan.Contiguous {
        if kind == .reader { return .chunked }
        guard let index = try blobIndex(row) else { return .null }
        return try blobs?.contiguous(index) ?? .null
    }

    /// The element of `blobs` holding row `row`'s value: the row itself, or for enumerated
    /// strings its checked index into the distinct values; nil for the other layouts.
    private func blobIndex(_ row: Int) throws(RealmFormatError) -> Int? {
        switch kind {
        case .blobs: return row
        case .enumerated:
            guard let position = packed?[row], let count = blobs?.count else { return nil }
            guard position >= 0, position < Int64(count) else {
                throw .elementOutOfRange(ref: 0, index: Int(truncatingIfNeeded: position), size: count)
            }
            return Int(position)
        default: return nil
        }
    }

    /// List, set and dictionary columns: the length of row `row`'s collection (0 when it has
    /// none), nil when the leaf has no node for the column; `value(at:)`'s `elementCount`.
    public func collectionSize(at row: Int) throws(RealmFormatError) -> Int? {
        switch kind {
        case .collections: return try collectionLength(row)
        case .absent: return nil
        default:
            guard case let .collection(summary) = try value(at: row) else { return nil }
            return summary.elementCount
        }
    }

    private func collectionLength(_ row: Int) throws(RealmFormatError) -> Int {
        guard let count = packed?.count, row >= 0, row < count else { throw .elementOutOfRange(ref: 0, index: row, size: packed?.count ?? 0) }
        guard let refs = packed, let root = ColumnScan.collectionRoot(refs, row) else { return 0 }
        return try elements?.count(root: root) ?? 0
    }

    /// The value of any column, as `ColumnLeafReader.value(at:)` gives it: collections as
    /// their summary (the only layout `stats` reads this way besides Mixed and the types
    /// counted by their text).
    public func value(at row: Int) throws(RealmFormatError) -> RealmValue {
        switch kind {
        case .reader: return try reader?.value(at: row) ?? .null
        case .collections:
            let root = packed.flatMap { ColumnScan.collectionRoot($0, row) }
            return .collection(CollectionSummary(kind: column.collection ?? .list, elementType: column.type, isNullable: column.isNullable,
                                                 linkTarget: column.targetTableKey, rootRef: root, elementCount: try collectionLength(row)))
        case .absent: return .null
        case .integers, .bools:
            guard let value = try integer(at: row) else { return .null }
            return column.type == .bool ? .bool(value != 0) : .int(value)
        case .floats:
            guard let bits = floating?.floatBits(row), bits != FloatingScan.floatNull else { return .null }
            return .float(Float(bitPattern: bits))
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
