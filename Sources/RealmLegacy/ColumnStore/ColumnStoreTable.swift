import RealmFormat

/// A table of formats 5-9 (L§3): a spec and one B+tree per column, rows identified by index.
struct ColumnStoreTable: Sendable {
    /// The table's index in the file: what links and the `pk` table call it (L§2.3).
    let index: Int
    let name: String
    let spec: LegacySpec
    /// The columns array (L§3.4): each column's root, and after an indexed one its index's root.
    let columnsNode: Node
    /// As many rows as the first column has elements (L§3.5).
    let rowCount: Int

    var context: String { "table \"\(name)\"" }

    /// L§3.1: the table top is `[spec, columns]`.
    init(index: Int, name: String, top: Node, tableCount: Int) throws(RealmFormatError) {
        let context = "table \"\(name)\""
        try top.require(top.hasRefs && top.size == 2, context, "a table top array of formats 5-9 has 2 slots, found \(top.size)")
        self.index = index
        self.name = name
        spec = try LegacySpec(node: try top.requiredChild(0, "\(context) spec"), tableCount: tableCount, context: "\(context) spec")
        columnsNode = try top.requiredChild(1, "\(context) columns")
        try columnsNode.require(columnsNode.hasRefs && columnsNode.size == spec.columnsArraySize, "\(context) columns",
                                "\(columnsNode.size) roots for \(spec.columns.count) columns, \(spec.columnsArraySize - spec.columns.count) of them indexed")
        if let first = spec.columns.first {
            rowCount = try ColumnStoreTable.elementCount(of: first, in: columnsNode, context: context, counted: true)
        } else {
            rowCount = 0
        }
    }

    /// The root of `column`'s data in a columns array (the table's, or a subtable's).
    static func root(of column: LegacyColumn, in columns: Node, context: String) throws(RealmFormatError) -> Node {
        try columns.requiredChild(column.rootPosition, "\(context) column \(column.index) (\"\(column.name)\")")
    }

    func root(of column: LegacyColumn) throws(RealmFormatError) -> Node {
        try ColumnStoreTable.root(of: column, in: columnsNode, context: context)
    }

    /// The number of elements `column` holds (L§3.5): its B+tree's, read with the column's leaf
    /// kind; a Timestamp column's seconds tree's; an old Mixed column's types tree's.
    /// `counted`: the leaves are counted and must agree with the root (the table's row count).
    static func elementCount(of column: LegacyColumn, in columns: Node, context: String, counted: Bool = false) throws(RealmFormatError) -> Int {
        let where_ = "\(context) column \"\(column.name)\""
        let root = try root(of: column, in: columns, context: context)
        let tree: Node
        let kind: ElementKind
        switch column.type {
        case .timestamp:
            tree = try TimestampColumn.seconds(of: root, context: where_)
            kind = .int(nullable: true)
        case .mixed:
            try root.require(root.hasRefs && root.size >= 2, where_, "an old Mixed column's root has 2 to 4 slots")
            tree = try root.requiredChild(0, "\(where_) types")
            kind = .integers
        default:
            tree = root
            kind = try elementKind(of: column, context: where_)
        }
        return counted ? try ElementCursor.countedElements(root: tree, kind: kind, context: where_)
            : try ElementCursor.count(root: tree, kind: kind, context: where_)
    }

    /// How the leaves of `column`'s own B+tree are read (L§5): values, integers or slots.
    static func elementKind(of column: LegacyColumn, context: @autoclosure () -> String) throws(RealmFormatError) -> ElementKind {
        let nullable = column.isNullable
        switch column.type {
        case .int: return .int(nullable: nullable)
        case .bool: return .bool(nullable: nullable)
        case .float: return .float(nullable: nullable)
        case .double: return .double(nullable: nullable)
        case .string: return .string(nullable: nullable)
        case .binary: return .binary(nullable: nullable)
        case .stringEnum, .link: return .integers
        case .linkList, .table, .backlink: return .slots
        case .timestamp, .mixed, .oldDateTime:
            throw .unexpectedNode(ref: 0, context: context(), detail: "a \(column.type) column is not one B+tree of values")
        }
    }
}
