/// Whether objects of a table stand alone or live inside a parent object.
public enum TableKind: String, Sendable, CustomStringConvertible {
    case topLevel = "top-level"
    case embedded
    case asymmetric
    public var description: String { rawValue }
}

/// One table of the group: its schema and the cluster tree holding its objects.
public struct Table: Sendable {
    /// The raw name in the file (`class_Dog`, `metadata`, ...).
    public let name: String
    /// Position in the group's table list.
    public let slot: Int
    public let key: UInt32
    public let kind: TableKind
    /// Every column in spec order, backlink columns last.
    public let allColumns: [Column]
    public let objects: ClusterTree

    /// The object store stores class `Dog` as table `class_Dog`; other tables are internal.
    public static let classPrefix = "class_"

    /// The class name for object-store tables, nil for internal ones.
    public var className: String? {
        name.hasPrefix(Table.classPrefix) ? String(name.dropFirst(Table.classPrefix.count)) : nil
    }

    /// The name people use: the class name where there is one, else the raw table name.
    public var displayName: String { className ?? name }

    /// Public properties, in declaration order.
    public var columns: [Column] { allColumns.filter { !$0.isBacklink } }
    public var backlinkColumns: [Column] { allColumns.filter(\.isBacklink) }
    public var primaryKey: Column? { allColumns.first(where: \.isPrimaryKey) }

    public func column(named name: String) -> Column? {
        allColumns.first { !$0.isBacklink && $0.name == name }
    }

    /// With `toleratesDamagedObjects` (recovery), a cluster tree that cannot even be counted
    /// leaves the table empty instead of failing it: the recovery walks the tree itself.
    init(name: String, slot: Int, top: Node, file: FileBytes, format: Int, toleratesDamagedObjects: Bool = false) throws(RealmFormatError) {
        let context = "table \"\(name)\""
        try top.require(top.hasRefs && top.size >= 4, context, "a table top array needs at least 4 slots, found \(top.size)")
        self.name = name
        self.slot = slot
        let rawKey = try top.tagged(3, "\(context) key")
        key = UInt32(truncatingIfNeeded: rawKey)
        // Older files (realm-core's format 20 and 22 test files) leave the flags slot null, meaning 0.
        var flags: Int64 = 0
        if top.size > 12, try top.slot(12) != .null { flags = try top.tagged(12, "\(context) flags") }
        switch flags & 3 {
        case 1: kind = .embedded
        case 2: kind = .asymmetric
        default: kind = .topLevel
        }
        var primaryKeyRaw: Int64?
        if top.size > 11, case let .tagged(raw) = try top.slot(11) { primaryKeyRaw = raw }
        // Recovery rebuilds every index from the values, so a damaged list of them costs nothing.
        let searchIndexes = top.size > 4 ? (toleratesDamagedObjects ? (try? top.child(4, "\(context) search indexes")) ?? nil
                                                                 : try top.child(4, "\(context) search indexes")) : nil
        let oppositeTables = top.size > 7 ? try top.child(7, "\(context) opposite tables") : nil
        let oppositeColumns = top.size > 8 ? try top.child(8, "\(context) opposite columns") : nil
        let spec = try top.requiredChild(0, "\(context) spec")
        allColumns = try Table.readColumns(
            spec: spec, context: context, primaryKeyRaw: primaryKeyRaw, searchIndexes: searchIndexes,
            oppositeTables: oppositeTables, oppositeColumns: oppositeColumns)
        do throws(RealmFormatError) {
            let root = try top.child(2, "\(context) objects")
            objects = try ClusterTree(root: root, file: file, tableName: name, fileFormat: format)
        } catch {
            guard toleratesDamagedObjects else { throw error }
            objects = try ClusterTree(root: nil, file: file, tableName: name, fileFormat: format)
        }
    }

    private static func readColumns(spec: Node, context: String, primaryKeyRaw: Int64?, searchIndexes: Node?,
                                    oppositeTables: Node?, oppositeColumns: Node?) throws(RealmFormatError) -> [Column] {
        try spec.require(spec.hasRefs && spec.size >= 3, "\(context) spec", "a spec needs at least 3 slots, found \(spec.size)")
        let types = try spec.requiredChild(0, "\(context) column types")
        let names = try BlobLeaf(node: try spec.requiredChild(1, "\(context) column names"), isString: true)
        let attributes = try spec.requiredChild(2, "\(context) column attributes")
        let enumKeys = spec.size > 4 ? try spec.child(4, "\(context) enumerated strings") : nil
        guard spec.size > 5, let keys = try spec.child(5, "\(context) column keys") else {
            throw .unexpectedNode(ref: spec.ref, context: "\(context) spec", detail: "no column keys (slot 5); files before format 20 are not supported")
        }
        try spec.require(attributes.size >= types.size && keys.size >= types.size && names.count <= types.size,
                         "\(context) spec", "its arrays disagree on the number of columns")
        var columns: [Column] = []
        columns.reserveCapacity(types.size)
        for index in 0..<types.size {
            let key = ColumnKey(rawValue: try keys.int(index))
            guard let type = ColumnType(rawValue: key.typeCode) else {
                throw .unexpectedNode(ref: keys.ref, context: "\(context) column \(index)", detail: "unknown column type \(key.typeCode)")
            }
            let attribute = Int(try attributes.int(index))
            let leaf = key.leafIndex
            var indexRef: Int64?
            if let searchIndexes, leaf < searchIndexes.size, case let .ref(raw) = try searchIndexes.slot(leaf) {
                indexRef = raw
            }
            let hasIndex = indexRef != nil
            let isFullText = attribute & ColumnAttribute.fullText != 0
            var target: UInt32?
            let pointsToTable = type == .link || type == .legacyLinkList || type == .backlink
            if pointsToTable, let oppositeTables, leaf < oppositeTables.size {
                let raw = try oppositeTables.int(leaf)
                if raw != 0x7FFF_FFFF && raw >= 0 { target = UInt32(truncatingIfNeeded: raw) }
            }
            var opposite: ColumnKey?
            if pointsToTable, let oppositeColumns, leaf < oppositeColumns.size {
                let raw = try oppositeColumns.int(leaf)
                if raw != 0x7FFF_FFFF_FFFF_FFFF { opposite = ColumnKey(rawValue: raw) }
            }
            var enumValuesRef: Int64?
            if let enumKeys, index < enumKeys.size, case let .ref(raw) = try enumKeys.slot(index) {
                enumValuesRef = raw
            }
            let name = index < names.count ? (try names.element(index).string ?? "") : ""
            var column = Column(
                name: name, key: key, type: type, isNullable: key.isNullable, collection: key.collection,
                isIndexed: hasIndex && !isFullText, isFullTextIndexed: isFullText,
                isPrimaryKey: primaryKeyRaw == key.rawValue, targetTableKey: target,
                oppositeColumnKey: opposite, specIndex: index, enumValuesRef: enumValuesRef)
            column.searchIndexRef = isFullText ? nil : indexRef
            columns.append(column)
        }
        return columns
    }
}
