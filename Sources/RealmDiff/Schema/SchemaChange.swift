import RealmFormat

/// One difference between the schemas of two files. Tables and columns are kept (not just their
/// names) so that renderers can describe them with each file's own catalog, the way `schema` does.
public enum SchemaChange {
    /// The object store's schema version (the `metadata` table), which a migration raises.
    case schemaVersion(a: Int64?, b: Int64?)
    /// A class only in B (the table is B's).
    case classAdded(Table)
    /// A class only in A (the table is A's).
    case classRemoved(Table)
    /// Embedded-ness (or asymmetric) changed.
    case kindChanged(className: String, a: TableKind, b: TableKind)
    case primaryKeyChanged(className: String, a: String?, b: String?)
    case propertyAdded(className: String, Column)
    case propertyRemoved(className: String, Column)
    /// Same name, different type, optionality, collection kind, link target or index.
    case propertyChanged(className: String, a: Column, b: Column)
}

/// A property as the schema comparison sees it: what `schema` shows, with link targets by class
/// name (table keys are private to each file) and without the primary-key flag, which is
/// reported once for the class rather than again on its property.
public struct PropertyShape: Equatable {
    public let type: ColumnType
    public let isNullable: Bool
    public let collection: CollectionKind?
    public let target: String?
    public let isIndexed: Bool
    public let isFullTextIndexed: Bool

    public init(_ column: Column, in file: RealmFile) {
        // Formats up to 23 spell a list of links as its own type; it holds the same values.
        type = column.isLink ? .link : column.type
        isNullable = column.isNullable
        collection = column.collection
        target = column.isLink ? column.targetTableKey.flatMap { file.table(withKey: $0)?.displayName } : nil
        isIndexed = column.isIndexed
        isFullTextIndexed = column.isFullTextIndexed
    }

    /// Whether values of the two properties can be compared one with the other: only the
    /// optionality and indexes may differ (a value is a value whether or not it is indexed).
    public func holdsComparableValues(to other: PropertyShape) -> Bool {
        type == other.type && collection == other.collection && target == other.target
    }
}

/// A class present in both files whose objects are compared.
public struct ClassPair {
    public let name: String
    public let a: Table
    public let b: Table
    /// Properties in both files with comparable values, in A's declaration order.
    public let columns: [(a: Column, b: Column)]
    /// The primary key, when both files have the same one: objects are then matched by its value
    /// (an object deleted and created again keeps it); otherwise by object key.
    public let primaryKey: (a: Column, b: Column)?
}
