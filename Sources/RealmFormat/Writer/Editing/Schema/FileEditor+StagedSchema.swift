/// The schema as the staged edits leave it, for the schema changes that follow in the same
/// transaction: a class renamed earlier is found by its new name, a property by its new name,
/// a removed one is gone. Computed by replaying the staged edits (`SchemaLayout`), which is
/// what the commit does too, so staging and commit never disagree.
extension FileEditor {
    /// One property of an existing class after the staged edits.
    public struct StagedProperty: Sendable {
        public let name: String
        /// The file's column it is (renamed perhaps); nil for a property this transaction adds.
        public let column: Column?
        /// Whether this transaction converts it (a new type or nullability) or adds it: then it
        /// is not changed again before a commit.
        public let isChanged: Bool
        public let type: ColumnType
        public let isNullable: Bool
        public let collection: CollectionKind?
        public let isIndexed: Bool
        public let isPrimaryKey: Bool
    }

    /// The staged layout of the schema (empty when nothing is staged).
    func stagedLayout() throws(RealmFormatError) -> SchemaLayout.Result {
        schema.isEmpty ? SchemaLayout.Result() : try SchemaLayout.build(file: file, edits: schema)
    }

    /// The existing table that is called `className` once the staged edits are applied
    /// (renamed classes under their new name; removed ones not at all).
    public func stagedTable(named className: String) throws(RealmFormatError) -> Table? {
        let layout = try stagedLayout()
        let tableName = Table.classPrefix + className
        if let slot = layout.renamedSlots.first(where: { $0.value == tableName })?.key {
            return file.tables.first { $0.slot == slot }
        }
        guard let table = file.table(named: tableName), !layout.removedSlots.contains(table.slot),
              layout.renamedSlots[table.slot] == nil else { return nil }
        return table
    }

    /// The class name of an existing table once the staged edits are applied.
    public func stagedClassName(of table: Table) throws(RealmFormatError) -> String {
        let name = try stagedLayout().renamedSlots[table.slot] ?? table.name
        return name.hasPrefix(Table.classPrefix) ? String(name.dropFirst(Table.classPrefix.count)) : name
    }

    /// The public properties of an existing table once the staged edits are applied.
    public func stagedProperties(of table: Table) throws(RealmFormatError) -> [StagedProperty] {
        guard let reshape = try stagedLayout().reshapes[table.slot] else {
            return table.columns.map { column in
                StagedProperty(name: column.name, column: column, isChanged: false, type: column.type, isNullable: column.isNullable,
                               collection: column.collection, isIndexed: column.isIndexed || column.isFullTextIndexed,
                               isPrimaryKey: column.isPrimaryKey)
            }
        }
        let indexes = try fileIndexes(of: table)
        return reshape.columns.filter { !$0.isBacklink }.map { column in
            var fileColumn: Column?
            var isChanged = true
            if case let .kept(kept) = column.source {
                fileColumn = kept
                isChanged = false
            }
            let indexed: Bool
            switch column.index {
            case .built: indexed = true
            case .none: indexed = false
            case .unchanged: indexed = fileColumn.map { indexes.contains($0.leafIndex) } ?? false
            }
            return StagedProperty(name: column.name, column: fileColumn, isChanged: isChanged, type: column.type,
                                  isNullable: column.isNullable, collection: column.collection, isIndexed: indexed,
                                  isPrimaryKey: reshape.primaryKey == column.key)
        }
    }

    /// The property `name` of an existing table once the staged edits are applied.
    public func stagedProperty(_ name: String, of table: Table) throws(RealmFormatError) -> StagedProperty? {
        try stagedProperties(of: table).first { $0.name == name }
    }

    /// Leaf indexes of the table whose search index (general or full-text) the file has.
    func fileIndexes(of table: Table) throws(RealmFormatError) -> Set<Int> {
        guard let top = file.top else { return [] }
        let tableTop = try file.mapped.bytes.node(at: try top.tablesNode.int(table.slot), context: "table \(table.name)")
        guard tableTop.size > 4, let indexes = try tableTop.child(4, "search indexes") else { return [] }
        var result: Set<Int> = []
        for leaf in 0..<indexes.size where try indexes.int(leaf) != 0 { result.insert(leaf) }
        return result
    }

    /// The file's column behind a staged property that a schema change may change now: one the
    /// file has, not added or converted in this transaction.
    func changeableColumn(_ name: String, of table: Table) throws(RealmFormatError) -> Column {
        let className = try stagedClassName(of: table)
        guard let property = try stagedProperty(name, of: table) else {
            throw .refusedEdit("\(className) has no property \(name)")
        }
        guard !property.isChanged, let column = property.column else {
            throw .refusedEdit("\(className).\(name) is added or changed in this transaction; commit it before changing it again")
        }
        return column
    }

    /// The checks every change of an existing class's schema makes first: the class is one of
    /// the file's (a class added in this transaction is committed first), and no Mixed value
    /// staged in this transaction is about to give a class its first backlink column.
    func requireChangeableSchema(of table: Table) throws(RealmFormatError) {
        guard table.className != nil else { throw .refusedEdit("\(table.name) is not a class; only classes are changed") }
        guard addedBacklinkColumns.values.allSatisfy(\.isEmpty) else {
            throw .refusedEdit("a Mixed value staged in this transaction links to a class for the first time; commit it before changing the schema")
        }
        guard try !stagedLayout().removedSlots.contains(table.slot) else {
            throw .refusedEdit("\(table.displayName) is removed in this transaction")
        }
    }
}
