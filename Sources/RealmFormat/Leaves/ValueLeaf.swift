/// Decodes one leaf node of values of a known encoding: a cluster column's node, or a leaf of
/// a list, set or dictionary B+tree. The layout is decided once; `value(at:)` reads in place.
struct ValueLeaf {
    enum Storage {
        case ints(Node)
        case nullableInts(Node)
        case bools(Node)
        case floats(Node)
        case doubles(Node)
        case blobs(BlobLeaf)
        case enumerated(indexes: Node, values: BlobLeaf)
        case timestamps(seconds: Node, nanoseconds: Node)
        case decimals(DecimalLeaf)
        case fixedBytes(FixedBytesLeaf, isObjectId: Bool)
        case links(Node, target: UInt32, plusOne: Bool)
        case typedLinks(Node)
        case mixed(MixedLeaf)
    }

    let storage: Storage
    let count: Int

    /// `context` is built only for an error: scans make leaves per object and must not pay for it.
    init(node: Node, encoding: LeafEncoding, enumValues: BlobLeaf? = nil, context: @autoclosure () -> String) throws(RealmFormatError) {
        func plainIntegers() throws(RealmFormatError) {
            try node.require(!node.hasRefs && node.widthType == .bits, context(), "expected a plain integer node")
        }
        switch encoding {
        case let .int(nullable):
            try plainIntegers()
            storage = nullable ? .nullableInts(node) : .ints(node)
            count = nullable ? max(0, node.size - 1) : node.size
        case .bool:
            try plainIntegers()
            storage = .bools(node)
            count = node.size
        case .float, .double:
            let width = encoding == .float ? 4 : 8
            try node.require(node.widthType == .multiply && (node.width == width || node.size == 0), context(),
                             "expected \(width)-byte elements, found \(node.width)")
            storage = encoding == .float ? .floats(node) : .doubles(node)
            count = node.size
        case .string where !node.hasRefs && node.widthType == .bits:
            guard let enumValues else {
                throw .unexpectedNode(ref: node.ref, context: context(), detail: "an integer node where strings belong, without enumerated values")
            }
            storage = .enumerated(indexes: node, values: enumValues)
            count = node.size
        case .string, .binary:
            let blobs = try BlobLeaf(node: node, isString: encoding == .string)
            storage = .blobs(blobs)
            count = blobs.count
        case .timestamp:
            try node.require(node.hasRefs && node.size >= 2, context(), "a timestamp leaf holds two refs")
            let seconds = try node.requiredChild(0, "\(context()) seconds")
            let nanoseconds = try node.requiredChild(1, "\(context()) nanoseconds")
            try seconds.require(seconds.size >= 1 && nanoseconds.size == seconds.size - 1, context(),
                                "\(seconds.size - 1) seconds for \(nanoseconds.size) nanoseconds")
            storage = .timestamps(seconds: seconds, nanoseconds: nanoseconds)
            count = nanoseconds.size
        case .decimal:
            let decimals = try DecimalLeaf(node: node)
            storage = .decimals(decimals)
            count = decimals.count
        case .objectId, .uuid:
            let leaf = try FixedBytesLeaf(node: node, elementSize: encoding == .objectId ? 12 : 16)
            storage = .fixedBytes(leaf, isObjectId: encoding == .objectId)
            count = leaf.count
        case let .link(target, plusOne):
            try plainIntegers()
            storage = .links(node, target: target, plusOne: plusOne)
            count = node.size
        case .typedLink:
            try plainIntegers()
            storage = .typedLinks(node)
            count = node.size / 2
        case let .mixed(linkTarget):
            let leaf = try MixedLeaf(node: node, linkTarget: linkTarget)
            storage = .mixed(leaf)
            count = leaf.count
        }
    }

    func value(at index: Int) throws(RealmFormatError) -> RealmValue {
        switch storage {
        case let .ints(node):
            return .int(try node.int(index))
        case let .nullableInts(node):
            guard index >= 0, index < count else { throw .elementOutOfRange(ref: node.ref, index: index, size: count) }
            let value = try node.int(index + 1)
            return value == node.uncheckedInt(0) ? .null : .int(value)
        case let .bools(node):
            switch try node.int(index) {
            case 0: return .bool(false)
            case 1: return .bool(true)
            default: return .null
            }
        case let .floats(node):
            guard index >= 0, index < count else { throw .elementOutOfRange(ref: node.ref, index: index, size: count) }
            let bits = UInt32(littleEndian: try node.bytes(offset: index * 4, length: 4).loadUnaligned(as: UInt32.self))
            return bits == 0x7FC0_00AA ? .null : .float(Float(bitPattern: bits))
        case let .doubles(node):
            guard index >= 0, index < count else { throw .elementOutOfRange(ref: node.ref, index: index, size: count) }
            let bits = UInt64(littleEndian: try node.bytes(offset: index * 8, length: 8).loadUnaligned(as: UInt64.self))
            return bits == 0x7FF8_0000_0000_00AA ? .null : .double(Double(bitPattern: bits))
        case let .blobs(leaf):
            let element = try leaf.element(index)
            if leaf.isString { return element.string.map(RealmValue.string) ?? .null }
            return element.bytes.map(RealmValue.binary) ?? .null
        case let .enumerated(indexes, values):
            let position = try indexes.int(index)
            guard position >= 0, position < Int64(values.count) else {
                throw .elementOutOfRange(ref: indexes.ref, index: Int(truncatingIfNeeded: position), size: values.count)
            }
            return try values.element(Int(position)).string.map(RealmValue.string) ?? .null
        case let .timestamps(seconds, nanoseconds):
            let value = try seconds.int(index + 1)
            let nanos = try nanoseconds.int(index)
            if value == seconds.uncheckedInt(0) { return .null }
            return .timestamp(Timestamp(seconds: value, nanoseconds: Int32(truncatingIfNeeded: nanos)))
        case let .decimals(leaf):
            return try leaf.value(index).map(RealmValue.decimal) ?? .null
        case let .fixedBytes(leaf, isObjectId):
            guard let bytes = try leaf.bytes(index) else { return .null }
            if isObjectId { return ObjectId(bytes: bytes).map(RealmValue.objectId) ?? .null }
            return RealmUUID(bytes: bytes).map(RealmValue.uuid) ?? .null
        case let .links(node, target, plusOne):
            let stored = try node.int(index)
            let key = plusOne ? stored &- 1 : stored
            // Keys of -1 are null; -2 and below are unresolved links to tombstones, shown as null.
            return key < 0 ? .null : .link(table: target, key: key)
        case let .typedLinks(node):
            let table = try node.int(2 * index)
            let key = try node.int(2 * index + 1)
            if table == 0 || key <= 0 { return .null }
            // Table keys are 32-bit; checked first because `table - 1` overflows for Int64.min.
            guard table > 0, table <= Int64(UInt32.max) + 1 else {
                throw .unexpectedNode(ref: node.ref, context: "typed link \(index)", detail: "stored table key \(table) is impossible")
            }
            return .typedLink(table: UInt32(table - 1), key: key - 1)
        case let .mixed(leaf):
            return try leaf.value(index)
        }
    }
}
