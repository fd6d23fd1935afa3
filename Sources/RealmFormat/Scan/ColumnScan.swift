/// How one column's values lie in one cluster leaf, for scans that compare them in place.
///
/// `ColumnLeafReader.value(at:)` builds a `RealmValue` per row, which is right for showing an
/// object and far too slow for testing 200,000 of them. A scan asks once per leaf for this
/// layout and then loops over the raw elements itself.
public enum ColumnScan: @unchecked Sendable {
    /// The leaf has no node for the column: every value reads as null.
    case absent
    /// Integers (int columns; single links, which store key + 1 with 0 for null). For nullable
    /// int columns `nullValue` is the value that stands for null in this leaf.
    case integers(PackedIntegers, nullValue: Int64?)
    /// Bools: 0 and 1; anything else is null.
    case bools(PackedIntegers)
    /// 4-byte floats; the bit pattern `FloatingScan.floatNull` is null.
    case floats(FloatingScan)
    /// 8-byte doubles; the bit pattern `FloatingScan.doubleNull` is null.
    case doubles(FloatingScan)
    /// Dates: seconds (element 0 of the node is the null value, skipped here) and nanoseconds.
    case timestamps(seconds: PackedIntegers, nullValue: Int64, nanoseconds: PackedIntegers)
    /// Strings (and binaries) in any blob layout.
    case blobs(BlobScan)
    /// Enumerated strings: an index per row into the column's distinct values.
    case enumerated(indexes: PackedIntegers, values: BlobScan)
    /// Links in a list or set leaf: raw keys, negative for unresolved links (which Realm hides).
    case linkKeys(PackedIntegers)
    /// Lists, sets and dictionaries: per row 0 (never had one) or the ref of its root.
    case collections(PackedIntegers, CollectionKind)
    /// Backlinks: per row 0 (none), a tagged origin key, or the ref of a B+tree of origin keys.
    case backlinks(PackedIntegers)
    /// A layout scans do not read in place (Mixed, Decimal128, ObjectId, UUID, typed links).
    case other
}

/// Fixed-size floating-point elements read in place.
public struct FloatingScan: @unchecked Sendable {
    public let base: UnsafeRawPointer
    public let count: Int

    /// realm-core's null float and double: quiet NaNs with payload 0xAA.
    public static let floatNull: UInt32 = 0x7FC0_00AA
    public static let doubleNull: UInt64 = 0x7FF8_0000_0000_00AA

    @inlinable @inline(__always)
    public func floatBits(_ index: Int) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self))
    }

    @inlinable @inline(__always)
    public func doubleBits(_ index: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self))
    }
}

extension ClusterLeaf {
    /// The column's layout in this leaf for in-place scans: what `ColumnLeafReader.scan()`
    /// gives, with the same checks, without making the reader. Scans ask once per leaf and
    /// column, and copying a reader (the column's description, its decoded nodes) cost more
    /// than comparing the leaf's 256 values.
    public func scan(_ column: Column) throws(RealmFormatError) -> ColumnScan {
        guard let node = try columnNode(leafIndex: column.leafIndex) else { return .absent }
        if column.collection == nil, let (scan, elements) = ColumnScan.scalar(node, column.type, nullable: column.isNullable),
           elements == count {
            return scan
        }
        func context() -> String { "column \"\(column.name)\"" }
        let scan: ColumnScan
        let elements: Int
        if let kind = column.collection {
            try node.require(node.hasRefs, context(), "a collection column must hold refs")
            scan = .collections(try PackedIntegers(node, context: context()), kind)
            elements = node.size
        } else if column.type == .backlink {
            try node.require(node.hasRefs, context(), "a backlink column must hold refs")
            scan = .backlinks(try PackedIntegers(node, context: context()))
            elements = node.size
        } else {
            let values = try ColumnLeafReader.values(node, of: column)
            scan = try values.scan(context: context())
            elements = values.count
        }
        try node.require(elements == count, context(), "holds \(elements) values for \(count) objects")
        return scan
    }
}

extension ColumnScan {
    /// The layout of a number, bool or date column's node, made straight from the node (no
    /// `ValueLeaf`, no error text prepared): the per-leaf cost of a scan over 200,000 objects
    /// was mostly that preparation. Nil when the node is not exactly what the type needs, so
    /// the general path reads it again and names the damage; the checks are `ValueLeaf`'s.
    @inline(__always)
    static func scalar(_ node: Node, _ type: ColumnType, nullable: Bool) -> (ColumnScan, elements: Int)? {
        switch type {
        case .int:
            guard !node.hasRefs, node.widthType == .bits else { return nil }
            guard nullable else { return (.integers(PackedIntegers(bits: node, skipping: 0), nullValue: nil), node.size) }
            guard node.size > 0 else { return (.integers(PackedIntegers(bits: node, skipping: 0), nullValue: 0), 0) }
            return (.integers(PackedIntegers(bits: node, skipping: 1), nullValue: node.uncheckedInt(0)), node.size - 1)
        case .bool:
            guard !node.hasRefs, node.widthType == .bits else { return nil }
            return (.bools(PackedIntegers(bits: node, skipping: 0)), node.size)
        case .float, .double:
            guard let elements = FloatingScan(node, width: type == .float ? 4 : 8) else { return nil }
            return (type == .float ? .floats(elements) : .doubles(elements), node.size)
        case .timestamp:
            guard case let .dates(seconds, nullValue, nanoseconds) = DateLeafScan(node) else { return nil }
            return (.timestamps(seconds: seconds, nullValue: nullValue, nanoseconds: nanoseconds), nanoseconds.count)
        default:
            return nil
        }
    }
}

extension ColumnLeafReader {
    /// The column's layout in this leaf for in-place scans. Element counts equal the leaf's
    /// row count (the reader checked that when it was made).
    public func scan() throws(RealmFormatError) -> ColumnScan {
        func context() -> String { "column \"\(column.name)\"" }
        switch layout {
        case .absent:
            return .absent
        case let .collections(node, kind):
            return .collections(try PackedIntegers(node, context: context()), kind)
        case let .backlinks(node):
            return .backlinks(try PackedIntegers(node, context: context()))
        case let .values(leaf):
            return try leaf.scan(context: context())
        }
    }

    /// The number of rows of the leaf this reader reads.
    public var rowCount: Int { rows }
}

extension ValueLeaf {
    /// This leaf's elements for in-place scans.
    func scan(context: @autoclosure () -> String) throws(RealmFormatError) -> ColumnScan {
        switch storage {
        case let .ints(node):
            return .integers(try PackedIntegers(node, context: context()), nullValue: nil)
        case let .nullableInts(node):
            // An empty leaf may store no null value at all.
            guard node.size > 0 else { return .integers(try PackedIntegers(node, context: context()), nullValue: 0) }
            return .integers(try PackedIntegers(node, skipping: 1, context: context()), nullValue: node.uncheckedInt(0))
        case let .links(node, _, plusOne):
            let keys = try PackedIntegers(node, context: context())
            return plusOne ? .integers(keys, nullValue: nil) : .linkKeys(keys)
        case let .bools(node):
            return .bools(try PackedIntegers(node, context: context()))
        case let .floats(node):
            return .floats(FloatingScan(base: node.payload, count: node.size))
        case let .doubles(node):
            return .doubles(FloatingScan(base: node.payload, count: node.size))
        case let .timestamps(seconds, nanoseconds):
            return .timestamps(seconds: try PackedIntegers(seconds, skipping: 1, context: context()),
                               nullValue: seconds.uncheckedInt(0),
                               nanoseconds: try PackedIntegers(nanoseconds, context: context()))
        case let .blobs(blobs):
            return .blobs(try BlobScan(blobs))
        case let .enumerated(indexes, values):
            return .enumerated(indexes: try PackedIntegers(indexes, context: context()), values: try BlobScan(values))
        case .decimals, .fixedBytes, .typedLinks, .mixed:
            return .other
        }
    }
}

extension ColumnScan {
    /// How many elements the layout holds; nil for `absent` and `other`.
    public var elementCount: Int? {
        switch self {
        case .absent, .other: return nil
        case let .integers(integers, _), let .bools(integers), let .linkKeys(integers),
             let .collections(integers, _), let .backlinks(integers), let .enumerated(integers, _):
            return integers.count
        case let .floats(elements), let .doubles(elements): return elements.count
        case let .timestamps(_, _, nanoseconds): return nanoseconds.count
        case let .blobs(leaf): return leaf.count
        }
    }
}
