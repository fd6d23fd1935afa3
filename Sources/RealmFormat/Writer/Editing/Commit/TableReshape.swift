/// What a commit makes of one existing table's schema: its columns afterwards, in spec order
/// (public columns, then backlink columns, §4.2), each with where its values come from, and the
/// file's columns that go. Built by `SchemaLayout` from the staged schema edits, written by
/// `TableReshaper` (column by column, leaf by leaf) or, when objects of the table change in the
/// same commit, by `TableRebuilder` (row by row); `TableSchemaWriter` writes the spec and the
/// table top for both.
struct TableReshape {
    /// One column after the commit.
    struct Column {
        var name: String
        /// The ColKey (§4.3); a converted column has a new one.
        var key: Int64
        let type: ColumnType
        let collection: CollectionKind?
        let isNullable: Bool
        /// The spec's attribute bits: the key's bits plus Indexed (1) and FullText (256).
        var attributes: Int
        var oppositeTable: Int64?
        var oppositeColumn: Int64?
        var source: Source
        var index: Indexing
        /// A kept enumerated string column's values node (spec slot 4).
        var enumValuesRef: Int64?

        var leafIndex: Int { Int(key & 0xFFFF) }
        var isBacklink: Bool { type == .backlink }

        /// The column as the readers and leaf writers describe columns.
        var described: RealmFormat.Column {
            RealmFormat.Column(name: name, key: ColumnKey(rawValue: key), type: type, isNullable: isNullable, collection: collection,
                               isIndexed: false, isFullTextIndexed: attributes & ColumnAttribute.fullText != 0, isPrimaryKey: false,
                               targetTableKey: oppositeTable.map { UInt32(truncatingIfNeeded: $0) },
                               oppositeColumnKey: oppositeColumn.map { ColumnKey(rawValue: $0) }, specIndex: 0,
                               enumValuesRef: enumValuesRef)
        }
    }

    /// Where a column's values come from.
    enum Source {
        /// The file's column, unchanged (renamed perhaps): its leaf data stays where it is.
        case kept(RealmFormat.Column)
        /// The file's column's values, converted (a new type or nullability), under a new key.
        case converted(RealmFormat.Column, ValueConversion)
        /// A new column: Realm's default values, null links, empty collections and backlinks.
        case added
    }

    /// What happens to a column's search index (table top slot 4, §7).
    enum Indexing: Equatable {
        /// Whatever the file has at the column's leaf index stays (none, general or full-text).
        case unchanged
        /// No index: the file's (if any) is freed (§7.4).
        case none
        /// Built anew from the values (§7.3); full-text indexes hold each word.
        case built(fullText: Bool)
    }

    let table: Table
    var columns: [Column]
    /// The file's columns whose leaf data, index and opposite entries are freed.
    var removed: [RealmFormat.Column] = []
    /// Table top slot 5: realm-core adds one for every column it erases (do_erase_root_column).
    var columnKeySequence: Int64
    /// Table top slot 11: the primary key column's key, nil for none.
    var primaryKey: Int64?

    init(table: Table, specAttributes: [Int], columnKeySequence: Int64) {
        self.table = table
        self.columnKeySequence = columnKeySequence
        primaryKey = table.primaryKey?.key.rawValue
        columns = table.allColumns.map { column in
            Column(name: column.name, key: column.key.rawValue, type: column.type, collection: column.collection,
                   isNullable: column.isNullable,
                   attributes: column.specIndex < specAttributes.count ? specAttributes[column.specIndex] : column.key.attributes,
                   oppositeTable: column.targetTableKey.map(Int64.init), oppositeColumn: column.oppositeColumnKey?.rawValue,
                   source: .kept(column), index: .unchanged, enumValuesRef: column.enumValuesRef)
        }
    }

    /// Whether any cluster leaf changes: a column goes, comes or is converted.
    var changesLeaves: Bool {
        !removed.isEmpty || columns.contains { if case .kept = $0.source { return false } else { return true } }
    }

    /// Public columns first, backlinks after them, as the spec orders them.
    var specOrdered: [Column] { columns.filter { !$0.isBacklink } + columns.filter(\.isBacklink) }

    func position(ofKey key: Int64) -> Int? { columns.firstIndex { $0.key == key } }

    /// Leaf indexes in use (the file's columns not removed, and the new ones).
    var usedLeaves: Set<Int> { Set(columns.map(\.leafIndex)) }
}
