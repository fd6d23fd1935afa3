/// The elements of one object's list or set (or backlink list), leaf by leaf, for scans that
/// test them in place: no `RealmValue` and no array of elements per object.
public struct CollectionElements: Sendable {
    let file: FileBytes
    let encoding: LeafEncoding
    let kind: CollectionKind

    /// For a list or set column; nil for dictionaries and element types scans do not read.
    public init?(column: Column, file: RealmFile) {
        guard let kind = column.collection, kind != .dictionary,
              let encoding = LeafEncoding.collectionElement(column.type, nullable: column.isNullable,
                                                            linkTarget: column.targetTableKey ?? 0) else { return nil }
        self.file = file.mapped.bytes
        self.encoding = encoding
        self.kind = kind
    }

    /// For a list or set column of the table `leaf` belongs to; nil as `init(column:file:)`.
    public init?(column: Column, in leaf: ClusterLeaf) {
        guard let kind = column.collection, kind != .dictionary,
              let encoding = LeafEncoding.collectionElement(column.type, nullable: column.isNullable,
                                                            linkTarget: column.targetTableKey ?? 0) else { return nil }
        file = leaf.node.file
        self.encoding = encoding
        self.kind = kind
    }

    /// For a backlink column: the keys of the linking objects.
    public init(backlinksIn file: RealmFile) {
        self.file = file.mapped.bytes
        encoding = .int(nullable: false)
        kind = .list
    }

    /// Calls `body` with each leaf of the collection rooted at `root`, in element order, until
    /// it returns false.
    public func forEachLeaf(root: Int64, _ body: (ColumnScan) throws(RealmFormatError) -> Bool) throws(RealmFormatError) {
        try forEachLeafNode(root: root) { leaf, context throws(RealmFormatError) in try body(try scan(leaf, context: context)) }
    }

    /// `forEachLeaf` for a collection of links, or of integers without null (backlinks): each
    /// leaf's elements as `PackedIntegers`, checked as `forEachLeaf` checks them but without
    /// the `ColumnScan` enum, whose copies per object were a third of a link scan (memmove,
    /// perf on `ANY arrayReference.integerValue > N`). Throws for other element types.
    public func forEachKeyLeaf(root: Int64, _ body: (PackedIntegers) throws(RealmFormatError) -> Bool) throws(RealmFormatError) {
        try forEachLeafNode(root: root) { leaf, context throws(RealmFormatError) in try body(try keys(leaf, context: context)) }
    }

    /// The leaf nodes of the collection rooted at `root`, in element order, until `body`
    /// returns false.
    private func forEachLeafNode(root: Int64, _ body: (Node, String) throws(RealmFormatError) -> Bool) throws(RealmFormatError) {
        // Fixed context texts: building one per object would allocate per object.
        let context = "collection element leaf"
        let node = try file.node(at: root, context: "collection of a scanned object")
        guard node.isInner else {
            _ = try body(node, context)
            return
        }
        // Only collections of more than a leaf's worth (1000 elements) get here.
        var stopped = false
        try BPlusTree(root: node, context: context).forEachLeaf { leaf throws(RealmFormatError) in
            guard !stopped else { return }
            stopped = !(try body(leaf, context))
        }
    }

    private func keys(_ node: Node, context: String) throws(RealmFormatError) -> PackedIntegers {
        switch encoding {
        case .int(nullable: false), .link(_, storesKeyPlusOne: false):
            try node.require(!node.hasRefs && node.widthType == .bits, context, "expected a plain integer node")
            return try PackedIntegers(node, context: context)
        default:
            throw .unexpectedNode(ref: node.ref, context: context, detail: "keys expected, the collection holds \(encoding)")
        }
    }

    /// The slots of a collection of strings stored as one leaf of short strings (the usual
    /// layout of a short list of tags or names), read from its root alone; nil for any other
    /// layout, which `forEachLeaf` reads.
    public func shortStringSlots(root: Int64) throws(RealmFormatError) -> (base: UnsafeRawPointer, width: Int, count: Int)? {
        guard case .string = encoding else { return nil }
        let node = try file.node(at: root, context: "collection of a scanned object")
        guard !node.isInner, !node.hasRefs, node.widthType == .multiply, node.width > 0 else { return nil }
        return (node.payload, node.width, node.size)
    }

    /// The number of elements of the collection rooted at `root`, read from the root alone:
    /// a leaf's element count or an inner node's total.
    public func count(root: Int64) throws(RealmFormatError) -> Int {
        let context = "collection of a scanned object"
        let node = try file.node(at: root, context: context)
        if node.isInner { return try BPlusTree.innerCount(node, context: context) }
        switch encoding {
        case let .int(nullable):
            // `scan`'s checks, and its count, without building the layout (a copy of the
            // `ColumnScan` enum and a memmove per object: 40% of a chart of list lengths).
            try node.require(!node.hasRefs && node.widthType == .bits, context, "expected a plain integer node")
            return nullable && node.size > 0 ? node.size - 1 : node.size
        case .link(_, storesKeyPlusOne: false):
            try node.require(!node.hasRefs && node.widthType == .bits, context, "expected a plain integer node")
            return node.size
        case .string where !node.hasRefs:
            // Short strings: one slot per element.
            try node.require(node.widthType == .multiply, context, "a short-string leaf must use byte widths")
            return node.size
        case .string where !node.context:
            // Small blobs: one end offset per element.
            try node.require(node.size == 3 || node.size == 2, context, "a small-blob leaf has 2 or 3 slots, not \(node.size)")
            return try node.requiredChild(0, context).size
        default:
            break
        }
        // The layout scans read holds the count without decoding the elements.
        if let count = try scan(node, context: context).elementCount { return count }
        return try ValueLeaf(node: node, encoding: encoding, context: context).count
    }

    /// One leaf's elements, decoded straight from its node for the common element types
    /// (with `ValueLeaf`'s checks), through `ValueLeaf` for the rest.
    private func scan(_ node: Node, context: String) throws(RealmFormatError) -> ColumnScan {
        switch encoding {
        case let .int(nullable):
            try node.require(!node.hasRefs && node.widthType == .bits, context, "expected a plain integer node")
            guard nullable, node.size > 0 else { return .integers(try PackedIntegers(node, context: context), nullValue: nullable ? 0 : nil) }
            return .integers(try PackedIntegers(node, skipping: 1, context: context), nullValue: node.uncheckedInt(0))
        case .link(_, storesKeyPlusOne: false):
            try node.require(!node.hasRefs && node.widthType == .bits, context, "expected a plain integer node")
            return .linkKeys(try PackedIntegers(node, context: context))
        case .string:
            return .blobs(try BlobScan(node: node, isString: true))
        default:
            return try ValueLeaf(node: node, encoding: encoding, context: context).scan(context: context)
        }
    }
}

extension ColumnScan {
    /// The root of row `row`'s collection in a `.collections` layout, nil when it has none
    /// (as `ColumnLeafReader.value(at:)` reads the slot: only a ref is a collection).
    @inlinable @inline(__always)
    public static func collectionRoot(_ refs: PackedIntegers, _ row: Int) -> Int64? {
        let slot = refs[row]
        return slot != 0 && slot & 1 == 0 ? slot : nil
    }
}
