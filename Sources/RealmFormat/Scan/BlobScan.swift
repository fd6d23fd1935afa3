/// A string or binary leaf read in place by scans: the short and small layouts decoded inline,
/// without a call or an enum switch through `BlobLeaf` per element.
///
/// It is a few words, not a copy of the leaf's nodes: scans make one per object for strings in
/// lists, and copying `BlobLeaf`'s three nodes around cost more than reading the strings.
public struct BlobScan: @unchecked Sendable {
    @usableFromInline
    enum Kind {
        case short, small, big
    }

    // The layout is kept in plain fields, not in an enum with payloads: the per-element
    // switch then copies nothing out of it.
    @usableFromInline let kind: Kind
    /// Short strings: the first slot. Small blobs: the first byte of the blob.
    @usableFromInline let base: UnsafeRawPointer
    /// Short strings: bytes per slot (the last one counts the padding).
    @usableFromInline let width: Int
    /// Small blobs: the end offset of each element, the blob's usable size and null flags.
    /// Big blobs: `offsets` holds the ref of each element's node (0 for null).
    @usableFromInline let offsets: PackedIntegers?
    @usableFromInline let blobSize: Int64
    @usableFromInline let nulls: PackedIntegers?
    /// Big blobs: the file the elements' nodes are read from.
    @usableFromInline let bigFile: FileBytes?
    @usableFromInline let terminator: Int64
    @usableFromInline let ref: Int
    public let count: Int

    public init(_ leaf: BlobLeaf) throws(RealmFormatError) {
        switch leaf.storage {
        case let .short(node):
            self.init(short: node, count: leaf.count)
        case let .small(offsets, blob, nulls):
            try self.init(small: offsets, blob, nulls, isString: leaf.isString, ref: leaf.nodeRef, count: leaf.count)
        case let .big(node):
            try self.init(big: node, isString: leaf.isString, count: leaf.count)
        }
    }

    private init(short node: Node, count: Int) {
        kind = .short
        base = node.payload
        width = node.width
        offsets = nil
        blobSize = 0
        nulls = nil
        bigFile = nil
        terminator = 1
        ref = node.ref
        self.count = count
    }

    private init(small offsets: Node, _ blob: Node, _ nulls: Node?, isString: Bool, ref: Int, count: Int) throws(RealmFormatError) {
        kind = .small
        base = blob.payload
        width = 0
        // Offsets may reach neither past the blob's size nor past its payload.
        self.offsets = try PackedIntegers(offsets, context: "blob offsets")
        blobSize = Int64(min(blob.size, blob.byteSize - 8))
        self.nulls = try nulls.map { node throws(RealmFormatError) in try PackedIntegers(node, context: "blob null flags") }
        bigFile = nil
        terminator = isString ? 1 : 0
        self.ref = ref
        self.count = count
    }

    private init(big node: Node, isString: Bool, count: Int) throws(RealmFormatError) {
        kind = .big
        base = node.payload
        width = 0
        // The refs of the elements' own nodes, read like any packed integers.
        offsets = try PackedIntegers(node, context: "big blob refs")
        blobSize = 0
        nulls = nil
        bigFile = node.file
        terminator = isString ? 1 : 0
        ref = node.ref
        self.count = count
    }

    /// A leaf node of strings (`isString`) or binaries, with the checks of `BlobLeaf`.
    init(node: Node, isString: Bool) throws(RealmFormatError) {
        let context = isString ? "string leaf" : "binary leaf"
        if !node.hasRefs {
            try node.require(node.widthType == .multiply, context, "a short-string leaf must use byte widths")
            try node.require(isString, context, "binary data cannot use the short-string layout")
            self.init(short: node, count: node.size)
        } else if node.context {
            try self.init(big: node, isString: isString, count: node.size)
        } else {
            try node.require(node.size == 3 || node.size == 2, context, "a small-blob leaf has 2 or 3 slots, not \(node.size)")
            let offsets = try node.requiredChild(0, "\(context) offsets")
            let blob = try node.requiredChild(1, "\(context) blob")
            let nulls = node.size == 3 ? try node.child(2, "\(context) null flags") : nil
            if let nulls {
                try nulls.require(nulls.size >= offsets.size, context, "\(nulls.size) null flags for \(offsets.size) elements")
            }
            try self.init(small: offsets, blob, nulls, isString: isString, ref: node.ref, count: offsets.size)
        }
    }

    /// For a leaf of short strings: its slots, `width` bytes each, for tests that compare
    /// whole slots.
    public var shortSlots: (base: UnsafeRawPointer, width: Int)? {
        kind == .short ? (base, width) : nil
    }

    /// For a leaf of small blobs: the end offset of each element (`count` of them), the blob
    /// (its first `blobSize` bytes are readable), the null flags, and 1 for strings (whose
    /// bytes end with a terminator) or 0: for loops that read the offsets at their width.
    public var smallLayout: (offsets: PackedIntegers, blob: UnsafeRawPointer, blobSize: Int64, nulls: PackedIntegers?, terminator: Int64)? {
        guard kind == .small, let offsets else { return nil }
        return (offsets, base, blobSize, nulls, terminator)
    }

    /// Element `index` (in `0..<count`): null, or its bytes in the mapping.
    @inlinable @inline(__always)
    public func element(_ index: Int) throws(RealmFormatError) -> BlobElement {
        switch try contiguous(index) {
        case .null: return .null
        case let .bytes(bytes): return .contiguous(bytes)
        case .chunked:
            // Only a big blob's element is stored in chunks.
            guard let bigFile, let offsets else { return .null }
            return try BlobScan.bigElement(bigFile, offsets[index], index, isString: terminator == 1)
        }
    }

    /// A big blob's element from the ref in its slot: its node of bytes in place (the usual
    /// case), `chunked` for a node of chunks, which `element` reads.
    @usableFromInline
    static func bigBytes(_ file: FileBytes, _ slot: Int64, _ index: Int, terminator: Int) throws(RealmFormatError) -> Contiguous {
        if slot == 0 { return .null }
        let blob = try file.node(at: slot, context: "big blob \(index)")
        guard !blob.hasRefs else { return .chunked }
        try blob.require(blob.widthType == .ignore, "big blob", "expected a raw byte node")
        return .bytes(UnsafeRawBufferPointer(start: blob.payload, count: max(0, blob.size &- terminator)))
    }

    @usableFromInline
    static func bigElement(_ file: FileBytes, _ slot: Int64, _ index: Int, isString: Bool) throws(RealmFormatError) -> BlobElement {
        if slot == 0 { return .null }
        return try BlobLeaf.readBigBlob(try file.node(at: slot, context: "big blob \(index)"), isString: isString)
    }

    @usableFromInline
    static func badLength(_ ref: Int, _ index: Int, _ padding: Int, _ width: Int) -> RealmFormatError {
        .unexpectedNode(ref: ref, context: "short string \(index)", detail: "length byte \(padding) exceeds the slot width \(width)")
    }

    @usableFromInline
    static func badPadding(_ ref: Int, _ index: Int, _ offset: Int, _ byte: UInt8, _ width: Int, _ length: Int) -> RealmFormatError {
        .unexpectedNode(ref: ref, context: "short string \(index)",
                        detail: "byte \(offset) of its \(width)-byte slot should be zero (terminator or padding after \(length) bytes), not \(byte)")
    }

    @usableFromInline
    static func badOffsets(_ ref: Int, _ index: Int, _ start: Int64, _ end: Int64, _ size: Int64) -> RealmFormatError {
        .unexpectedNode(ref: ref, context: "blob offsets", detail: "element \(index) spans \(start)..<\(end) of a \(size)-byte blob")
    }
}

extension BlobScan {
    /// One element as its bytes, for loops that must not copy `BlobElement` (whose chunked
    /// case holds an array): `chunked` asks the caller to read it with `element(_:)`.
    public enum Contiguous {
        case null
        case bytes(UnsafeRawBufferPointer)
        case chunked
    }

    @inlinable @inline(__always)
    public func contiguous(_ index: Int) throws(RealmFormatError) -> Contiguous {
        switch kind {
        case .short:
            if width == 0 { return .null }
            let slot = base + index &* width
            let padding = Int(slot.load(fromByteOffset: width &- 1, as: UInt8.self))
            if padding == width { return .null }
            guard padding < width else { throw BlobScan.badLength(ref, index, padding, width) }
            // Terminator and padding are zero (`BlobLeaf.element` says why).
            var offset = width &- 1 &- padding
            while offset < width &- 1 {
                let byte = slot.load(fromByteOffset: offset, as: UInt8.self)
                if byte != 0 { throw BlobScan.badPadding(ref, index, offset, byte, width, width &- 1 &- padding) }
                offset &+= 1
            }
            return .bytes(UnsafeRawBufferPointer(start: slot, count: width &- 1 &- padding))
        case .small:
            guard let offsets else { return .null }
            if let nulls, nulls[index] != 0 { return .null }
            let start = index == 0 ? 0 : offsets[index &- 1]
            let end = offsets[index]
            guard start >= 0, end >= terminator, end &- terminator >= start, end <= blobSize else {
                throw BlobScan.badOffsets(ref, index, start, end, blobSize)
            }
            return .bytes(UnsafeRawBufferPointer(start: base + Int(start), count: Int(end &- terminator &- start)))
        case .big:
            guard let bigFile, let offsets else { return .null }
            return try BlobScan.bigBytes(bigFile, offsets[index], index, terminator: Int(terminator))
        }
    }
}
