import RealmFormat

/// One leaf of a B+tree of formats 5-9, decoded once: `value(at:)` then reads in place.
struct LegacyLeaf {
    private enum Storage {
        case ints(Node, asBool: Bool)
        /// Element 0 is the value that stands for null; the elements follow it.
        case nullableInts(Node, null: Int64, asBool: Bool)
        case floats(Node, nullable: Bool)
        case doubles(Node, nullable: Bool)
        case strings(LegacyStringLeaf)
        case binaries(BlobLeaf, nullable: Bool)
        case slots(Node)
    }

    private let storage: Storage
    let count: Int

    init(node: Node, kind: ElementKind, context: @autoclosure () -> String) throws(RealmFormatError) {
        func integers() throws(RealmFormatError) {
            try node.require(!node.hasRefs && node.widthType == .bits, context(), "expected a plain integer node")
        }
        switch kind {
        case let .int(nullable), let .bool(nullable):
            try integers()
            let asBool = kind == .bool(nullable: nullable)
            if nullable {
                try node.require(node.size >= 1, context(), "a nullable-integer leaf has its null value first")
                storage = .nullableInts(node, null: try node.int(0), asBool: asBool)
                count = node.size - 1
            } else {
                storage = .ints(node, asBool: asBool)
                count = node.size
            }
        case let .float(nullable), let .double(nullable):
            let width = kind == .float(nullable: nullable) ? 4 : 8
            try node.require(!node.hasRefs && node.widthType == .multiply && (node.width == width || node.size == 0), context(),
                             "expected \(width)-byte floating-point elements")
            storage = width == 4 ? .floats(node, nullable: nullable) : .doubles(node, nullable: nullable)
            count = node.size
        case let .string(nullable):
            let leaf = try LegacyStringLeaf(node: node, isNullable: nullable, context: context())
            storage = .strings(leaf)
            count = leaf.count
        case let .binary(nullable):
            try node.require(node.hasRefs, context(), "a binary leaf holds refs")
            let leaf = try BlobLeaf(node: node, isString: false)
            storage = .binaries(leaf, nullable: nullable)
            count = leaf.count
        case .slots:
            try node.require(node.hasRefs && node.widthType == .bits, context(), "expected a has-refs node")
            storage = .slots(node)
            count = node.size
        }
    }

    /// Element `index` as a value (slots leaves: as their raw integer).
    func value(at index: Int) throws(RealmFormatError) -> RealmValue {
        switch storage {
        case let .ints(node, asBool):
            let raw = try node.int(index)
            return asBool ? .bool(raw != 0) : .int(raw)
        case let .nullableInts(node, null, asBool):
            let raw = try node.int(index + 1)
            if raw == null { return .null }
            return asBool ? .bool(raw != 0) : .int(raw)
        case let .floats(node, nullable):
            let bits = UInt32(littleEndian: try node.bytes(offset: index * 4, length: 4).loadUnaligned(as: UInt32.self))
            return nullable && bits == 0x7FC0_00AA ? .null : .float(Float(bitPattern: bits))
        case let .doubles(node, nullable):
            let bits = UInt64(littleEndian: try node.bytes(offset: index * 8, length: 8).loadUnaligned(as: UInt64.self))
            return nullable && bits == 0x7FF8_0000_0000_00AA ? .null : .double(Double(bitPattern: bits))
        case let .strings(leaf):
            return try leaf.value(at: index)
        case let .binaries(leaf, nullable):
            guard let bytes = try leaf.element(index).bytes else { return nullable ? .null : .binary([]) }
            return .binary(bytes)
        case let .slots(node):
            return .int(try node.int(index))
        }
    }

    /// Element `index` of an integer or has-refs leaf, raw; nil for the null of a nullable one.
    func integer(at index: Int) throws(RealmFormatError) -> Int64? {
        switch storage {
        case let .ints(node, _), let .slots(node):
            return try node.int(index)
        case let .nullableInts(node, null, _):
            let raw = try node.int(index + 1)
            return raw == null ? nil : raw
        default:
            throw .unexpectedNode(ref: 0, context: "a column leaf", detail: "integers requested from a leaf of other values")
        }
    }

    /// Whether this is a medium string leaf (L§8.5).
    var isMediumStrings: Bool {
        if case let .strings(leaf) = storage { return leaf.isMedium }
        return false
    }
}
