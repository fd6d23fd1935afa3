
/// Reads one column's values within one cluster leaf.
///
/// Built once per (leaf, column) so that a scan decodes the leaf layout once and then reads each
/// row in place; no per-object allocation except for the strings and blobs it returns.
public struct ColumnLeafReader: Sendable {
    enum Layout: @unchecked Sendable {
        case absent
        case values(ValueLeaf)
        case collections(Node, CollectionKind)
        case backlinks(Node)
    }

    let layout: Layout
    let rows: Int
    let usesLegacyDictionaries: Bool
    public let column: Column

    public init(leaf: ClusterLeaf, column: Column) throws(RealmFormatError) {
        self.column = column
        rows = leaf.count
        usesLegacyDictionaries = leaf.usesLegacyDictionaries
        guard let node = try leaf.columnNode(leafIndex: column.leafIndex) else {
            layout = .absent
            return
        }
        // Built only for an error: readers are made for every leaf a scan visits.
        func context() -> String { "column \"\(column.name)\"" }
        if let kind = column.collection {
            try node.require(node.hasRefs, context(), "a collection column must hold refs")
            layout = .collections(node, kind)
            try check(elements: node.size, node: node)
            return
        }
        if column.type == .backlink {
            try node.require(node.hasRefs, context(), "a backlink column must hold refs")
            layout = .backlinks(node)
            try check(elements: node.size, node: node)
            return
        }
        let values = try ColumnLeafReader.values(node, of: column)
        layout = .values(values)
        try check(elements: values.count, node: node)
    }

    /// The leaf of a single-valued (not backlink) column's node.
    static func values(_ node: Node, of column: Column) throws(RealmFormatError) -> ValueLeaf {
        func context() -> String { "column \"\(column.name)\"" }
        let encoding: LeafEncoding
        switch column.type {
        case .link, .legacyLinkList:
            guard let target = column.targetTableKey else {
                throw .unexpectedNode(ref: node.ref, context: context(), detail: "link column without a target table")
            }
            encoding = .link(target: target, storesKeyPlusOne: true)
        case .mixed:
            encoding = .mixed(linkTarget: nil)
        default:
            guard let elementEncoding = LeafEncoding.collectionElement(column.type, nullable: column.isNullable, linkTarget: nil) else {
                throw .unexpectedNode(ref: node.ref, context: context(), detail: "no leaf layout for \(column.type)")
            }
            encoding = elementEncoding
        }
        var enumValues: BlobLeaf?
        if column.type == .string, let valuesRef = column.enumValuesRef, !node.hasRefs, node.widthType == .bits {
            enumValues = try BlobLeaf(node: try node.file.node(at: valuesRef, context: "\(context()) enumerated values"), isString: true)
        }
        return try ValueLeaf(node: node, encoding: encoding, enumValues: enumValues, context: context())
    }

    private func check(elements: Int, node: Node) throws(RealmFormatError) {
        try node.require(elements == rows, "column \"\(column.name)\"", "holds \(elements) values for \(rows) objects")
    }

    /// The value of the object in `row` of the leaf. Collections come back as `.collection`,
    /// to be read with `CollectionReader`; backlink columns have no value (see `backlinks`).
    public func value(at row: Int) throws(RealmFormatError) -> RealmValue {
        switch layout {
        case .absent:
            return .null
        case let .values(leaf):
            return try leaf.value(at: row)
        case let .collections(node, kind):
            let empty = CollectionSummary(kind: kind, elementType: column.type, isNullable: column.isNullable,
                                          linkTarget: column.targetTableKey, rootRef: nil, elementCount: 0)
            guard case let .ref(root) = try node.slot(row) else { return .collection(empty) }
            let count = try CollectionCounter.count(rootRef: root, kind: kind, elementType: column.type, nullable: column.isNullable,
                                                    legacyDictionary: usesLegacyDictionaries, file: node.file)
            return .collection(CollectionSummary(kind: kind, elementType: column.type, isNullable: column.isNullable,
                                                 linkTarget: column.targetTableKey, rootRef: root, elementCount: count))
        case .backlinks:
            return .null
        }
    }

    /// The element count of row `row`'s collection, as `value(at:)` reports it (0 when it has
    /// none), without building the value.
    public func collectionSize(at row: Int) throws(RealmFormatError) -> Int {
        guard case let .collections(node, kind) = layout else { return 0 }
        guard case let .ref(root) = try node.slot(row) else { return 0 }
        return try CollectionCounter.count(rootRef: root, kind: kind, elementType: column.type, nullable: column.isNullable,
                                           legacyDictionary: usesLegacyDictionaries, file: node.file)
    }

    /// For backlink columns: the keys of the objects (in the origin table) linking to `row`,
    /// one entry per link.
    public func backlinks(at row: Int) throws(RealmFormatError) -> [Int64] {
        guard case let .backlinks(node) = layout else { return [] }
        switch try node.slot(row) {
        case .null:
            return []
        case let .tagged(key):
            return [key]
        case let .ref(raw):
            let context = "backlinks of row \(row) in column at leaf \(column.leafIndex)"
            var keys: [Int64] = []
            try BPlusTree(root: try node.file.node(at: raw, context: context), context: context).forEachLeaf { leaf throws(RealmFormatError) in
                let values = try ValueLeaf(node: leaf, encoding: .int(nullable: false), context: context)
                for index in 0..<values.count {
                    if case let .int(key) = try values.value(at: index) { keys.append(key) }
                }
            }
            return keys
        }
    }
}
