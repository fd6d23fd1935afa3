/// One column of a table: a public property, or one of realm-core's hidden backlink columns.
public struct Column: Sendable {
    /// Empty for backlink columns, which have no name.
    public let name: String
    public let key: ColumnKey
    public let type: ColumnType
    /// For collections: whether the elements may be null.
    public let isNullable: Bool
    public let collection: CollectionKind?
    /// A general search index exists (primary keys always have one).
    public let isIndexed: Bool
    public let isFullTextIndexed: Bool
    public let isPrimaryKey: Bool
    /// The table a link or backlink column points to, by TableKey.
    public let targetTableKey: UInt32?
    /// For backlink columns: the origin column (in the target table) of the forward links.
    public let oppositeColumnKey: ColumnKey?
    /// Position in the spec; public columns come first, in declaration order.
    public let specIndex: Int
    /// For enumerated string columns: the node holding the distinct values.
    public let enumValuesRef: Int64?
    /// The root of the column's search index, when the file has one.
    public internal(set) var searchIndexRef: Int64?

    public var leafIndex: Int { key.leafIndex }
    public var isBacklink: Bool { type == .backlink }
    public var isLink: Bool { type == .link || type == .legacyLinkList }

    public init(name: String, key: ColumnKey, type: ColumnType, isNullable: Bool, collection: CollectionKind?,
                isIndexed: Bool, isFullTextIndexed: Bool, isPrimaryKey: Bool, targetTableKey: UInt32?,
                oppositeColumnKey: ColumnKey?, specIndex: Int, enumValuesRef: Int64?) {
        self.name = name
        self.key = key
        self.type = type
        self.isNullable = isNullable
        self.collection = collection
        self.isIndexed = isIndexed
        self.isFullTextIndexed = isFullTextIndexed
        self.isPrimaryKey = isPrimaryKey
        self.targetTableKey = targetTableKey
        self.oppositeColumnKey = oppositeColumnKey
        self.specIndex = specIndex
        self.enumValuesRef = enumValuesRef
    }
}
