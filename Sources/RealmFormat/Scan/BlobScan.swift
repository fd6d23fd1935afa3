/// A string or binary leaf read in place by scans: the short and small layouts decoded inline,
/// without a call or an enum switch through `BlobLeaf` per element.
///
/// It is a few words, not a copy of the leaf's nodes: scans make one per object for strings in
/// lists, and copying `BlobLeaf`'s three nodes around cost more than reading the strings.
public struct BlobScan: @unchecked Sendable {
    @usableFromInline
    enum Layout {
        case short(base: UnsafeRawPointer, width: Int)
        case small(offsets: PackedIntegers, blob: UnsafeRawPointer, blobSize: Int64, nulls: PackedIntegers?)
        case big(Node)
    }

    @usableFromInline let layout: Layout
    @usableFromInline let terminator: Int64
    @usableFromInline let ref: Int
    public let count: Int

    public init(_ leaf: BlobLeaf) throws(RealmFormatError) {
        terminator = leaf.isString ? 1 : 0
        count = leaf.count
        ref = leaf.nodeRef
        switch leaf.storage {
        case let .short(node):
            layout = .short(base: node.payload, width: node.width)
        case let .small(offsets, blob, nulls):
            layout = try BlobScan.small(offsets, blob, nulls)
        case let .big(node):
            layout = .big(node)
        }
    }

    /// A leaf node of strings (`isString`) or binaries, with the checks of `BlobLeaf`.
    init(node: Node, isString: Bool) throws(RealmFormatError) {
        terminator = isString ? 1 : 0
        ref = node.ref
        let context = isString ? "string leaf" : "binary leaf"
        if !node.hasRefs {
            try node.require(node.widthType == .multiply, context, "a short-string leaf must use byte widths")
            try node.require(isString, context, "binary data cannot use the short-string layout")
            layout = .short(base: node.payload, width: node.width)
            count = node.size
        } else if node.context {
            layout = .big(node)
            count = node.size
        } else {
            try node.require(node.size == 3 || node.size == 2, context, "a small-blob leaf has 2 or 3 slots, not \(node.size)")
            let offsets = try node.requiredChild(0, "\(context) offsets")
            let blob = try node.requiredChild(1, "\(context) blob")
            let nulls = node.size == 3 ? try node.child(2, "\(context) null flags") : nil
            if let nulls {
                try nulls.require(nulls.size >= offsets.size, context, "\(nulls.size) null flags for \(offsets.size) elements")
            }
            layout = try BlobScan.small(offsets, blob, nulls)
            count = offsets.size
        }
    }

    private static func small(_ offsets: Node, _ blob: Node, _ nulls: Node?) throws(RealmFormatError) -> Layout {
        // Offsets may reach neither past the blob's size nor past its payload.
        .small(offsets: try PackedIntegers(offsets, context: "blob offsets"), blob: blob.payload,
               blobSize: Int64(min(blob.size, blob.byteSize - 8)),
               nulls: try nulls.map { node throws(RealmFormatError) in try PackedIntegers(node, context: "blob null flags") })
    }

    /// Element `index` (in `0..<count`): null, or its bytes in the mapping.
    @inlinable @inline(__always)
    public func element(_ index: Int) throws(RealmFormatError) -> BlobElement {
        switch layout {
        case let .short(base, width):
            if width == 0 { return .null }
            let slot = base + index &* width
            let padding = Int(slot.load(fromByteOffset: width &- 1, as: UInt8.self))
            if padding == width { return .null }
            guard padding < width else { throw BlobScan.badLength(ref, index, padding, width) }
            return .contiguous(UnsafeRawBufferPointer(start: slot, count: width &- 1 &- padding))
        case let .small(offsets, blob, blobSize, nulls):
            if let nulls, nulls[index] != 0 { return .null }
            let start = index == 0 ? 0 : offsets[index &- 1]
            let end = offsets[index]
            guard start >= 0, end >= terminator, end &- terminator >= start, end <= blobSize else {
                throw BlobScan.badOffsets(ref, index, start, end, blobSize)
            }
            return .contiguous(UnsafeRawBufferPointer(start: blob + Int(start), count: Int(end &- terminator &- start)))
        case let .big(node):
            return try BlobScan.bigElement(node, index, isString: terminator == 1)
        }
    }

    @usableFromInline
    static func bigElement(_ node: Node, _ index: Int, isString: Bool) throws(RealmFormatError) -> BlobElement {
        guard let blob = try node.child(index, "big blob \(index)") else { return .null }
        return try BlobLeaf.readBigBlob(blob, isString: isString)
    }

    @usableFromInline
    static func badLength(_ ref: Int, _ index: Int, _ padding: Int, _ width: Int) -> RealmFormatError {
        .unexpectedNode(ref: ref, context: "short string \(index)", detail: "length byte \(padding) exceeds the slot width \(width)")
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
        switch layout {
        case let .short(base, width):
            if width == 0 { return .null }
            let slot = base + index &* width
            let padding = Int(slot.load(fromByteOffset: width &- 1, as: UInt8.self))
            if padding == width { return .null }
            guard padding < width else { throw BlobScan.badLength(ref, index, padding, width) }
            return .bytes(UnsafeRawBufferPointer(start: slot, count: width &- 1 &- padding))
        case let .small(offsets, blob, blobSize, nulls):
            if let nulls, nulls[index] != 0 { return .null }
            let start = index == 0 ? 0 : offsets[index &- 1]
            let end = offsets[index]
            guard start >= 0, end >= terminator, end &- terminator >= start, end <= blobSize else {
                throw BlobScan.badOffsets(ref, index, start, end, blobSize)
            }
            return .bytes(UnsafeRawBufferPointer(start: blob + Int(start), count: Int(end &- terminator &- start)))
        case .big:
            switch try element(index) {
            case .null: return .null
            case let .contiguous(bytes): return .bytes(bytes)
            case .chunked: return .chunked
            }
        }
    }
}
