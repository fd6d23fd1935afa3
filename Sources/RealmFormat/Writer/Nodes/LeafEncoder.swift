/// Writes leaves of values in the layouts `ValueLeaf` reads: the same choices realm-core makes
/// (narrowest integer width, short/small/big string variants by length, null patterns).
struct LeafEncoder {
    let writer: NodeWriter

    static let floatNull: UInt32 = 0x7FC0_00AA
    static let doubleNull: UInt64 = 0x7FF8_0000_0000_00AA

    func integers(_ values: [Int64?], nullable: Bool) throws(RealmFormatError) -> Int64 {
        guard nullable else { return try writer.integers(values.map { $0 ?? 0 }) }
        let present = values.compactMap { $0 }
        var width = IntegerPacking.width(for: present)
        // The null sentinel is the largest value of the width; widen until no value uses it.
        while true {
            let sentinel = width == 0 ? 0 : (width >= 8 ? (width == 64 ? Int64.max : (Int64(1) << (width - 1)) - 1) : (Int64(1) << width) - 1)
            if !present.contains(sentinel) || width == 64 {
                var chosen = sentinel
                if width == 64 { while present.contains(chosen) { chosen -= 1 } }
                return try writer.integers([chosen] + values.map { $0 ?? chosen }, minimumWidth: width)
            }
            width = width == 0 ? 1 : width * 2
        }
    }

    func bools(_ values: [Bool?]) throws(RealmFormatError) -> Int64 {
        try writer.integers(values.map { $0.map { $0 ? 1 : 0 } ?? 3 })
    }

    func floats(_ values: [Float?]) throws(RealmFormatError) -> Int64 {
        var payload: [UInt8] = []
        payload.reserveCapacity(values.count * 4)
        for value in values {
            payload += withUnsafeBytes(of: (value?.bitPattern ?? LeafEncoder.floatNull).littleEndian, Array.init)
        }
        return try writer.write(payload: payload, size: values.count, widthType: .multiply, width: 4)
    }

    func doubles(_ values: [Double?]) throws(RealmFormatError) -> Int64 {
        var payload: [UInt8] = []
        payload.reserveCapacity(values.count * 8)
        for value in values {
            payload += withUnsafeBytes(of: (value?.bitPattern ?? LeafEncoder.doubleNull).littleEndian, Array.init)
        }
        return try writer.write(payload: payload, size: values.count, widthType: .multiply, width: 8)
    }

    /// Strings: short slots up to 15 bytes, small blobs up to 63, big blobs beyond.
    /// Table and column names: realm-core reads these nodes only as short strings (§3.1, §4.2),
    /// so names longer than 15 bytes widen the node (up to 64 bytes per name) instead of
    /// switching to the medium-string layout that `strings` would choose.
    func names(_ values: [String]) throws(RealmFormatError) -> Int64 {
        let encoded = values.map { Array($0.utf8) }
        let longest = encoded.map(\.count).max() ?? 0
        guard longest <= 63 else { throw .cannotWrite(path: "", reason: "a table or property name has at most 63 bytes") }
        let width = encoded.isEmpty ? 0 : ([1, 2, 4, 8, 16, 32, 64].first { $0 > longest } ?? 64)
        var payload: [UInt8] = []
        payload.reserveCapacity(values.count * width)
        for value in encoded where width > 0 {
            payload += value + [UInt8](repeating: 0, count: width - 1 - value.count) + [UInt8(width - 1 - value.count)]
        }
        return try writer.write(payload: payload, size: values.count, widthType: .multiply, width: width)
    }

    func strings(_ values: [String?]) throws(RealmFormatError) -> Int64 {
        try blobs(values.map { $0.map { Array($0.utf8) } }, isString: true)
    }

    func blobs(_ values: [[UInt8]?], isString: Bool) throws(RealmFormatError) -> Int64 {
        let longest = values.compactMap { $0?.count }.max() ?? 0
        if isString && longest <= 15 {
            var width = 0
            if values.contains(where: { $0 != nil }) {
                width = [1, 2, 4, 8, 16].first { $0 > longest } ?? 16
            }
            var payload: [UInt8] = []
            payload.reserveCapacity(values.count * width)
            for value in values where width > 0 {
                if let value {
                    payload += value + [UInt8](repeating: 0, count: width - 1 - value.count) + [UInt8(width - 1 - value.count)]
                } else {
                    payload += [UInt8](repeating: 0, count: width - 1) + [UInt8(width)]
                }
            }
            return try writer.write(payload: payload, size: values.count, widthType: .multiply, width: width)
        }
        let terminator: [UInt8] = isString ? [0] : []
        if longest <= 63 {
            var ends: [Int64] = []
            var blob: [UInt8] = []
            for value in values {
                if let value { blob += value + terminator }
                ends.append(Int64(blob.count))
            }
            let offsets = try writer.integers(ends)
            let data = try writer.write(payload: blob, size: blob.count, widthType: .ignore, width: blob.isEmpty ? 0 : 1)
            let nulls = try writer.integers(values.map { $0 == nil ? 1 : 0 })
            return try writer.refs([.ref(offsets), .ref(data), .ref(nulls)])
        }
        var slots: [NodeWriter.Slot] = []
        for value in values {
            guard let value else { slots.append(.null); continue }
            let bytes = value + terminator
            guard bytes.count <= 0xFF_FFF0 else {
                throw .cannotWrite(path: "", reason: "values over 16 MiB are not supported by this writer")
            }
            slots.append(.ref(try writer.write(payload: bytes, size: bytes.count, widthType: .ignore, width: 1)))
        }
        return try writer.refs(slots, context: true)
    }

    func timestamps(_ values: [Timestamp?]) throws(RealmFormatError) -> Int64 {
        let seconds = try integers(values.map { $0?.seconds }, nullable: true)
        let nanoseconds = try writer.integers(values.map { Int64($0?.nanoseconds ?? 0) })
        return try writer.refs([.ref(seconds), .ref(nanoseconds)])
    }

    /// A B+tree of integers (link lists, backlink lists and row lists store raw keys).
    func integerTree(_ values: [Int64]) throws(RealmFormatError) -> Int64 {
        try tree(count: values.count) { range throws(RealmFormatError) in try writer.integers(Array(values[range])) }
    }

    /// A B+tree of `count` elements: one leaf up to 1000 elements, inner nodes with the compact
    /// element count above that. `leaf` writes the leaf for a range of elements.
    func tree(count: Int, leaf: (Range<Int>) throws(RealmFormatError) -> Int64) throws(RealmFormatError) -> Int64 {
        let leafCapacity = 1000
        guard count > leafCapacity else { return try leaf(0..<count) }
        var level: [(ref: Int64, count: Int)] = []
        var start = 0
        while start < count {
            let end = min(start + leafCapacity, count)
            level.append((try leaf(start..<end), end - start))
            start = end
        }
        var perChild = leafCapacity
        while level.count > 1 {
            var next: [(ref: Int64, count: Int)] = []
            var index = 0
            while index < level.count {
                let children = Array(level[index..<min(index + leafCapacity, level.count)])
                let total = children.reduce(0) { $0 + $1.count }
                let slots: [NodeWriter.Slot] = [.number(Int64(perChild))] + children.map { .ref($0.ref) } + [.number(Int64(total))]
                next.append((try writer.refs(slots, isInner: true), total))
                index += leafCapacity
            }
            perChild *= leafCapacity
            level = next
        }
        return level[0].ref
    }

    /// A leaf of scalar values of `type` (the layouts of column leaves and list leaves alike).
    func leaf(_ values: [RealmValue], type: ColumnType, nullable: Bool) throws(RealmFormatError) -> Int64 {
        switch type {
        case .int:
            return try integers(values.map { if case let .int(number) = $0 { return number } else { return nil } }, nullable: nullable)
        case .bool:
            return try bools(values.map { if case let .bool(flag) = $0 { return flag } else { return nil } })
        case .float:
            return try floats(values.map { if case let .float(number) = $0 { return number } else { return nil } })
        case .double:
            return try doubles(values.map { if case let .double(number) = $0 { return number } else { return nil } })
        case .string:
            return try strings(values.map { if case let .string(text) = $0 { return text } else { return nil } })
        case .binary:
            return try blobs(values.map { if case let .binary(bytes) = $0 { return bytes } else { return nil } }, isString: false)
        case .timestamp:
            return try timestamps(values.map { if case let .timestamp(time) = $0 { return time } else { return nil } })
        case .decimal128:
            return try decimals(values.map { if case let .decimal(decimal) = $0 { return decimal } else { return nil } })
        case .objectId:
            return try fixedBytes(values.map { if case let .objectId(id) = $0 { return id.bytes } else { return nil } }, elementSize: 12)
        case .uuid:
            return try fixedBytes(values.map { if case let .uuid(uuid) = $0 { return uuid.bytes } else { return nil } }, elementSize: 16)
        case .typedLink:
            return try typedLinks(values.map { if case let .typedLink(table, key) = $0 { return (table, key) } else { return nil } })
        case .link, .legacyLinkList:
            // Inside lists and sets, links are raw keys.
            return try writer.integers(values.compactMap { if case let .link(_, key) = $0 { return key } else { return nil } })
        default:
            throw .cannotWrite(path: "", reason: "\(type) values are not supported by this writer yet")
        }
    }
}
