
/// The schema edits of one transaction (new classes, new properties) in the order they were
/// staged, and, at commit, the column keys and leaf indexes they get.
///
/// Keys are assigned the way realm-core assigns them (format document §4.3-§4.5): the lowest
/// free leaf index of the table, the column type, the attribute bits, and a tag of the table's
/// column-key sequence number XOR its table key. A link column gets its backlink column in the
/// target table at the moment it is created, so links to existing classes, to classes created in
/// the same transaction and to the class itself all lay out alike.
struct SchemaEdits {
    /// A class to add: its table and the table key it will get.
    struct NewClass {
        var table: NewTable
        let key: Int64
    }

    /// A property to add to an existing table.
    struct NewProperty {
        let tableSlot: Int
        let column: NewColumn
    }

    /// One staged edit, kept in order because the order decides leaf indexes.
    enum Operation {
        case addClass(index: Int)
        case addProperty(NewProperty)
    }

    private(set) var classes: [NewClass] = []
    private(set) var operations: [Operation] = []

    var isEmpty: Bool { operations.isEmpty }
    var count: Int { operations.count }

    /// Slots of existing tables whose schema changes: new properties, new backlink columns.
    private(set) var touchedSlots: Set<Int> = []

    mutating func addClass(_ table: NewTable, key: Int64) {
        operations.append(.addClass(index: classes.count))
        classes.append(NewClass(table: table, key: key))
    }

    mutating func addProperty(_ column: NewColumn, toExistingSlot slot: Int) {
        operations.append(.addProperty(NewProperty(tableSlot: slot, column: column)))
        touchedSlots.insert(slot)
    }

    /// A property for a class created in this transaction: it joins the class's columns, which
    /// are laid out before any backlink column the class receives.
    mutating func addProperty(_ column: NewColumn, toNewClassAt index: Int) {
        classes[index].table.columns.append(column)
        classes[index].table.values.append([])
    }

    /// Objects for the class added last (`import` writes a new class with its objects).
    mutating func fillLastClass(keys: [Int64], values: [[NewValue]], keySequence: Int64) {
        guard let last = classes.indices.last else { return }
        classes[last].table.keys = keys
        classes[last].table.values = values
        classes[last].table.keySequence = keySequence
    }

    mutating func noteBacklinkTarget(slot: Int) {
        touchedSlots.insert(slot)
    }

    /// A column as a commit writes it into an existing table.
    struct PlannedColumn {
        let name: String
        let type: ColumnType
        let collection: CollectionKind?
        let isNullable: Bool
        let key: Int64
        /// The attributes stored in the spec (the key's attribute bits; 0 for backlinks).
        let attributes: Int
        let oppositeTable: Int64?
        let oppositeColumn: Int64?

        var leafIndex: Int { Int(key & 0xFFFF) }
        var isBacklink: Bool { type == .backlink }
    }

    /// What a commit writes: new columns per existing table (by slot) and the stored columns of
    /// every new class (public columns first, leaf index = position, then backlinks).
    struct Layout {
        var additions: [Int: [PlannedColumn]] = [:]
        var newClassColumns: [[TableSetWriter.StoredColumn]] = []
    }

    /// Attribute bits of a column key for a property (§4.3): links are nullable when single.
    static func keyAttributes(_ column: NewColumn) -> Int {
        var attributes = column.isNullable || column.type == .mixed ? ColumnAttribute.nullable : 0
        switch column.collection {
        case .list?: attributes |= ColumnAttribute.list
        case .set?: attributes |= ColumnAttribute.set
        case .dictionary?: attributes |= ColumnAttribute.dictionary
        case nil: if column.type == .link { attributes |= ColumnAttribute.nullable }
        }
        // A list or set of links holds no nulls; a dictionary of links may.
        if column.type == .link && (column.collection == .list || column.collection == .set) { attributes &= ~ColumnAttribute.nullable }
        if column.type == .link && column.collection == .dictionary { attributes |= ColumnAttribute.nullable }
        return attributes
    }

    static func columnKey(leaf: Int, type: ColumnType, attributes: Int, tag: Int64) -> Int64 {
        Int64(leaf) | Int64(type.rawValue) << 16 | Int64(attributes & 0xFF) << 22 | (tag & 0xFFFF_FFFF) << 30
    }

    /// The tag of the column keys a table gives new columns (§4.3: its column-key sequence
    /// number, table-top slot 5, XOR its table key).
    static func keyTag(of table: Table, top: GroupTop, bytes: FileBytes) throws(RealmFormatError) -> Int64 {
        let tableTop = try bytes.node(at: try top.tablesNode.int(table.slot), context: "table \(table.name)")
        var sequence: Int64 = 0
        if tableTop.size > 5, case let .tagged(value) = try tableTop.slot(5) { sequence = value }
        return sequence ^ Int64(table.key)
    }

    /// Assigns keys and leaf indexes, replaying the edits in staging order.
    func layout(file: RealmFile) throws(RealmFormatError) -> Layout {
        guard let top = file.top else { throw .cannotWrite(path: file.path, reason: "the file has no tables to change") }
        let bytes = file.mapped.bytes
        var result = Layout()
        // Existing tables: leaf indexes in use and the key tag (§4.3: sequence number XOR table key).
        var usedLeaves: [Int: Set<Int>] = [:]
        var tags: [Int: Int64] = [:]
        func prepare(_ table: Table) throws(RealmFormatError) {
            guard usedLeaves[table.slot] == nil else { return }
            usedLeaves[table.slot] = Set(table.allColumns.map(\.leafIndex))
            tags[table.slot] = try SchemaEdits.keyTag(of: table, top: top, bytes: bytes)
        }
        func existing(slot: Int) throws(RealmFormatError) -> Table {
            guard let table = file.tables.first(where: { $0.slot == slot }) else {
                throw .cannotWrite(path: file.path, reason: "internal error: no table in slot \(slot)")
            }
            try prepare(table)
            return table
        }
        func lowestFreeLeaf(_ slot: Int) -> Int {
            var leaf = 0
            while usedLeaves[slot]?.contains(leaf) == true { leaf += 1 }
            usedLeaves[slot, default: []].insert(leaf)
            return leaf
        }
        // New classes: their own properties take leaf indexes 0..<n; backlinks follow.
        for newClass in classes {
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
        /// Adds the backlink column for a link column and records both opposite entries.
        func addBacklink(targetKey: Int64, originKey: Int64, originColumn: Int64) throws(RealmFormatError) -> Int64 {
            if let index = classes.firstIndex(where: { $0.key == targetKey }) {
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
            try prepare(table)
            let key = SchemaEdits.columnKey(leaf: lowestFreeLeaf(table.slot), type: .backlink, attributes: 0, tag: tags[table.slot] ?? 0)
            result.additions[table.slot, default: []].append(PlannedColumn(
                name: "", type: .backlink, collection: nil, isNullable: false, key: key, attributes: 0,
                oppositeTable: originKey, oppositeColumn: originColumn))
            return key
        }
        for operation in operations {
            switch operation {
            case let .addClass(index):
                let newClass = classes[index]
                for (leaf, column) in newClass.table.columns.enumerated() where column.type == .link {
                    guard let target = column.targetTable else {
                        throw .cannotWrite(path: file.path, reason: "\(column.name) links to no class")
                    }
                    let backlink = try addBacklink(targetKey: Int64(target), originKey: newClass.key,
                                                   originColumn: result.newClassColumns[index][leaf].key)
                    result.newClassColumns[index][leaf].target = (target, backlink)
                }
            case let .addProperty(property):
                let table = try existing(slot: property.tableSlot)
                let column = property.column
                let attributes = SchemaEdits.keyAttributes(column)
                let key = SchemaEdits.columnKey(leaf: lowestFreeLeaf(table.slot), type: column.type, attributes: attributes,
                                                tag: tags[table.slot] ?? 0)
                var oppositeTable: Int64?
                var oppositeColumn: Int64?
                if column.type == .link {
                    guard let target = column.targetTable else {
                        throw .cannotWrite(path: file.path, reason: "\(column.name) links to no class")
                    }
                    oppositeTable = Int64(target)
                    oppositeColumn = try addBacklink(targetKey: Int64(target), originKey: Int64(table.key), originColumn: key)
                }
                let planned = PlannedColumn(name: column.name, type: column.type, collection: column.collection,
                                            isNullable: attributes & ColumnAttribute.nullable != 0, key: key,
                                            attributes: attributes, oppositeTable: oppositeTable, oppositeColumn: oppositeColumn)
                result.additions[table.slot, default: []].append(planned)
            }
        }
        return result
    }
}
