import RealmFormat

/// Compares the schemas of two files and pairs the classes whose objects can then be compared.
///
/// Classes are matched by name (table order and keys differ between files written by different
/// histories), properties by name within a class. The order is stable and independent of table
/// order: classes by name, then in each class the removed and changed properties in A's order
/// and the added ones in B's.
struct SchemaComparison {
    private(set) var changes: [SchemaChange] = []
    private(set) var pairs: [ClassPair] = []
    /// Every class name compared, in order (both files together).
    let classNames: [String]

    /// `only`: one class (`diff --class C`); the file-wide schema version is then left out.
    init(a: RealmFile, b: RealmFile, only: String?) {
        // Files without object-store classes (realm-core's raw test files) compare all tables.
        let useAllTables = a.classTables.isEmpty && b.classTables.isEmpty
        func tables(of file: RealmFile) -> [String: Table] {
            let list = useAllTables ? file.tables : file.classTables
            return Dictionary(list.map { ($0.displayName, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let tablesA = tables(of: a)
        let tablesB = tables(of: b)
        classNames = Set(tablesA.keys).union(tablesB.keys).filter { only == nil || $0 == only }.sorted()
        if only == nil {
            let versions = (SchemaComparison.schemaVersion(of: a), SchemaComparison.schemaVersion(of: b))
            if versions.0 != versions.1 { changes.append(.schemaVersion(a: versions.0, b: versions.1)) }
        }
        for name in classNames {
            switch (tablesA[name], tablesB[name]) {
            case let (nil, added?): changes.append(.classAdded(added))
            case let (removed?, nil): changes.append(.classRemoved(removed))
            case let (tableA?, tableB?): compare(tableA, a, tableB, b, name: name)
            case (nil, nil): break
            }
        }
    }

    private mutating func compare(_ tableA: Table, _ a: RealmFile, _ tableB: Table, _ b: RealmFile, name: String) {
        if tableA.kind != tableB.kind { changes.append(.kindChanged(className: name, a: tableA.kind, b: tableB.kind)) }
        let keyA = tableA.primaryKey?.name
        let keyB = tableB.primaryKey?.name
        if keyA != keyB { changes.append(.primaryKeyChanged(className: name, a: keyA, b: keyB)) }
        var columns: [(a: Column, b: Column)] = []
        for columnA in tableA.columns {
            guard let columnB = tableB.column(named: columnA.name) else {
                changes.append(.propertyRemoved(className: name, columnA))
                continue
            }
            let shapeA = PropertyShape(columnA, in: a)
            let shapeB = PropertyShape(columnB, in: b)
            if shapeA != shapeB { changes.append(.propertyChanged(className: name, a: columnA, b: columnB)) }
            if shapeA.holdsComparableValues(to: shapeB) { columns.append((columnA, columnB)) }
        }
        for columnB in tableB.columns where tableA.column(named: columnB.name) == nil {
            changes.append(.propertyAdded(className: name, columnB))
        }
        // Embedded objects have no identity of their own: they are compared, by content, as
        // values of the objects that hold them.
        guard tableA.kind != .embedded, tableB.kind != .embedded else { return }
        var primaryKey: (a: Column, b: Column)?
        if let pkA = tableA.primaryKey, let pkB = tableB.primaryKey, pkA.name == pkB.name,
           PropertyShape(pkA, in: a).holdsComparableValues(to: PropertyShape(pkB, in: b)) {
            primaryKey = (pkA, pkB)
        }
        pairs.append(ClassPair(name: name, a: tableA, b: tableB, columns: columns, primaryKey: primaryKey))
    }

    /// The schema version the object store keeps in the one row of the `metadata` table.
    static func schemaVersion(of file: RealmFile) -> Int64? {
        guard let table = file.table(named: "metadata"), let column = table.column(named: "version"),
              let found = try? table.objects.leaf(atPosition: 0),
              case let .int(version)? = try? ColumnLeafReader(leaf: found.leaf, column: column).value(at: found.row) else {
            return nil
        }
        return version
    }
}
