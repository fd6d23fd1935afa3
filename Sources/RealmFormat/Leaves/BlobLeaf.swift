/// A leaf of strings or binaries, in any of realm-core's variants.
///
/// realm-core upgrades a leaf from short strings to "small blobs" to "big blobs" as longer values
/// arrive and never downgrades, so any variant can hold any length; the header decides. Strings
/// and binaries share the blob variants and differ only in the trailing NUL that strings carry.
public struct BlobLeaf: Sendable {
    enum Storage: Sendable {
        /// Fixed-width slots with the length in the last byte (strings only).
        case short(Node)
        /// Cumulative end offsets into one blob, plus a null flag per element.
        case small(offsets: Node, blob: Node, nulls: Node?)
        /// One blob node per element (or null).
        case big(Node)
    }

    let storage: Storage
    /// Strings are stored with a terminating NUL in blob variants; binaries are not.
    let isString: Bool
    public let count: Int

    public init(node: Node, isString: Bool) throws(RealmFormatError) {
        self.isString = isString
        let context = isString ? "string leaf" : "binary leaf"
        if !node.hasRefs {
            try node.require(node.widthType == .multiply, context, "a short-string leaf must use byte widths")
            try node.require(isString, context, "binary data cannot use the short-string layout")
            storage = .short(node)
            count = node.size
        } else if node.context {
            storage = .big(node)
            count = node.size
        } else {
            try node.require(node.size == 3 || node.size == 2, context, "a small-blob leaf has 2 or 3 slots, not \(node.size)")
            let offsets = try node.requiredChild(0, "\(context) offsets")
            let blob = try node.requiredChild(1, "\(context) blob")
            let nulls = node.size == 3 ? try node.child(2, "\(context) null flags") : nil
            if let nulls {
                try nulls.require(nulls.size >= offsets.size, context, "\(nulls.size) null flags for \(offsets.size) elements")
            }
            storage = .small(offsets: offsets, blob: blob, nulls: nulls)
            count = offsets.size
        }
    }

    /// Element `index`, pointing into the mapping where the value is stored in one piece.
    public func element(_ index: Int) throws(RealmFormatError) -> BlobElement {
        guard index >= 0, index < count else {
            throw .elementOutOfRange(ref: nodeRef, index: index, size: count)
        }
        switch storage {
        case let .short(node):
            let width = node.width
            if width == 0 { return .null }
            let slot = try node.bytes(offset: index * width, length: width)
            let padding = Int(slot[width - 1])
            if padding == width { return .null }
            guard padding < width else {
                throw .unexpectedNode(ref: node.ref, context: "short string \(index)", detail: "length byte \(padding) exceeds the slot width \(width)")
            }
            // The terminator and padding between the string and the length byte are zero as
            // realm-core writes them (and checks them); anything else is damage, not text.
            let length = width - 1 - padding
            for offset in length..<(width - 1) where slot[offset] != 0 {
                throw .unexpectedNode(ref: node.ref, context: "short string \(index)",
                                      detail: "byte \(offset) of its \(width)-byte slot should be zero (terminator or padding after \(length) bytes), not \(slot[offset])")
            }
            return .contiguous(UnsafeRawBufferPointer(rebasing: slot[0..<length]))
        case let .small(offsets, blob, nulls):
            if let nulls, try nulls.int(index) != 0 { return .null }
            let start = index == 0 ? 0 : try offsets.int(index - 1)
            let end = try offsets.int(index)
            let terminator: Int64 = isString ? 1 : 0
            // `end >= terminator` first: a corrupt end of Int64.min would overflow `end - terminator`.
            guard start >= 0, end >= terminator, end - terminator >= start, end <= Int64(blob.size) else {
                throw .unexpectedNode(ref: offsets.ref, context: "blob offsets", detail: "element \(index) spans \(start)..<\(end) of a \(blob.size)-byte blob")
            }
            return .contiguous(try blob.bytes(offset: Int(start), length: Int(end - start - terminator)))
        case let .big(node):
            guard let blob = try node.child(index, "big blob \(index)") else { return .null }
            return try BlobLeaf.readBigBlob(blob, isString: isString)
        }
    }

    var nodeRef: Int {
        switch storage {
        case let .short(node), let .big(node): return node.ref
        case let .small(offsets, _, _): return offsets.ref
        }
    }

    static func readBigBlob(_ blob: Node, isString: Bool) throws(RealmFormatError) -> BlobElement {
        let terminator = isString ? 1 : 0
        if blob.hasRefs && blob.context {
            var chunks: [UnsafeRawBufferPointer] = []
            for index in 0..<blob.size {
                guard let chunk = try blob.child(index, "blob chunk") else { continue }
                try chunk.require(!chunk.hasRefs, "blob chunk", "a chunk must be raw bytes")
                chunks.append(try chunk.bytes(offset: 0, length: chunk.size))
            }
            if terminator == 1, let last = chunks.last, !last.isEmpty {
                chunks[chunks.count - 1] = UnsafeRawBufferPointer(rebasing: last.dropLast())
            }
            return .chunked(chunks)
        }
        try blob.require(!blob.hasRefs && blob.widthType == .ignore, "big blob", "expected a raw byte node")
        let length = max(0, blob.size - terminator)
        return .contiguous(try blob.bytes(offset: 0, length: length))
    }
}

/// One string or binary value as stored: null, or its bytes (in place where possible).
public enum BlobElement: @unchecked Sendable {
    case null
    case contiguous(UnsafeRawBufferPointer)
    case chunked([UnsafeRawBufferPointer])

    public var bytes: [UInt8]? {
        switch self {
        case .null: return nil
        case let .contiguous(buffer): return Array(buffer)
        case let .chunked(chunks): return chunks.flatMap { Array($0) }
        }
    }

    /// Decodes as UTF-8; invalid sequences become U+FFFD rather than failing the whole read.
    public var string: String? {
        switch self {
        case .null: return nil
        case let .contiguous(buffer): return String(decoding: buffer, as: UTF8.self)
        case .chunked: return bytes.map { String(decoding: $0, as: UTF8.self) }
        }
    }
}
