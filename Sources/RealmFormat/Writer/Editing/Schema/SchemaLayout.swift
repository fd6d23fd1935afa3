/// Replays a transaction's schema edits in staging order and says what the commit writes: the
/// reshaped existing tables, the stored columns of the new classes, renamed and removed tables.
///
/// Keys are assigned the way realm-core assigns them (format document §4.3-§4.5,
/// `Table::generate_col_key`): the lowest leaf index no column of the table uses, the column
/// type, the attribute bits, and a tag of the table's column-key sequence number XOR its table
/// key. Erasing a column (`Table::do_erase_root_column`) frees its leaf index and adds one to
/// the sequence number, so later keys get another tag. A link column gets its backlink column
/// in the target table at the moment it is created, and loses it when it is removed.
struct SchemaLayout {
    /// What a commit writes.
    struct Result {
        /// Existing tables whose schema changes, by slot.
        var reshapes: [Int: TableReshape] = [:]
        /// The stored columns of every new class (public columns first, leaf index = position,
        /// then backlinks).
        var newClassColumns: [[TableSetWriter.StoredColumn]] = []
        /// New table names (with the class_ prefix) by slot.
        var renamedSlots: [Int: String] = [:]
        /// Slots whose tables are removed (`Group::remove_table`).
        var removedSlots: Set<Int> = []
    }

    let file: RealmFile
    let edits: SchemaEdits
    private var result = Result()

    init(file: RealmFile, edits: SchemaEdits) {
        self.file = file
        self.edits = edits
    }

    static func build(file: RealmFile, edits: SchemaEdits) throws(RealmFormatError) -> Result {
        var layout = SchemaLayout(file: file, edits: edits)
        try layout.replay()
        return layout.result
    }

    private func table(slot: Int) throws(RealmFormatError) -> Table {
        guard let table = file.tables.first(where: { $0.slot == slot }) else {
            throw .cannotWrite(path: file.path, reason: "internal error: no table in slot \(slot)")
        }
        return table
    }

    /// The reshape of an existing table, begun from the file's schema on first use.
    private mutating func reshape(slot: Int) throws(RealmFormatError) -> TableReshape {
        if let reshape = result.reshapes[slot] { return reshape }
        guard let top = file.top else { throw .cannotWrite(path: file.path, reason: "the file has no tables to change") }
        let table = try table(slot: slot)
        let tableTop = try file.mapped.bytes.node(at: try top.tablesNode.int(slot), context: "table \(table.name)")
        let spec = try tableTop.requiredChild(0, "spec of \(table.name)")
        let attributesNode = try spec.requiredChild(2, "column attributes of \(table.name)")
        let attributes = try (0..<attributesNode.size).map { index throws(RealmFormatError) in Int(try attributesNode.int(index)) }
        let sequence = try SchemaEdits.columnKeySequence(of: table, top: top, bytes: file.mapped.bytes)
        let reshape = TableReshape(table: table, specAttributes: attributes, columnKeySequence: sequence)
        result.reshapes[slot] = reshape
        return reshape
    }

    /// A key for a new column of an existing table: lowest free leaf index, the current tag.
    private mutating func newKey(slot: Int, type: ColumnType, attributes: Int) throws(RealmFormatError) -> Int64 {
        let reshape = try reshape(slot: slot)
        let used = reshape.usedLeaves
        var leaf = 0
        while used.contains(leaf) { leaf += 1 }
        return SchemaEdits.columnKey(leaf: leaf, type: type, attributes: attributes,
                                     tag: reshape.columnKeySequence ^ Int64(reshape.table.key))
    }

    private mutating func replay() throws(RealmFormatError) {
        // New classes: their own properties take leaf indexes 0..<n; backlinks follow.
        for newClass in edits.classes {
            var stored: [TableSetWriter.StoredColumn] = []
            for (leaf, column) in newClass.table.columns.enumerated() {
                let attributes = SchemaEdits.keyAttributes(column)
                var specAttributes = attributes
                if column.isIndexed && newClass.table.primaryKey != column.name { specAttributes |= ColumnAttribute.indexed }
                stored.append(TableSetWriter.StoredColumn(
                    name: column.name, key: SchemaEdits.columnKey(leaf: leaf, type: column.type, attributes: attributes, tag: newClass.key),
                    type: column.type, origin: nil, target: nil, attributes: specAttributes))
            }
            result.newClassColumns.append(stored)
        }
        for operation in edits.operations {
            switch operation {
            case let .addClass(index):
                let newClass = edits.classes[index]
                for (leaf, column) in newClass.table.columns.enumerated() where column.type == .link {
                    guard let target = column.targetTable else {
                        throw .cannotWrite(path: file.path, reason: "\(column.name) links to no class")
                    }
                    let backlink = try addBacklink(targetKey: Int64(target), originKey: newClass.key,
                                                   originColumn: result.newClassColumns[index][leaf].key)
                    result.newClassColumns[index][leaf].target = (target, backlink)
                }
            case let .addProperty(property):
                try addProperty(property)
            case let .renameProperty(slot, key, name):
                var reshape = try reshape(slot: slot)
                let position = try column(key, in: reshape)
                reshape.columns[position].name = name
                result.reshapes[slot] = reshape
            case let .removeProperty(slot, key):
                try removeColumn(key, slot: slot)
            case let .renameClass(slot, name):
                result.renamedSlots[slot] = name
            case let .removeClass(slot):
                try removeTable(slot: slot)
            case let .convert(slot, key, conversion):
                try convert(key, slot: slot, conversion: conversion)
            case let .setIndex(slot, key, indexed):
                try setIndex(key, slot: slot, indexed: indexed)
            case let .setPrimaryKey(slot, key):
                try setPrimaryKey(key, slot: slot)
            }
        }
    }

    private func column(_ key: Int64, in reshape: TableReshape) throws(RealmFormatError) -> Int {
        guard let position = reshape.position(ofKey: key) else {
            throw .cannotWrite(path: file.path, reason: "internal error: \(reshape.table.displayName) has no column with key \(key)")
        }
        return position
    }

    private mutating func addProperty(_ property: SchemaEdits.NewProperty) throws(RealmFormatError) {
        let slot = property.tableSlot
        let column = property.column
        let attributes = SchemaEdits.keyAttributes(column)
        let key = try newKey(slot: slot, type: column.type, attributes: attributes)
        var reshape = try reshape(slot: slot)
        var added = TableReshape.Column(name: column.name, key: key, type: column.type, collection: column.collection,
                                        isNullable: attributes & ColumnAttribute.nullable != 0, attributes: attributes,
                                        oppositeTable: nil, oppositeColumn: nil, source: .added, index: .none, enumValuesRef: nil)
        let position = reshape.columns.firstIndex(where: \.isBacklink) ?? reshape.columns.count
        reshape.columns.insert(added, at: position)
        result.reshapes[slot] = reshape
        guard column.type == .link else { return }
        guard let target = column.targetTable else { throw .cannotWrite(path: file.path, reason: "\(column.name) links to no class") }
        let backlink = try addBacklink(targetKey: Int64(target), originKey: Int64(reshape.table.key), originColumn: key)
        added.oppositeTable = Int64(target)
        added.oppositeColumn = backlink
        // The backlink may have joined this same table (a link to its own class).
        var current = try self.reshape(slot: slot)
        current.columns[try self.column(key, in: current)] = added
        result.reshapes[slot] = current
    }

    /// Adds the backlink column for a link column and records both opposite entries.
    private mutating func addBacklink(targetKey: Int64, originKey: Int64, originColumn: Int64) throws(RealmFormatError) -> Int64 {
        if let index = edits.classes.firstIndex(where: { $0.key == targetKey }) {
            let leaf = result.newClassColumns[index].count
            let key = SchemaEdits.columnKey(leaf: leaf, type: .backlink, attributes: 0, tag: targetKey)
            var column = TableSetWriter.StoredColumn(name: "", key: key, type: .backlink, origin: (Int(originKey), 0),
                                                     target: nil, attributes: 0)
            column.oppositeColumnKey = originColumn
            result.newClassColumns[index].append(column)
            return key
        }
        guard let table = file.tables.first(where: { Int64($0.key) == targetKey }) else {
            throw .cannotWrite(path: file.path, reason: "no table has the key \(targetKey)")
        }
        let key = try newKey(slot: table.slot, type: .backlink, attributes: 0)
        var reshape = try reshape(slot: table.slot)
        reshape.columns.append(TableReshape.Column(name: "", key: key, type: .backlink, collection: nil, isNullable: false,
                                                   attributes: 0, oppositeTable: originKey, oppositeColumn: originColumn,
                                                   source: .added, index: .none, enumValuesRef: nil))
        result.reshapes[table.slot] = reshape
        return key
    }

    /// Erases a column as `Table::do_erase_root_column` does: out of the spec, its leaf index
    /// free, the sequence number one higher; a link's backlink column goes from its target
    /// (`Table::erase_root_column`), and the backlink columns a Mixed property fed in other
    /// tables go too (§4.5), so that no backlink column names an origin that is gone.
    private mutating func removeColumn(_ key: Int64, slot: Int) throws(RealmFormatError) {
        var reshape = try reshape(slot: slot)
        let position = try column(key, in: reshape)
        let removed = reshape.columns.remove(at: position)
        if case let .kept(column) = removed.source { reshape.removed.append(column) }
        reshape.columnKeySequence += 1
        if reshape.primaryKey == key { reshape.primaryKey = nil }
        result.reshapes[slot] = reshape
        let originKey = Int64(reshape.table.key)
        if removed.type == .link, let target = removed.oppositeTable, let backlink = removed.oppositeColumn,
           let targetTable = file.table(withKey: UInt32(truncatingIfNeeded: target)), !result.removedSlots.contains(targetTable.slot) {
            try removeColumn(backlink, slot: targetTable.slot)
        }
        guard removed.type == .mixed else { return }
        for table in file.tables where !result.removedSlots.contains(table.slot) {
            for column in table.backlinkColumns
            where column.targetTableKey.map(Int64.init) == originKey && column.oppositeColumnKey?.rawValue == key {
                guard try self.reshape(slot: table.slot).position(ofKey: column.key.rawValue) != nil else { continue }
                try removeColumn(column.key.rawValue, slot: table.slot)
            }
        }
    }

    /// `Group::remove_table`: every column of the table is erased first (so links out of it
    /// lose their backlink columns), then its slot holds a tagged next tag and its name is empty.
    private mutating func removeTable(slot: Int) throws(RealmFormatError) {
        let reshape = try reshape(slot: slot)
        for column in reshape.columns where !column.isBacklink {
            let targetsItself = column.type == .link && column.oppositeTable == Int64(reshape.table.key)
            if column.type == .link && !targetsItself || column.type == .mixed { try removeColumn(column.key, slot: slot) }
        }
        result.reshapes[slot] = nil
        result.renamedSlots[slot] = nil
        result.removedSlots.insert(slot)
    }

    /// The column gets a new key (the lowest free leaf, the current tag: `Table::set_nullability`
    /// inserts the new column before it erases the old one) and keeps its place and name; an
    /// index is built again when the new type can have one; the primary key follows.
    private mutating func convert(_ key: Int64, slot: Int, conversion: ValueConversion) throws(RealmFormatError) {
        var reshape = try reshape(slot: slot)
        let position = try column(key, in: reshape)
        let old = reshape.columns[position]
        guard case let .kept(fileColumn) = old.source else {
            throw .cannotWrite(path: file.path, reason: "internal error: \(old.name) is converted twice")
        }
        let keyAttributes = SchemaEdits.keyAttributes(type: conversion.type, collection: old.collection, isNullable: conversion.isNullable)
        let newKey = try newKey(slot: slot, type: conversion.type, attributes: keyAttributes)
        let indexBits = old.attributes & (ColumnAttribute.indexed | ColumnAttribute.fullText)
        let wasIndexed = indexBits != 0 || reshape.primaryKey == key
        let keepsIndex = wasIndexed && SchemaLayout.canIndex(conversion.type, collection: old.collection)
        let fullText = old.attributes & ColumnAttribute.fullText != 0 && conversion.type == .string
        let new = TableReshape.Column(name: old.name, key: newKey, type: conversion.type, collection: old.collection,
                                  isNullable: conversion.isNullable, attributes: keyAttributes | (keepsIndex ? indexBits : 0),
                                  oppositeTable: nil, oppositeColumn: nil, source: .converted(fileColumn, conversion),
                                  index: keepsIndex ? .built(fullText: fullText) : .none, enumValuesRef: nil)
        reshape.columns[position] = new
        reshape.removed.append(fileColumn)
        reshape.columnKeySequence += 1
        if reshape.primaryKey == key { reshape.primaryKey = newKey }
        result.reshapes[slot] = reshape
    }

    /// The types a general search index supports (§7, `StringIndex::type_supported`).
    static func canIndex(_ type: ColumnType, collection: CollectionKind?) -> Bool {
        collection == nil && [.int, .bool, .string, .timestamp, .objectId, .uuid, .mixed].contains(type)
    }

    private mutating func setIndex(_ key: Int64, slot: Int, indexed: Bool) throws(RealmFormatError) {
        var reshape = try reshape(slot: slot)
        let position = try column(key, in: reshape)
        var column = reshape.columns[position]
        let fullText = column.attributes & ColumnAttribute.fullText != 0
        column.attributes &= ~(ColumnAttribute.indexed | ColumnAttribute.fullText)
        if indexed {
            column.attributes |= ColumnAttribute.indexed
            // A primary key's index is there already (add_search_index only marks the spec).
            let present = try hasIndex(column, in: reshape)
            if fullText || !present { column.index = .built(fullText: false) }
        } else {
            column.index = .none
        }
        reshape.columns[position] = column
        result.reshapes[slot] = reshape
    }

    /// `Table::do_set_primary_key_column`: the old key loses its index unless the spec asks
    /// for one (Indexed), the new one gets a general index; table top slot 11 names it.
    private mutating func setPrimaryKey(_ key: Int64?, slot: Int) throws(RealmFormatError) {
        var reshape = try reshape(slot: slot)
        if let old = reshape.primaryKey, let position = reshape.position(ofKey: old),
           reshape.columns[position].attributes & ColumnAttribute.indexed == 0 {
            reshape.columns[position].index = .none
        }
        if let key {
            let position = try column(key, in: reshape)
            let present = try hasIndex(reshape.columns[position], in: reshape)
            if !present { reshape.columns[position].index = .built(fullText: false) }
        }
        reshape.primaryKey = key
        result.reshapes[slot] = reshape
    }

    /// Whether the column has a search index as the edits so far leave it.
    private func hasIndex(_ column: TableReshape.Column, in reshape: TableReshape) throws(RealmFormatError) -> Bool {
        switch column.index {
        case .built: return true
        case .none: return false
        case .unchanged:
            guard case let .kept(fileColumn) = column.source, let top = file.top else { return false }
            let tableTop = try file.mapped.bytes.node(at: try top.tablesNode.int(reshape.table.slot), context: "table \(reshape.table.name)")
            guard tableTop.size > 4, let indexes = try tableTop.child(4, "search indexes"), fileColumn.leafIndex < indexes.size else { return false }
            return try indexes.int(fileColumn.leafIndex) != 0
        }
    }
}
