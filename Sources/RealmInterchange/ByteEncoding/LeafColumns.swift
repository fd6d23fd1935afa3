import RealmFormat

/// The columns of one cluster leaf as `dump` and `export` read them: each column's node
/// decoded once (`ColumnLeafReader.scan()`), then every value read where it lies in the
/// mapping and handed to a `LeafValueFormat` as a number or as bytes, with no `RealmValue`
/// and no `String` in between. Types without an in-place layout (Mixed, Decimal128, ObjectId,
/// UUID, typed links, dictionaries) and columns the format asks for go through
/// `ColumnLeafReader.value(at:)` and the format's general encoder.
public struct LeafColumns: ~Copyable {
    /// How one column's values lie in this leaf.
    public enum Layout {
        case nulls
        case integers(PackedIntegers, nullValue: Int64?)
        case bools(PackedIntegers)
        case floats(FloatingScan)
        case doubles(FloatingScan)
        case timestamps(seconds: PackedIntegers, nullValue: Int64, nanoseconds: PackedIntegers)
        /// Strings and binaries: the `BlobScan` at this index of `blobs`.
        case strings(Int)
        case binaries(Int)
        case enumeratedStrings(indexes: PackedIntegers, values: Int)
        /// Single links: key + 1, 0 for null.
        case links(PackedIntegers)
        /// Lists and sets: per row the root of its collection (or none).
        case lists(PackedIntegers, CollectionElements, ofStrings: Bool)
        /// Read value by value through the column's reader.
        case general
    }

    /// Layouts are kept small (a `BlobScan` is over a hundred bytes, so those live in `blobs`)
    /// and in memory of their own: reading the case of a large enum in an array copied all of
    /// it for every value.
    private let layouts: UnsafeMutableBufferPointer<Layout>
    private let blobs: UnsafeMutableBufferPointer<BlobScan>
    public let readers: [ColumnLeafReader]
    public let keys: LeafKeys

    /// `elements` has, per column, how to read its list or set elements in place (nil where
    /// they cannot be, or the column is not a list or set).
    public init<Format: LeafValueFormat>(leaf: ClusterLeaf, columns: [Column], elements: [CollectionElements?],
                                  format: Format) throws(RealmFormatError) {
        let keys = try leaf.keyScan()
        var readers: [ColumnLeafReader] = []
        var layouts: [Layout] = []
        var blobs: [BlobScan] = []
        readers.reserveCapacity(columns.count)
        layouts.reserveCapacity(columns.count)
        for (column, elements) in zip(columns, elements) {
            let reader = try ColumnLeafReader(leaf: leaf, column: column)
            readers.append(reader)
            layouts.append(format.readsInPlace(column) ? try Self.layout(of: reader, elements: elements, blobs: &blobs) : .general)
        }
        self.keys = keys
        self.readers = readers
        self.layouts = .allocate(capacity: layouts.count)
        _ = self.layouts.initialize(from: layouts)
        self.blobs = .allocate(capacity: blobs.count)
        _ = self.blobs.initialize(from: blobs)
    }

    deinit {
        layouts.deinitialize()
        layouts.deallocate()
        blobs.deinitialize()
        blobs.deallocate()
    }

    private static func layout(of reader: ColumnLeafReader, elements: CollectionElements?,
                                blobs: inout [BlobScan]) throws(RealmFormatError) -> Layout {
        let column = reader.column
        switch try reader.scan() {
        case .absent: return .nulls
        case let .integers(values, nullValue):
            return column.isLink ? .links(values) : .integers(values, nullValue: nullValue)
        case let .bools(values): return .bools(values)
        case let .floats(values): return .floats(values)
        case let .doubles(values): return .doubles(values)
        case let .timestamps(seconds, nullValue, nanoseconds):
            return .timestamps(seconds: seconds, nullValue: nullValue, nanoseconds: nanoseconds)
        case let .blobs(values):
            blobs.append(values)
            return column.type == .string ? .strings(blobs.count - 1) : .binaries(blobs.count - 1)
        case let .enumerated(indexes, values):
            blobs.append(values)
            return .enumeratedStrings(indexes: indexes, values: blobs.count - 1)
        case let .collections(roots, _):
            guard let elements else { return .general }
            return .lists(roots, elements, ofStrings: column.type == .string)
        case .linkKeys, .backlinks, .other: return .general
        }
    }

    /// Element types whose list and set leaves `appendElements` reads in place.
    public static func elementsReadInPlace(_ column: Column, file: RealmFile) -> CollectionElements? {
        switch column.type {
        case .int, .bool, .float, .double, .string, .binary, .timestamp:
            return CollectionElements(column: column, file: file)
        case .link, .legacyLinkList:
            // Without a target the general reader reports the damage.
            return column.targetTableKey == nil ? nil : CollectionElements(column: column, file: file)
        default:
            return nil
        }
    }

    // MARK: - Values

    /// Writes the value of column number `column` in `row` in `format`.
    @inline(__always)
    public func append<Format: LeafValueFormat>(column: Int, row: Int, format: Format, to out: inout ByteOutput) throws(RealmFormatError) {
        switch layouts[column] {
        case .nulls:
            format.appendNull(to: &out)
        case let .integers(values, nullValue):
            let value = values[row]
            if value == nullValue { format.appendNull(to: &out) } else { format.appendInteger(value, to: &out) }
        case let .bools(values):
            Self.appendBool(values[row], format, &out)
        case let .floats(values):
            Self.appendFloat(values, row, format, &out)
        case let .doubles(values):
            Self.appendDouble(values, row, format, &out)
        case let .timestamps(seconds, nullValue, nanoseconds):
            Self.appendTimestamp(seconds, nullValue, nanoseconds, row, format, &out)
        case let .strings(index):
            try Self.appendBlob(blobs[index], row, isString: true, format, &out)
        case let .binaries(index):
            try Self.appendBlob(blobs[index], row, isString: false, format, &out)
        case let .enumeratedStrings(indexes, index):
            let position = indexes[row]
            guard position >= 0, position < Int64(blobs[index].count) else {
                throw .elementOutOfRange(ref: 0, index: Int(truncatingIfNeeded: position), size: blobs[index].count)
            }
            try Self.appendBlob(blobs[index], Int(position), isString: true, format, &out)
        case let .links(values):
            let key = values[row] &- 1
            if key < 0 { format.appendNull(to: &out) } else { try format.appendLink(key, column: column, to: &out) }
        case let .lists(roots, elements, ofStrings):
            try Self.appendList(root: ColumnScan.collectionRoot(roots, row), elements: elements, ofStrings: ofStrings, column: column,
                                format: format, to: &out)
        case .general:
            try format.appendValue(try readers[column].value(at: row), column: column, to: &out)
        }
    }

    /// 0 and 1 are the bools; anything else stored is null (as `ValueLeaf` reads it).
    @inline(__always)
    private static func appendBool<Format: LeafValueFormat>(_ value: Int64, _ format: Format, _ out: inout ByteOutput) {
        switch value {
        case 0: format.appendBool(false, to: &out)
        case 1: format.appendBool(true, to: &out)
        default: format.appendNull(to: &out)
        }
    }

    @inline(__always)
    private static func appendFloat<Format: LeafValueFormat>(_ values: FloatingScan, _ index: Int, _ format: Format, _ out: inout ByteOutput) {
        let bits = values.floatBits(index)
        if bits == FloatingScan.floatNull { format.appendNull(to: &out) } else { format.appendFloat(Float(bitPattern: bits), to: &out) }
    }

    @inline(__always)
    private static func appendDouble<Format: LeafValueFormat>(_ values: FloatingScan, _ index: Int, _ format: Format, _ out: inout ByteOutput) {
        let bits = values.doubleBits(index)
        if bits == FloatingScan.doubleNull { format.appendNull(to: &out) } else { format.appendDouble(Double(bitPattern: bits), to: &out) }
    }

    @inline(__always)
    private static func appendTimestamp<Format: LeafValueFormat>(_ seconds: PackedIntegers, _ nullValue: Int64, _ nanoseconds: PackedIntegers,
                                                                 _ index: Int, _ format: Format, _ out: inout ByteOutput) {
        let value = seconds[index]
        if value == nullValue {
            format.appendNull(to: &out)
        } else {
            format.appendTimestamp(seconds: value, nanoseconds: Int32(truncatingIfNeeded: nanoseconds[index]), to: &out)
        }
    }

    @inline(__always)
    private static func appendBlob<Format: LeafValueFormat>(_ values: BlobScan, _ index: Int, isString: Bool, _ format: Format,
                                                            _ out: inout ByteOutput) throws(RealmFormatError) {
        let bytes: UnsafeRawBufferPointer
        switch try values.contiguous(index) {
        case .null:
            format.appendNull(to: &out)
            return
        case let .bytes(stored):
            bytes = stored
        case .chunked:
            // Only blobs past 16 MB are stored in chunks; gathering them is rare.
            guard case let .chunked(chunks) = try values.element(index) else { return }
            let joined = Array(chunks.joined())
            joined.withUnsafeBytes { joined in
                if isString { format.appendString(joined, to: &out) } else { format.appendBinary(joined, to: &out) }
            }
            return
        }
        if isString { format.appendString(bytes, to: &out) } else { format.appendBinary(bytes, to: &out) }
    }

    // MARK: - Lists and sets

    /// The elements of a list or set, as `CollectionReader.elements` returns them: in stored
    /// order, links to deleted objects (negative keys) left out.
    private static func appendList<Format: LeafValueFormat>(root: Int64?, elements: CollectionElements, ofStrings: Bool, column: Int,
                                                            format: Format, to out: inout ByteOutput) throws(RealmFormatError) {
        try format.appendList(column: column, to: &out) { (out: inout ByteOutput, elementFormat: Format.ElementFormat) throws(RealmFormatError) in
            guard let root else { return 0 }
            var count = 0
            try elements.forEachLeaf(root: root) { (scan: ColumnScan) throws(RealmFormatError) -> Bool in
                try appendElements(of: scan, isString: ofStrings, column: column, elementFormat, count: &count, &out)
                return true
            }
            return count
        }
    }

    /// One leaf of elements, each preceded by `, ` unless it is the first (`count` counts them
    /// across leaves); the layout is decided once per leaf and the loop runs over its elements.
    private static func appendElements<Format: LeafValueFormat>(of scan: ColumnScan, isString: Bool, column: Int, _ format: Format,
                                                                count: inout Int, _ out: inout ByteOutput) throws(RealmFormatError) {
        @inline(__always) func separate() {
            if count > 0 { out.append(", ") }
            count += 1
        }
        switch scan {
        case let .linkKeys(keys):
            for index in 0..<keys.count {
                let key = keys[index]
                if key < 0 { continue }
                separate()
                try format.appendLink(key, column: column, to: &out)
            }
        case let .integers(values, nullValue):
            for index in 0..<values.count {
                separate()
                let value = values[index]
                if value == nullValue { format.appendNull(to: &out) } else { format.appendInteger(value, to: &out) }
            }
        case let .bools(values):
            for index in 0..<values.count {
                separate()
                appendBool(values[index], format, &out)
            }
        case let .floats(values):
            for index in 0..<values.count {
                separate()
                appendFloat(values, index, format, &out)
            }
        case let .doubles(values):
            for index in 0..<values.count {
                separate()
                appendDouble(values, index, format, &out)
            }
        case let .timestamps(seconds, nullValue, nanoseconds):
            for index in 0..<nanoseconds.count {
                separate()
                appendTimestamp(seconds, nullValue, nanoseconds, index, format, &out)
            }
        case let .blobs(values):
            for index in 0..<values.count {
                separate()
                try appendBlob(values, index, isString: isString, format, &out)
            }
        case .absent, .enumerated, .collections, .backlinks, .other:
            // `elementsReadInPlace` admits no element type with these layouts.
            throw .unexpectedNode(ref: 0, context: "list element", detail: "a layout that cannot be read in place")
        }
    }
}
