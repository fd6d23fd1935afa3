/// A leaf of Mixed values: a composite word per value pointing into payload arrays.
///
/// Each value's type and location are packed into one 64-bit word; large payloads live in the
/// `ints`, `pairs`, `strings` and (format 24) `refs` arrays, which are compact and unordered.
struct MixedLeaf {
    let composite: Node
    let ints: Node?
    let pairs: Node?
    let strings: BlobLeaf?
    let refs: Node?
    let linkTarget: UInt32?
    var count: Int { composite.size }

    /// DataType numbers used in the composite word.
    enum DataType: Int64 {
        case int = 0, bool = 1, string = 2, binary = 4, timestamp = 8, float = 9, double = 10
        case decimal = 11, link = 12, objectId = 15, typedLink = 16, uuid = 17, list = 19, dictionary = 21
    }

    init(node: Node, linkTarget: UInt32?) throws(RealmFormatError) {
        let context = "Mixed leaf"
        try node.require(node.hasRefs && !node.isInner && node.size >= 1, context, "expected a has-refs node with a composite slot")
        composite = try node.requiredChild(0, "\(context) values")
        try composite.require(!composite.hasRefs && composite.widthType == .bits, context, "the composite values must be plain integers")
        ints = node.size > 1 ? try node.child(1, "\(context) integers") : nil
        pairs = node.size > 2 ? try node.child(2, "\(context) pairs") : nil
        strings = node.size > 3 ? try node.child(3, "\(context) strings").map { node throws(RealmFormatError) in try BlobLeaf(node: node, isString: true) } : nil
        refs = node.size > 4 ? try node.child(4, "\(context) nested collections") : nil
        self.linkTarget = linkTarget
    }

    func value(_ index: Int) throws(RealmFormatError) -> RealmValue {
        let word = try composite.int(index)
        if word == 0 { return .null }
        let location = (word >> 5) & 7
        let payload = word >> 8
        guard let type = DataType(rawValue: (word & 0x1F) - 1) else {
            throw .unexpectedNode(ref: composite.ref, context: "Mixed value \(index)", detail: "unknown type \((word & 0x1F) - 1)")
        }
        switch type {
        case .int:
            return .int(location == 0 ? payload : try payloadInt(ints, payload))
        case .bool:
            return .bool(payload != 0)
        case .float:
            return .float(Float(bitPattern: UInt32(truncatingIfNeeded: try payloadInt(ints, payload))))
        case .double:
            return .double(Double(bitPattern: UInt64(bitPattern: try payloadInt(ints, payload))))
        case .string, .binary, .objectId, .uuid:
            guard let strings else { throw missing("strings", index) }
            let element = try strings.element(try payloadIndex(payload, count: strings.count))
            switch type {
            case .string: return element.string.map(RealmValue.string) ?? .null
            case .binary: return element.bytes.map(RealmValue.binary) ?? .null
            case .objectId: return (element.bytes.flatMap(ObjectId.init(bytes:))).map(RealmValue.objectId) ?? .null
            default: return (element.bytes.flatMap(RealmUUID.init(bytes:))).map(RealmValue.uuid) ?? .null
            }
        case .timestamp:
            let (seconds, nanoseconds) = try pair(payload, index)
            return .timestamp(Timestamp(seconds: seconds, nanoseconds: Int32(truncatingIfNeeded: nanoseconds)))
        case .decimal:
            let (low, high) = try pair(payload, index)
            return .decimal(Decimal128(high: UInt64(bitPattern: high), low: UInt64(bitPattern: low)))
        case .link:
            let key = try payloadInt(ints, payload)
            return key < 0 ? .null : .link(table: linkTarget ?? 0x7FFF_FFFF, key: key)
        case .typedLink:
            let (table, key) = try pair(payload, index)
            return key < 0 ? .null : .typedLink(table: UInt32(truncatingIfNeeded: table), key: key)
        case .list, .dictionary:
            guard let refs else { throw missing("nested collections", index) }
            let slot = try refs.slot(Int(try payloadIndex(payload, count: refs.size)))
            let kind: CollectionKind = type == .list ? .list : .dictionary
            guard case let .ref(root) = slot else {
                return .collection(CollectionSummary(kind: kind, elementType: .mixed, isNullable: true,
                                                     linkTarget: nil, rootRef: nil, elementCount: 0))
            }
            let count = try CollectionCounter.count(rootRef: root, kind: kind, elementType: .mixed, nullable: true,
                                                    legacyDictionary: false, file: composite.file)
            return .collection(CollectionSummary(kind: kind, elementType: .mixed, isNullable: true,
                                                 linkTarget: nil, rootRef: root, elementCount: count))
        }
    }

    private func payloadIndex(_ payload: Int64, count: Int) throws(RealmFormatError) -> Int {
        guard payload >= 0, payload < Int64(count) else {
            throw .unexpectedNode(ref: composite.ref, context: "Mixed payload", detail: "index \(payload) outside 0..<\(count)")
        }
        return Int(payload)
    }

    private func payloadInt(_ node: Node?, _ payload: Int64) throws(RealmFormatError) -> Int64 {
        guard let node else { throw missing("integers", Int(truncatingIfNeeded: payload)) }
        return try node.int(try payloadIndex(payload, count: node.size))
    }

    private func pair(_ payload: Int64, _ index: Int) throws(RealmFormatError) -> (Int64, Int64) {
        guard let pairs else { throw missing("pairs", index) }
        let first = try payloadIndex(payload, count: pairs.size / 2) * 2
        return (try pairs.int(first), try pairs.int(first + 1))
    }

    private func missing(_ array: String, _ index: Int) -> RealmFormatError {
        .unexpectedNode(ref: composite.ref, context: "Mixed value \(index)", detail: "refers to its \(array) array, which is absent")
    }
}
