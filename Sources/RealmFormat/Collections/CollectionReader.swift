/// Reads the elements of lists, sets and dictionaries, including collections nested in Mixed.
public struct CollectionReader: Sendable {
    let file: FileBytes
    /// Formats 21 and 22 store dictionaries as cluster trees keyed by a hash of the key.
    let usesLegacyDictionaries: Bool

    /// Elements reserved up front at most (a full 1000-element leaf needs no regrowth).
    static let maximumReservation = 1024

    /// Collections nested in Mixed values deeper than this are refused, and so is a nested
    /// collection whose root is one of its enclosing collections' roots. No real file comes
    /// close to either, but a corrupt nested ref pointing back at an enclosing collection makes
    /// a collection that contains itself, and every reader that descends into elements (`dump`)
    /// would recurse until the stack overflows.
    public static let maximumNestingDepth = 100

    public init(file: RealmFile) {
        self.file = file.mapped.bytes
        usesLegacyDictionaries = file.fileFormat < 23
    }

    /// Elements of a list or set, in stored order. Unresolved links (to tombstones) are skipped,
    /// as Realm hides them.
    public func elements(of collection: CollectionSummary) throws(RealmFormatError) -> [RealmValue] {
        guard let rootRef = collection.rootRef else { return [] }
        let context = "\(collection.kind) at offset \(rootRef)"
        guard let encoding = LeafEncoding.collectionElement(collection.elementType, nullable: collection.isNullable,
                                                            linkTarget: collection.linkTarget) else {
            throw .unexpectedNode(ref: Int(rootRef), context: context, detail: "a collection of links without a target table")
        }
        let skipsNulls: Bool
        if case .link = encoding { skipsNulls = true } else { skipsNulls = false }
        var values: [RealmValue] = []
        // The count comes from the root's claim, which a corrupt file can inflate to 2^31: the
        // leaves decide how many elements there are, so reserve no more than a leaf can hold.
        values.reserveCapacity(min(collection.elementCount, CollectionReader.maximumReservation))
        let tree = BPlusTree(root: try file.node(at: rootRef, context: context), context: context)
        try tree.forEachLeaf { leafNode throws(RealmFormatError) in
            let leaf = try ValueLeaf(node: leafNode, encoding: encoding, context: context)
            for index in 0..<leaf.count {
                let value = try leaf.value(at: index)
                if skipsNulls && value == .null { continue }
                values.append(try nested(value, in: collection))
            }
        }
        return values
    }

    /// Entries of a dictionary, in stored order (sorted by key since format 23).
    public func entries(of collection: CollectionSummary) throws(RealmFormatError) -> [(key: RealmValue, value: RealmValue)] {
        guard let rootRef = collection.rootRef else { return [] }
        let context = "dictionary at offset \(rootRef)"
        let root = try file.node(at: rootRef, context: context)
        let valueEncoding = LeafEncoding.mixed(linkTarget: collection.linkTarget)
        if usesLegacyDictionaries {
            return try legacyEntries(root: root, valueEncoding: valueEncoding, context: context)
        }
        try root.require(root.hasRefs && root.size >= 2, context, "a dictionary holds refs to its keys and values")
        let keys = try values(ofTree: try root.requiredChild(0, "\(context) keys"), encoding: .string, context: context)
        let values = try values(ofTree: try root.requiredChild(1, "\(context) values"), encoding: valueEncoding, context: context)
        try root.require(keys.count == values.count, context, "\(keys.count) keys for \(values.count) values")
        var entries: [(key: RealmValue, value: RealmValue)] = []
        entries.reserveCapacity(keys.count)
        for (key, value) in zip(keys, values) {
            entries.append((key: key, value: try nested(value, in: collection)))
        }
        return entries
    }

    /// A collection found in an element of `parent` records where it is nested, so that a loop
    /// of nested refs ends in an error instead of endless recursion.
    func nested(_ value: RealmValue, in parent: CollectionSummary) throws(RealmFormatError) -> RealmValue {
        guard case let .collection(child) = value else { return value }
        let inner = child.nested(in: parent)
        if let root = child.rootRef, inner.enclosingRoots.contains(root) {
            throw .cycle(ref: Int(root), context: "a collection nested in its own elements")
        }
        guard inner.nestingDepth <= CollectionReader.maximumNestingDepth else {
            throw .cycle(ref: Int(child.rootRef ?? parent.rootRef ?? 0),
                         context: "collections nested more than \(CollectionReader.maximumNestingDepth) levels deep")
        }
        return .collection(inner)
    }

    private func values(ofTree root: Node, encoding: LeafEncoding, context: String) throws(RealmFormatError) -> [RealmValue] {
        var values: [RealmValue] = []
        try BPlusTree(root: root, context: context).forEachLeaf { leafNode throws(RealmFormatError) in
            let leaf = try ValueLeaf(node: leafNode, encoding: encoding, context: context)
            for index in 0..<leaf.count { values.append(try leaf.value(at: index)) }
        }
        return values
    }

    /// Format 21-22 dictionaries: a cluster tree whose leaves hold keys in slot 1, values in slot 2.
    private func legacyEntries(root: Node, valueEncoding: LeafEncoding, context: String) throws(RealmFormatError) -> [(key: RealmValue, value: RealmValue)] {
        var entries: [(key: RealmValue, value: RealmValue)] = []
        let tree = try ClusterTree(root: root, file: file, tableName: context)
        do {
            try tree.forEachLeaf { leaf in
                guard leaf.count > 0 else { return }
                guard let keyNode = try leaf.columnNode(leafIndex: 0), let valueNode = try leaf.columnNode(leafIndex: 1) else {
                    throw RealmFormatError.unexpectedNode(ref: leaf.node.ref, context: context, detail: "a dictionary leaf without keys or values")
                }
                let keys = try ValueLeaf(node: keyNode, encoding: .string, context: context)
                let values = try ValueLeaf(node: valueNode, encoding: valueEncoding, context: context)
                try leaf.node.require(keys.count == leaf.count && values.count == leaf.count, context, "keys and values disagree with the leaf size")
                for row in 0..<leaf.count {
                    entries.append((key: try keys.value(at: row), value: try values.value(at: row)))
                }
            }
        } catch let error as RealmFormatError {
            throw error
        } catch {
            throw .unexpectedNode(ref: root.ref, context: context, detail: "\(error)")
        }
        return entries
    }
}
