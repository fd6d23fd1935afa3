/// Part of a collection: what a page of serve's elements (`&elements=P&from=N`) needs, where
/// decoding a whole list of a million elements to send 500 of them cost the whole list's time
/// and memory. Leaves before the range are only counted, leaves after it are counted without
/// decoding; the count is the same as `elements(of:)`'s (`.count`).
extension CollectionReader {
    /// Elements `range` (clamped) of a list or set in stored order, and how many elements the
    /// whole collection has, exactly as `elements(of:)` gives them.
    public func elements(of collection: CollectionSummary, in range: Range<Int>) throws(RealmFormatError) -> (values: [RealmValue], count: Int) {
        guard let rootRef = collection.rootRef else { return ([], 0) }
        let context = "\(collection.kind) at offset \(rootRef)"
        guard let encoding = LeafEncoding.collectionElement(collection.elementType, nullable: collection.isNullable,
                                                            linkTarget: collection.linkTarget) else {
            throw .unexpectedNode(ref: Int(rootRef), context: context, detail: "a collection of links without a target table")
        }
        // Unresolved links are skipped as `elements(of:)` skips them, so a list of links reads
        // each element's ref to count (no value built); other leaves are counted whole.
        let skipsNulls: Bool
        if case .link = encoding { skipsNulls = true } else { skipsNulls = false }
        var values: [RealmValue] = []
        values.reserveCapacity(min(range.count, CollectionReader.maximumReservation))
        var position = 0
        let tree = BPlusTree(root: try file.node(at: rootRef, context: context), context: context)
        try tree.forEachLeaf { leafNode throws(RealmFormatError) in
            let leaf = try ValueLeaf(node: leafNode, encoding: encoding, context: context)
            if !skipsNulls && (position + leaf.count <= range.lowerBound || position >= range.upperBound) {
                position += leaf.count
                return
            }
            for index in 0..<leaf.count {
                let inRange = range.contains(position)
                if skipsNulls || inRange {
                    let value = try leaf.value(at: index)
                    if skipsNulls && value == .null { continue }
                    if inRange { values.append(try nested(value, in: collection)) }
                }
                position += 1
            }
        }
        return (values, position)
    }

    /// Entries `range` (clamped) of a dictionary in stored order, and how many it has, exactly
    /// as `entries(of:)` gives them.
    public func entries(of collection: CollectionSummary, in range: Range<Int>) throws(RealmFormatError)
        -> (entries: [(key: RealmValue, value: RealmValue)], count: Int) {
        guard let rootRef = collection.rootRef else { return ([], 0) }
        if usesLegacyDictionaries {
            let all = try entries(of: collection)
            return (Array(all[min(range.lowerBound, all.count)..<min(range.upperBound, all.count)]), all.count)
        }
        let context = "dictionary at offset \(rootRef)"
        let root = try file.node(at: rootRef, context: context)
        try root.require(root.hasRefs && root.size >= 2, context, "a dictionary holds refs to its keys and values")
        let (keys, keyCount) = try values(ofTree: try root.requiredChild(0, "\(context) keys"), encoding: .string, in: range, context: context)
        let (values, valueCount) = try values(ofTree: try root.requiredChild(1, "\(context) values"),
                                              encoding: LeafEncoding.mixed(linkTarget: collection.linkTarget), in: range, context: context)
        try root.require(keyCount == valueCount, context, "\(keyCount) keys for \(valueCount) values")
        var entries: [(key: RealmValue, value: RealmValue)] = []
        entries.reserveCapacity(keys.count)
        for (key, value) in zip(keys, values) {
            entries.append((key: key, value: try nested(value, in: collection)))
        }
        return (entries, keyCount)
    }

    private func values(ofTree root: Node, encoding: LeafEncoding, in range: Range<Int>,
                        context: String) throws(RealmFormatError) -> (values: [RealmValue], count: Int) {
        var values: [RealmValue] = []
        var position = 0
        try BPlusTree(root: root, context: context).forEachLeaf { leafNode throws(RealmFormatError) in
            let leaf = try ValueLeaf(node: leafNode, encoding: encoding, context: context)
            let start = max(range.lowerBound - position, 0)
            let end = min(range.upperBound - position, leaf.count)
            if start < end {
                for index in start..<end { values.append(try leaf.value(at: index)) }
            }
            position += leaf.count
        }
        return (values, position)
    }
}
