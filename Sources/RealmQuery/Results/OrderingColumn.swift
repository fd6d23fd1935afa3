import RealmFormat

/// The values of one SORT or DISTINCT key path for every matching object, extracted while the
/// scan stands on each object's leaf.
///
/// A property of the scanned class with a plain type is read in place into a typed array (no
/// `RealmValue` per object); anything else (a path through links, Mixed, decimals...) is read
/// by the general path evaluator into `RealmValue`s. Comparison and equality follow
/// `SortOrder` and `DistinctKey`, the rules of the general evaluator, exactly.
final class OrderingColumn {
    enum Kind {
        /// Ints, and bools as 0 and 1, in `integers`.
        case integer, bool
        /// Floats (widened exactly) and doubles, in `doubles`.
        case double
        /// `seconds` and `nanoseconds`.
        case timestamp
        /// Bytes in place in the mapping (or copied, for strings stored in chunks), in `strings`.
        case string
        /// Anything else, in `values`; nil where a link on the way was null (sorts first in
        /// either direction).
        case general
    }

    let path: BoundPath
    let kind: Kind
    let column: Column?
    let paths: PathEvaluator
    private(set) var integers: [Int64] = []
    private(set) var doubles: [Double] = []
    private(set) var seconds: [Int64] = []
    private(set) var nanoseconds: [Int32] = []
    private(set) var strings: [StringKey] = []
    private(set) var values: [RealmValue?] = []
    /// Null flags of the typed kinds.
    private(set) var nulls: [Bool] = []
    /// DISTINCT's keys for general values, made when DISTINCT first asks.
    private(set) lazy var distinctKeys: [DistinctKey] = values.map { DistinctKey($0 ?? .null) }

    init(path: BoundPath, paths: PathEvaluator) {
        self.path = path
        self.paths = paths
        var kind = Kind.general
        if path.origin == .root, path.steps.count == 1, case let .property(property) = path.steps[0], property.collection == nil {
            switch property.type {
            case .int: kind = .integer
            case .bool: kind = .bool
            case .float, .double: kind = .double
            case .timestamp: kind = .timestamp
            case .string: kind = .string
            default: kind = .general
            }
            column = kind == .general ? nil : property
        } else {
            column = nil
        }
        self.kind = kind
    }

    /// Appends the values of the selected rows of the scope's leaf, in row order.
    func append(_ rows: RowBitmap, _ scope: LeafScope) throws(RealmFormatError) {
        guard let column else {
            let readers = try scope.objects()
            try rows.forEachSelected { row throws(RealmFormatError) in
                values.append(try firstValue(ObjectRef(table: scope.table, readers: readers, row: row)))
            }
            return
        }
        switch (kind, try scope.scan(column)) {
        case (_, .absent):
            appendNulls(rows.selectedCount)
        case let (.integer, .integers(stored, nullValue)):
            rows.forEachSelected { row in
                let value = stored[row]
                let isNull = nullValue == value
                integers.append(isNull ? 0 : value)
                nulls.append(isNull)
            }
        case let (.bool, .bools(stored)):
            rows.forEachSelected { row in
                let value = stored[row]
                let isNull = value != 0 && value != 1
                integers.append(isNull ? 0 : value)
                nulls.append(isNull)
            }
        case let (.double, .doubles(elements)):
            rows.forEachSelected { row in
                let bits = elements.doubleBits(row)
                doubles.append(Double(bitPattern: bits))
                nulls.append(bits == FloatingScan.doubleNull)
            }
        case let (.double, .floats(elements)):
            rows.forEachSelected { row in
                let bits = elements.floatBits(row)
                doubles.append(Double(Float(bitPattern: bits)))
                nulls.append(bits == FloatingScan.floatNull)
            }
        case let (.timestamp, .timestamps(stored, nullValue, storedNanoseconds)):
            rows.forEachSelected { row in
                let second = stored[row]
                seconds.append(second)
                nanoseconds.append(Int32(truncatingIfNeeded: storedNanoseconds[row]))
                nulls.append(second == nullValue)
            }
        case let (.string, .blobs(blobs)):
            try rows.forEachSelected { row throws(RealmFormatError) in appendString(StringKey(try blobs.element(row))) }
        case let (.string, .enumerated(indexes, blobs)):
            try rows.forEachSelected { row throws(RealmFormatError) in
                let position = indexes[row]
                guard position >= 0, position < Int64(blobs.count) else {
                    throw .elementOutOfRange(ref: 0, index: Int(truncatingIfNeeded: position), size: blobs.count)
                }
                appendString(StringKey(try blobs.element(Int(position))))
            }
        default:
            throw .unexpectedNode(ref: 0, context: "column \"\(column.name)\"", detail: "a sort key of an unexpected layout")
        }
    }

    /// The value a sort or distinct key reads; nil when a link on the way is null.
    private func firstValue(_ object: ObjectRef) throws(RealmFormatError) -> RealmValue? {
        if path.steps.count == 1, case let .property(column) = path.steps[0] {
            return try object.value(of: column)
        }
        let items = try paths.evaluate(path, from: .object(object))
        guard let first = items.first else { return path.steps.count > 1 ? nil : .null }
        return try paths.values(of: [first], expandingCollections: false).first ?? .null
    }

    private func appendString(_ key: StringKey) {
        strings.append(key)
        nulls.append(key.isNull)
    }

    private func appendNulls(_ count: Int) {
        for _ in 0..<count {
            nulls.append(true)
            switch kind {
            case .integer, .bool: integers.append(0)
            case .double: doubles.append(0)
            case .timestamp:
                seconds.append(0)
                nanoseconds.append(0)
            case .string: strings.append(StringKey(.null))
            case .general: values.append(.null)
            }
        }
    }
}

/// A string sort key: the bytes in place, or a copy for strings stored in chunks.
struct StringKey {
    let bytes: UnsafeRawBufferPointer?
    let copy: [UInt8]?

    init(_ element: BlobElement) {
        switch element {
        case .null: bytes = nil; copy = nil
        case let .contiguous(buffer): bytes = buffer; copy = nil
        case .chunked: bytes = nil; copy = element.bytes
        }
    }

    var isNull: Bool { bytes == nil && copy == nil }

    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if let bytes { return body(bytes) }
        return (copy ?? []).withUnsafeBytes(body)
    }
}
