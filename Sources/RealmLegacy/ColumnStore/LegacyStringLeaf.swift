import RealmFormat

/// A string leaf of formats 5-9 (L§5.4): the short, medium and big variants of M§6.5, with two
/// differences that make today's `BlobLeaf` read it wrongly. Nullability comes from the
/// column (in a non-nullable column what would read as null is ""), and a nullable medium
/// leaf's flags mean the opposite of format 10's: 1 = not null.
struct LegacyStringLeaf {
    private enum Storage {
        /// Short strings and big blobs read as `BlobLeaf` reads them.
        case blobLeaf(BlobLeaf)
        /// Medium: end offsets into one blob (every element, null or not, ends with a NUL) and,
        /// in nullable columns, a flag per element that is 1 for a value.
        case medium(offsets: Node, blob: Node, present: Node?)
    }

    private let storage: Storage
    private let isNullable: Bool
    let count: Int

    init(node: Node, isNullable: Bool, context: @autoclosure () -> String) throws(RealmFormatError) {
        self.isNullable = isNullable
        if node.hasRefs && !node.context {
            try node.require(node.size == 2 || node.size == 3, context(), "a medium string leaf has 2 or 3 slots, not \(node.size)")
            let offsets = try node.requiredChild(0, "\(context()) offsets")
            let blob = try node.requiredChild(1, "\(context()) blob")
            let present = node.size == 3 ? try node.child(2, "\(context()) null flags") : nil
            try offsets.require(!offsets.hasRefs && offsets.widthType == .bits, context(), "the offsets are not integers")
            if let present {
                try present.require(present.size >= offsets.size, context(), "\(present.size) null flags for \(offsets.size) strings")
            }
            storage = .medium(offsets: offsets, blob: blob, present: present)
            count = offsets.size
        } else {
            // An integer node here is the StringEnum column's index leaf, never a string leaf (L§5.4).
            try node.require(node.hasRefs || node.widthType == .multiply, context(), "an integer node where strings belong")
            let leaf = try BlobLeaf(node: node, isString: true)
            storage = .blobLeaf(leaf)
            count = leaf.count
        }
    }

    /// Element `index`: a string, or null (only in a nullable column).
    func value(at index: Int) throws(RealmFormatError) -> RealmValue {
        switch storage {
        case let .blobLeaf(leaf):
            guard let text = try leaf.element(index).string else { return isNullable ? .null : .string("") }
            return .string(text)
        case let .medium(offsets, blob, present):
            guard index >= 0, index < count else { throw .elementOutOfRange(ref: offsets.ref, index: index, size: count) }
            if let present, try present.int(index) == 0 { return isNullable ? .null : .string("") }
            let start = index == 0 ? 0 : try offsets.int(index - 1)
            let end = try offsets.int(index)
            guard start >= 0, end >= 1, end - 1 >= start, end <= Int64(blob.size) else {
                throw .unexpectedNode(ref: offsets.ref, context: "string offsets",
                                      detail: "string \(index) spans \(start)..<\(end) of a \(blob.size)-byte blob")
            }
            let bytes = try blob.bytes(offset: Int(start), length: Int(end - 1 - start))
            return .string(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Whether this is a medium leaf: realm-core's upgrade reads the key list of an enumerated
    /// column in such a leaf wrongly (L§8.5).
    var isMedium: Bool {
        if case .medium = storage { return true }
        return false
    }
}
