/// The schema edits of one transaction in the order they were staged: new classes and
/// properties, and the changes to existing ones (renames, removals, conversions, indexes,
/// primary keys). At commit `SchemaLayout` replays them in this order, because the order
/// decides leaf indexes and column-key tags as it does in realm-core.
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

    /// One staged edit. Existing tables are named by slot, their columns by the key the file
    /// gives them (a converted column is not changed again in the same transaction).
    enum Operation {
        case addClass(index: Int)
        case addProperty(NewProperty)
        /// realm-core's `Table::rename_column`: the spec's name, nothing else.
        case renameProperty(slot: Int, key: Int64, name: String)
        /// `Table::remove_column`: the column, its index, and a link's backlink column.
        case removeProperty(slot: Int, key: Int64)
        /// `Group::rename_table`: the group's table name.
        case renameClass(slot: Int, name: String)
        /// `Group::remove_table`: the table (never one other classes link to).
        case removeClass(slot: Int)
        /// A new type or nullability (`Table::set_nullability`'s new column, converted values).
        case convert(slot: Int, key: Int64, conversion: ValueConversion)
        /// `Table::add_search_index` / `remove_search_index` (a general index).
        case setIndex(slot: Int, key: Int64, indexed: Bool)
        /// `Table::set_primary_key_column` (nil: no primary key).
        case setPrimaryKey(slot: Int, key: Int64?)
    }

    private(set) var classes: [NewClass] = []
    private(set) var operations: [Operation] = []

    var isEmpty: Bool { operations.isEmpty }
    var count: Int { operations.count }

    /// Slots of existing tables whose schema changes: new or changed properties, new or removed
    /// backlink columns, renamed or removed classes.
    private(set) var touchedSlots: Set<Int> = []

    /// Whether an app opening the file needs a migration: an existing class or property was
    /// renamed, removed, retyped or made required or optional, or a primary key changed.
    /// Realm's object store adds and removes indexes by itself, and new classes and
    /// properties are what `add` stages (they keep the schema version, as before).
    var needsMigration: Bool {
        operations.contains { operation in
            switch operation {
            case .addClass, .addProperty, .setIndex: return false
            default: return true
            }
        }
    }

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

    /// Stages a change to an existing table's schema; `alsoTouching` are the tables whose
    /// backlink columns it removes.
    mutating func change(_ operation: Operation, slot: Int, alsoTouching others: Set<Int> = []) {
        operations.append(operation)
        touchedSlots.insert(slot)
        touchedSlots.formUnion(others)
    }

    /// Attribute bits of a column key for a property (§4.3): links are nullable when single.
    static func keyAttributes(_ column: NewColumn) -> Int {
        keyAttributes(type: column.type, collection: column.collection, isNullable: column.isNullable)
    }

    static func keyAttributes(type: ColumnType, collection: CollectionKind?, isNullable: Bool) -> Int {
        var attributes = isNullable || type == .mixed ? ColumnAttribute.nullable : 0
        switch collection {
        case .list?: attributes |= ColumnAttribute.list
        case .set?: attributes |= ColumnAttribute.set
        case .dictionary?: attributes |= ColumnAttribute.dictionary
        case nil: if type == .link { attributes |= ColumnAttribute.nullable }
        }
        // A list or set of links holds no nulls; a dictionary of links may.
        if type == .link && (collection == .list || collection == .set) { attributes &= ~ColumnAttribute.nullable }
        if type == .link && collection == .dictionary { attributes |= ColumnAttribute.nullable }
        return attributes
    }

    static func columnKey(leaf: Int, type: ColumnType, attributes: Int, tag: Int64) -> Int64 {
        Int64(leaf) | Int64(type.rawValue) << 16 | Int64(attributes & 0xFF) << 22 | (tag & 0xFFFF_FFFF) << 30
    }

    /// The tag of the column keys a table gives new columns (§4.3: its column-key sequence
    /// number, table-top slot 5, XOR its table key).
    static func keyTag(of table: Table, top: GroupTop, bytes: FileBytes) throws(RealmFormatError) -> Int64 {
        try columnKeySequence(of: table, top: top, bytes: bytes) ^ Int64(table.key)
    }

    /// Table-top slot 5 (0 when absent).
    static func columnKeySequence(of table: Table, top: GroupTop, bytes: FileBytes) throws(RealmFormatError) -> Int64 {
        let tableTop = try bytes.node(at: try top.tablesNode.int(table.slot), context: "table \(table.name)")
        if tableTop.size > 5, case let .tagged(value) = try tableTop.slot(5) { return value }
        return 0
    }
}
