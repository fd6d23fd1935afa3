import RealmFormat

/// The values of one SORT or DISTINCT key path for every matching object, extracted while the
/// scan stands on each object's leaf.
///
/// A property with a plain type, of the scanned class or reached through single links
/// (`category.name`), is read in place into a typed array (no `RealmValue` per object; through
/// links, see `resolveLinks`); anything else (lists, Mixed, decimals...) is read by the
/// general path evaluator into `RealmValue`s. Comparison and equality follow
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
        /// Anything else, in `values`; nil where a link on the way was null (sorts last
        /// ascending, first descending).
        case general
    }

    let path: BoundPath
    let kind: Kind
    /// The plain property whose values are read in place (on the last table of `hops`).
    let column: Column?
    /// The single links followed to reach `column`, first from the scanned table, with the
    /// table each leads to.
    let hops: [(link: Column, target: Table)]
    let paths: PathEvaluator
    // Appended to once per match and read at every comparison: exclusive access is evident
    // (one query, one thread), and checking it at run time cost more than the work itself.
    @exclusivity(unchecked) private(set) var integers: [Int64] = []
    @exclusivity(unchecked) private(set) var doubles: [Double] = []
    @exclusivity(unchecked) private(set) var seconds: [Int64] = []
    @exclusivity(unchecked) private(set) var nanoseconds: [Int32] = []
    @exclusivity(unchecked) private(set) var strings: [StringKey] = []
    @exclusivity(unchecked) private(set) var values: [RealmValue?] = []
    /// Null flags of the typed kinds.
    @exclusivity(unchecked) private(set) var nulls: [Bool] = []
    /// Through links: each match's first link target (-1 for a null link), until resolved.
    @exclusivity(unchecked) var linkedKeys: [Int64] = []
    /// Through links, once resolved: whether a link on the way was null or led nowhere
    /// (such matches sort last ascending, first descending); empty otherwise.
    @exclusivity(unchecked) var broken: [Bool] = []
    /// DISTINCT's keys for general values, made when DISTINCT first asks.
    private(set) lazy var distinctKeys: [DistinctKey] = values.map { DistinctKey($0 ?? .null) }

    init(path: BoundPath, paths: PathEvaluator) {
        self.path = path
        self.paths = paths
        let plain = OrderingColumn.plainPath(path, file: paths.file)
        kind = plain?.kind ?? .general
        column = plain?.column
        hops = plain?.hops ?? []
    }

    /// A column of plain values of one property, for resolving links.
    init(property: Column, kind: Kind, paths: PathEvaluator) {
        path = BoundPath(origin: .root, steps: [.property(property)], terminal: TerminalType(elementType: property.type), isMulti: false, range: SourceRange(start: 0, end: 0))
        self.paths = paths
        self.kind = kind
        column = property
        hops = []
    }

    /// The kind of a plain property (none for lists, links, Mixed, decimals...).
    static func plainKind(_ property: Column) -> Kind? {
        guard property.collection == nil else { return nil }
        switch property.type {
        case .int: return .integer
        case .bool: return .bool
        case .float, .double: return .double
        case .timestamp: return .timestamp
        case .string: return .string
        default: return nil
        }
    }

    /// `property` or `link.link....property` from the scanned class, with a plain property at
    /// the end; nil for any other path.
    private static func plainPath(_ path: BoundPath, file: RealmFile) -> (kind: Kind, column: Column, hops: [(link: Column, target: Table)])? {
        guard path.origin == .root, case let .property(last)? = path.steps.last, let kind = plainKind(last) else { return nil }
        var hops: [(link: Column, target: Table)] = []
        for step in path.steps.dropLast() {
            guard case let .property(link) = step, link.type == .link, link.collection == nil,
                  let key = link.targetTableKey, let target = file.table(withKey: key) else { return nil }
            hops.append((link, target))
        }
        return (kind, last, hops)
    }

    /// Appends the values of the selected rows of the scope's leaf, in row order.
    func append(_ rows: RowBitmap, _ scope: LeafScope) throws(RealmFormatError) {
        if let first = hops.first {
            try appendLinks(rows, first.link, scope)
            return
        }
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

    /// Forgets the values collected so far, keeping the arrays' storage: `StreamingTop` reads
    /// one leaf at a time into the same column.
    func removeValues() {
        integers.removeAll(keepingCapacity: true)
        doubles.removeAll(keepingCapacity: true)
        seconds.removeAll(keepingCapacity: true)
        nanoseconds.removeAll(keepingCapacity: true)
        strings.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        nulls.removeAll(keepingCapacity: true)
    }

    /// Appends what `other` collected after what this one did: the parts of a split scan,
    /// put together in key order before links are resolved.
    func append(contentsOf other: OrderingColumn) {
        integers += other.integers
        doubles += other.doubles
        seconds += other.seconds
        nanoseconds += other.nanoseconds
        strings += other.strings
        values += other.values
        nulls += other.nulls
        linkedKeys += other.linkedKeys
        broken += other.broken
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

    func appendValue(integer: Int64, null: Bool) {
        integers.append(integer)
        nulls.append(null)
    }

    func appendValue(double: Double, null: Bool) {
        doubles.append(double)
        nulls.append(null)
    }

    func appendValue(seconds second: Int64, nanoseconds nanosecond: Int32, null: Bool) {
        seconds.append(second)
        nanoseconds.append(nanosecond)
        nulls.append(null)
    }

    func appendValue(string: StringKey) {
        appendString(string)
    }

    func appendNulls(_ count: Int) {
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
