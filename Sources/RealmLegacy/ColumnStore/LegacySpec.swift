import RealmFormat

/// One column of a format 5-9 table, as its spec describes it (L§3.2-3.4).
struct LegacyColumn: Sendable {
    /// The column index: its position in the spec, which also orders the columns array.
    let index: Int
    /// The name in the file ("" for backlink columns, and possibly for others: L§8.2).
    let name: String
    let type: LegacyColumnType
    let attributes: Int
    /// Where the column's root sits in the table's columns array (L§3.4).
    let rootPosition: Int
    /// Link and LinkList: the target table's index in the file (L§2.3).
    let target: Int?
    /// BackLink: the origin table and the origin link column's index in it.
    let origin: (table: Int, column: Int)?
    /// Table (a subtable column): the subtables' own spec, shared by every row.
    let subspec: LegacySpec?
    /// StringEnum: the root of the key list, the column's distinct values (L§5.5).
    let enumKeys: Node?

    var isNullable: Bool { attributes & LegacyColumnType.Attribute.nullable != 0 }
    var isIndexed: Bool { attributes & LegacyColumnType.Attribute.indexed != 0 }
}

/// A table's spec in formats 5-9 (L§3.2): types, names and attributes per column, the subspec
/// entries of subtable, link and backlink columns, and the key lists of enumerated strings.
/// There are no column keys: a column is its index.
struct LegacySpec: Sendable {
    let columns: [LegacyColumn]
    /// Public columns come first (they have names); backlink columns follow.
    let publicCount: Int

    /// Subtable specs nest (a list of lists never came from an SDK); deeper is damage.
    static let maximumDepth = 4

    var publicColumns: ArraySlice<LegacyColumn> { columns[..<publicCount] }
    /// The size the table's columns array must have: a root per column, plus one per index.
    var columnsArraySize: Int { columns.count + columns.filter(\.isIndexed).count }

    init(node: Node, tableCount: Int, context: String, depth: Int = 0) throws(RealmFormatError) {
        try node.require(node.hasRefs && (3...5).contains(node.size), context, "a spec has 3 to 5 slots, found \(node.size)")
        guard depth <= LegacySpec.maximumDepth else { throw .cycle(ref: node.ref, context: context) }
        let types = try node.requiredChild(0, "\(context) column types")
        let names = try BlobLeaf(node: try node.requiredChild(1, "\(context) column names"), isString: true)
        let attributes = try node.requiredChild(2, "\(context) column attributes")
        try types.require(!types.hasRefs && types.widthType == .bits, "\(context) column types", "not an integer node")
        try attributes.require(attributes.size == types.size, "\(context) column attributes",
                               "\(attributes.size) attributes for \(types.size) columns")
        try node.require(names.count <= types.size, context, "\(names.count) names for \(types.size) columns")
        let subspecs = node.size > 3 ? try node.child(3, "\(context) subspecs") : nil
        let enumKeys = node.size > 4 ? try node.child(4, "\(context) enumerated strings") : nil
        var columns: [LegacyColumn] = []
        var subspecEntry = 0
        var enumEntry = 0
        var indexedBefore = 0
        /// The next subspec entry; a spec whose types need entries must have them (L§3.2).
        func nextEntry() throws(RealmFormatError) -> Node.Slot {
            guard let subspecs, subspecEntry < subspecs.size else {
                throw .unexpectedNode(ref: node.ref, context: "\(context) subspecs", detail: "entry \(subspecEntry) is missing")
            }
            defer { subspecEntry += 1 }
            return try subspecs.slot(subspecEntry)
        }
        func tagged(_ slot: Node.Slot, _ what: String, below limit: Int) throws(RealmFormatError) -> Int {
            guard case let .tagged(value) = slot, value >= 0, value < Int64(limit) else {
                throw .unexpectedNode(ref: subspecs?.ref ?? node.ref, context: "\(context) subspecs",
                                      detail: "entry \(subspecEntry - 1) should be \(what) below \(limit), found \(slot)")
            }
            return Int(value)
        }
        for index in 0..<types.size {
            let code = try types.int(index)
            guard let type = LegacyColumnType(rawValue: Int(truncatingIfNeeded: code)) else {
                throw .unexpectedNode(ref: types.ref, context: "\(context) column \(index)", detail: "unknown column type \(code)")
            }
            let attribute = Int(truncatingIfNeeded: try attributes.int(index))
            let isPublic = index < names.count
            // Backlink columns have no name, so they are exactly the columns after the named ones.
            try types.require(isPublic == (type != .backlink), "\(context) column \(index)",
                              isPublic ? "a backlink column has a name" : "an unnamed column is not a backlink column")
            var target: Int?
            var origin: (table: Int, column: Int)?
            var subspec: LegacySpec?
            var keys: Node?
            switch type {
            case .table:
                guard case let .ref(raw) = try nextEntry() else {
                    throw .unexpectedNode(ref: node.ref, context: "\(context) column \(index)", detail: "no subtable spec")
                }
                subspec = try LegacySpec(node: try node.file.node(at: raw, context: "\(context) subtable spec"),
                                         tableCount: tableCount, context: "\(context) subtable \(index)", depth: depth + 1)
            case .link, .linkList:
                target = try tagged(try nextEntry(), "a target table", below: tableCount)
            case .backlink:
                let table = try tagged(try nextEntry(), "an origin table", below: tableCount)
                origin = (table, try tagged(try nextEntry(), "an origin column", below: Int(Int32.max)))
            case .stringEnum:
                guard let enumKeys, enumEntry < enumKeys.size else {
                    throw .unexpectedNode(ref: node.ref, context: "\(context) column \(index)", detail: "no list of enumerated values")
                }
                keys = try enumKeys.requiredChild(enumEntry, "\(context) enumerated values of column \(index)")
                enumEntry += 1
            default:
                break
            }
            let name = isPublic ? (try names.element(index).string ?? "") : ""
            columns.append(LegacyColumn(index: index, name: name, type: type, attributes: attribute,
                                        rootPosition: index + indexedBefore, target: target, origin: origin,
                                        subspec: subspec, enumKeys: keys))
            if attribute & LegacyColumnType.Attribute.indexed != 0 { indexedBefore += 1 }
        }
        self.columns = columns
        publicCount = names.count
    }
}
