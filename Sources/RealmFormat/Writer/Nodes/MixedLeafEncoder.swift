/// Mixed leaves, lists of Mixed and dictionaries (format document §6.9, §6.18, §6.19): each
/// value is a composite word whose payload lives inline or in the ints, pairs, strings or refs
/// arrays; nested lists and dictionaries get a unique non-zero key.
extension LeafEncoder {
    func mixedTree(_ values: [NewValue]) throws(RealmFormatError) -> Int64 {
        try tree(count: values.count) { range throws(RealmFormatError) in try mixedLeaf(Array(values[range])) }
    }

    /// A dictionary top: a B+tree of keys (strings) and one of values (always Mixed).
    func dictionary(_ entries: [DictionaryEntry]) throws(RealmFormatError) -> Int64 {
        let keys = try tree(count: entries.count) { range throws(RealmFormatError) in
            try strings(entries[range].map(\.key))
        }
        let values = try mixedTree(entries.map(\.value))
        return try writer.refs([.ref(keys), .ref(values)])
    }

    func mixedLeaf(_ values: [NewValue]) throws(RealmFormatError) -> Int64 {
        var composite: [Int64] = []
        var ints: [Int64] = []
        var pairs: [Int64] = []
        var blobs: [[UInt8]?] = []
        var refs: [NodeWriter.Slot] = []
        var keys: [Int64] = []
        func word(_ type: Int64, location: Int64, payload: Int64) -> Int64 {
            (payload << 8) | (location << 5) | (type + 1)
        }
        for value in values {
            var key: Int64 = 0
            switch value {
            case let .scalar(scalar):
                switch scalar {
                case .null, .collection:
                    composite.append(0)
                case let .int(number):
                    if number >= Int64(Int32.min) && number <= Int64(Int32.max) {
                        composite.append(word(0, location: 0, payload: number))
                    } else {
                        composite.append(word(0, location: 1, payload: Int64(ints.count)))
                        ints.append(number)
                    }
                case let .bool(flag):
                    composite.append(word(1, location: 0, payload: flag ? 1 : 0))
                case let .float(number):
                    composite.append(word(9, location: 1, payload: Int64(ints.count)))
                    ints.append(Int64(number.bitPattern))
                case let .double(number):
                    composite.append(word(10, location: 1, payload: Int64(ints.count)))
                    ints.append(Int64(bitPattern: number.bitPattern))
                case let .string(text):
                    composite.append(word(2, location: 3, payload: Int64(blobs.count)))
                    blobs.append(Array(text.utf8))
                case let .binary(bytes):
                    composite.append(word(4, location: 3, payload: Int64(blobs.count)))
                    blobs.append(bytes)
                case let .objectId(id):
                    composite.append(word(15, location: 3, payload: Int64(blobs.count)))
                    blobs.append(id.bytes)
                case let .uuid(uuid):
                    composite.append(word(17, location: 3, payload: Int64(blobs.count)))
                    blobs.append(uuid.bytes)
                case let .timestamp(time):
                    composite.append(word(8, location: 2, payload: Int64(pairs.count / 2)))
                    pairs += [time.seconds, Int64(time.nanoseconds)]
                case let .decimal(decimal):
                    composite.append(word(11, location: 2, payload: Int64(pairs.count / 2)))
                    pairs += [Int64(bitPattern: decimal.low), Int64(bitPattern: decimal.high)]
                case let .link(table, objectKey), let .typedLink(table, objectKey):
                    composite.append(word(16, location: 2, payload: Int64(pairs.count / 2)))
                    pairs += [Int64(table), objectKey]
                }
            case let .list(elements):
                composite.append(word(19, location: 4, payload: Int64(refs.count)))
                refs.append(elements.isEmpty ? .null : .ref(try mixedTree(elements.map(NewValue.scalar))))
                key = Int64(refs.count)
            case let .mixedList(elements):
                composite.append(word(19, location: 4, payload: Int64(refs.count)))
                refs.append(elements.isEmpty ? .null : .ref(try mixedTree(elements)))
                key = Int64(refs.count)
            case let .dictionary(entries):
                composite.append(word(21, location: 4, payload: Int64(refs.count)))
                refs.append(entries.isEmpty ? .null : .ref(try dictionary(entries)))
                key = Int64(refs.count)
            }
            keys.append(key)
        }
        let compositeRef = try writer.integers(composite)
        let intsSlot: NodeWriter.Slot = ints.isEmpty ? .null : .ref(try writer.integers(ints))
        let pairsSlot: NodeWriter.Slot = pairs.isEmpty ? .null : .ref(try writer.integers(pairs))
        let stringsSlot: NodeWriter.Slot = blobs.isEmpty ? .null : .ref(try self.blobs(blobs, isString: true))
        let refsSlot: NodeWriter.Slot = refs.isEmpty ? .null : .ref(try writer.refs(refs))
        let keysSlot: NodeWriter.Slot = refs.isEmpty ? .null : .ref(try writer.integers(keys))
        return try writer.refs([.ref(compositeRef), intsSlot, pairsSlot, stringsSlot, refsSlot, keysSlot])
    }
}
