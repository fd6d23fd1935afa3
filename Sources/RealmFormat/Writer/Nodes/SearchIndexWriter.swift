/// Builds a search index bottom-up (format document §7.3): objects sorted by their value's
/// bytes, grouped four bytes at a time; one object under a key is stored as its key, several
/// with the same value as a row list, several different values as a sub-index.
struct SearchIndexWriter {
    let writer: NodeWriter
    static let maximumEntries = 1000

    /// The bytes realm-core indexes for a value, or nil for values it does not index this way.
    static func indexData(_ value: RealmValue) -> [UInt8]? {
        switch value {
        case .null: return []
        case let .int(number): return withUnsafeBytes(of: number.littleEndian, Array.init)
        case let .bool(flag): return withUnsafeBytes(of: Int64(flag ? 1 : 0).littleEndian, Array.init)
        case let .string(text): return Array(text.utf8)
        case let .timestamp(time):
            return withUnsafeBytes(of: time.seconds.littleEndian, Array.init) + withUnsafeBytes(of: time.nanoseconds.littleEndian, Array.init)
        case let .objectId(id): return id.bytes
        case let .uuid(uuid): return uuid.bytes
        default: return nil
        }
    }

    /// The distinct lower-case words (runs of letters and digits) of UTF-8 text.
    static func words(of data: [UInt8]) -> [[UInt8]] {
        let text = String(decoding: data, as: UTF8.self).lowercased()
        var seen = Set<String>()
        var words: [[UInt8]] = []
        for word in text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) where seen.insert(String(word)).inserted {
            words.append(Array(word.utf8))
        }
        return words
    }

    /// Writes the index of `entries` (object key, value bytes) and returns its root.
    func write(_ entries: [(key: Int64, data: [UInt8])]) throws(RealmFormatError) -> Int64 {
        try level(entries, offset: 0)
    }

    private func level(_ entries: [(key: Int64, data: [UInt8])], offset: Int) throws(RealmFormatError) -> Int64 {
        var groups: [Int32: [(key: Int64, data: [UInt8])]] = [:]
        for entry in entries { groups[SearchIndex.key(entry.data, at: offset), default: []].append(entry) }
        var children: [(key: Int32, slot: NodeWriter.Slot)] = []
        for key in groups.keys.sorted() {
            let group = groups[key] ?? []
            if group.count == 1 {
                children.append((key, .number(group[0].key)))
            } else if group.allSatisfy({ $0.data == group[0].data }) || offset > 200 {
                let rows = group.map(\.key).sorted()
                children.append((key, .ref(try LeafEncoder(writer: writer).integerTree(rows))))
            } else {
                children.append((key, .ref(try level(group, offset: offset + 4))))
            }
        }
        return try node(children)
    }

    /// One index node (or an inner node over several) for the sorted `children`.
    private func node(_ children: [(key: Int32, slot: NodeWriter.Slot)]) throws(RealmFormatError) -> Int64 {
        if children.count <= SearchIndexWriter.maximumEntries {
            let keys = try writer.integers(children.map { Int64($0.key) }, minimumWidth: 32)
            return try writer.refs([.ref(keys)] + children.map(\.slot), context: true)
        }
        var parts: [(key: Int32, ref: Int64)] = []
        var start = 0
        while start < children.count {
            let chunk = Array(children[start..<min(start + SearchIndexWriter.maximumEntries, children.count)])
            parts.append((chunk[chunk.count - 1].key, try node(chunk)))
            start += SearchIndexWriter.maximumEntries
        }
        let keys = try writer.integers(parts.map { Int64($0.key) }, minimumWidth: 32)
        return try writer.refs([.ref(keys)] + parts.map { .ref($0.ref) }, isInner: true, context: true)
    }
}
