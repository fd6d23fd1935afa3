/// A column's search index (realm-core's `StringIndex`): a tree keyed by the value's bytes,
/// four at a time, leading to the objects holding the value.
///
/// Lookups return candidates: objects whose value shares the indexed prefix. Callers check
/// the candidates against the real condition, so a lookup never has to be exact to be correct.
public struct SearchIndex: Sendable {
    let root: Node

    public init?(column: Column, file: RealmFile) throws(RealmFormatError) {
        guard let ref = column.searchIndexRef else { return nil }
        root = try file.mapped.bytes.node(at: ref, context: "search index of \"\(column.name)\"")
    }

    /// No index nests deeper than the 200-byte prefix it indexes (plus B+tree levels).
    static let maximumDepth = 80

    /// Keys of the objects that may hold `value` (ints, bools and strings), or nil when the
    /// index cannot answer for this kind of value.
    public func candidates(for value: RealmValue) throws(RealmFormatError) -> [Int64]? {
        let data: [UInt8]
        switch value {
        case let .int(number): data = withUnsafeBytes(of: number.littleEndian, Array.init)
        case let .bool(flag): data = withUnsafeBytes(of: Int64(flag ? 1 : 0).littleEndian, Array.init)
        case let .string(text): data = Array(text.utf8)
        default: return nil
        }
        return try lookup(in: root, data: data, offset: 0, depth: 0)
    }

    /// The 32-bit key for the bytes at `offset`: four bytes, or the rest, an 'X' and zeros.
    public static func key(_ data: [UInt8], at offset: Int) -> Int32 {
        var bytes = [UInt8](repeating: 0, count: 4)
        let remaining = max(0, data.count - offset)
        if remaining >= 4 {
            for index in 0..<4 { bytes[index] = data[offset + index] }
        } else {
            for index in 0..<remaining { bytes[index] = data[offset + index] }
            bytes[remaining] = UInt8(ascii: "X")
        }
        let value = UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3])
        return Int32(bitPattern: value)
    }

    /// The first of the `count` keys (sorted ascending as signed 32-bit integers, §7.1) that
    /// is at least `key`, or `count`: a binary search, as an index node holds up to 1000 keys.
    private static func firstKey(atLeast key: Int32, in keys: Node, count: Int) throws(RealmFormatError) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if Int32(truncatingIfNeeded: try keys.int(middle)) < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func lookup(in start: Node, data: [UInt8], offset: Int, depth: Int) throws(RealmFormatError) -> [Int64] {
        let context = "search index"
        guard depth < SearchIndex.maximumDepth else { throw .cycle(ref: start.ref, context: context) }
        let key = SearchIndex.key(data, at: offset)
        var node = start
        // Inner nodes hold the largest key of each child.
        while node.isInner {
            let keys = try node.requiredChild(0, "\(context) keys")
            let count = min(keys.size, node.size - 1)
            let chosen = try SearchIndex.firstKey(atLeast: key, in: keys, count: count)
            guard chosen < count else { return [] }
            let child = try node.requiredChild(1 + chosen, context)
            guard child.ref != node.ref else { throw .cycle(ref: node.ref, context: context) }
            node = child
        }
        let keys = try node.requiredChild(0, "\(context) keys")
        let count = min(keys.size, node.size - 1)
        let found = try SearchIndex.firstKey(atLeast: key, in: keys, count: count)
        guard found < count, Int32(truncatingIfNeeded: try keys.int(found)) == key else { return [] }
        switch try node.slot(found + 1) {
        case .null:
            return []
        case let .tagged(objectKey):
            return [objectKey]
        case let .ref(raw):
            let child = try node.file.node(at: raw, context: context)
            if child.context {
                return try lookup(in: child, data: data, offset: offset + 4, depth: depth + 1)
            }
            var rows: [Int64] = []
            try BPlusTree(root: child, context: "\(context) row list").forEachLeaf { leaf throws(RealmFormatError) in
                for index in 0..<leaf.size { rows.append(try leaf.int(index)) }
            }
            return rows
        }
    }
}
