import RealmFormat

/// The object store's `pk` table of formats 5-9 (L§7, L§8.4): one row per class with a primary
/// key, the class name without `class_` and the property name. Realm's upgrade turns each row
/// into its class's primary key and removes the table, and so do we.
struct PrimaryKeyTable {
    /// The table's name; Realm's upgrade looks for exactly this one.
    static let name = "pk"
    /// The temporary table of an interrupted upgrade, never shown (L§8.1).
    static let upgradeProgress = "!UPDATE_PROGRESS"

    /// Class name (without `class_`) -> primary key property.
    let properties: [String: String]

    init(tables: [ColumnStoreTable]) throws(RealmFormatError) {
        guard let table = tables.first(where: { $0.name == PrimaryKeyTable.name }) else {
            properties = [:]
            return
        }
        let context = table.context
        guard let classColumn = table.spec.publicColumns.first(where: { $0.name == "pk_table" }),
              let propertyColumn = table.spec.publicColumns.first(where: { $0.name == "pk_property" }) else {
            throw .unexpectedNode(ref: table.columnsNode.ref, context: context, detail: "no pk_table and pk_property columns")
        }
        let classes = try ColumnReader(column: classColumn, table: table, target: nil)
        let names = try ColumnReader(column: propertyColumn, table: table, target: nil)
        var properties: [String: String] = [:]
        for _ in 0..<table.rowCount {
            let owner = try classes.next()
            let property = try names.next()
            guard case let .scalar(.string(className)) = owner, case let .scalar(.string(propertyName)) = property else { continue }
            // A class named twice (never in a file an SDK wrote) takes its last row.
            properties[className] = propertyName
        }
        self.properties = properties
    }

    /// The primary key property of table `name` (`class_Dog` -> Dog's), if any.
    func property(ofTable name: String) -> String? {
        guard name.hasPrefix(Table.classPrefix) else { return nil }
        return properties[String(name.dropFirst(Table.classPrefix.count))]
    }
}
