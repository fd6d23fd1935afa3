/// What `import csv` stages: a new class together with its first objects (the table writer lays
/// them out, any number of cluster leaves, in the commit that adds the class), or many objects
/// and their links at once, all staged or none.
extension FileEditor {
    /// Runs `body`, keeping every change it stages or, when it throws, none of them: an import
    /// that fails on its hundredth object leaves an open transaction as it was.
    public func stagingAll<T>(_ body: () throws(RealmFormatError) -> T) throws(RealmFormatError) -> T {
        try atomically(body)
    }

    /// Stages class `name` with `rows` (one value per column, in column order) as its objects.
    /// Keys are Realm's: 0, 1, 2... with a primary key, the squeezed sequence without one.
    /// Lists of values are written with their objects; links, sets and dictionaries are not
    /// (their layout depends on objects the class does not hold yet, or on Realm's order).
    public func addClass(_ name: String, columns: [NewColumn], primaryKey: String?, rows: [[NewValue]]) throws(RealmFormatError) {
        for column in columns where column.collection != nil && (column.collection != .list || column.type == .link || column.type == .mixed) {
            throw .refusedEdit("\(column.name): only lists of values can be filled in a new class")
        }
        for (index, row) in rows.enumerated() where row.count != columns.count {
            throw .refusedEdit("object \(index) has \(row.count) values for \(columns.count) properties")
        }
        if let primaryKey, let column = columns.firstIndex(where: { $0.name == primaryKey }) {
            var seen = Set<String>()
            for row in rows where !seen.insert("\(row[column])").inserted {
                throw .refusedEdit("two objects have \(primaryKey) = \(row[column])")
            }
        }
        for column in columns where column.type == .link && !rows.isEmpty {
            throw .refusedEdit("\(column.name): links in a new class cannot be filled with its objects yet")
        }
        try addClass(name, columns: columns, primaryKey: primaryKey)
        let sequence = (0..<rows.count).map { Int64($0) }
        schema.fillLastClass(keys: primaryKey == nil ? sequence.map(ObjectKeys.squeezed) : sequence,
                             values: columns.indices.map { column in rows.map { $0[column] } },
                             keySequence: Int64(rows.count))
    }
}
