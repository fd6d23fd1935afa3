/// Converting a property's values: a new nullability (`Table::set_nullability`) or a new type.
/// Either way realm-core's column gets a new key and the values are written anew
/// (`SchemaLayout`); a value that does not convert blocks the change, and nothing is staged.
extension FileEditor {
    /// What converting a property changes.
    public struct PropertyConversion: Sendable {
        /// Values (or collection elements) converted, nulls excluded.
        public let values: Int
        /// Nulls (or null elements) that become the default.
        public let nullsReplaced: Int
        /// The property was indexed and its new type cannot be (§7).
        public let dropsIndex: Bool
    }

    /// Objects whose value does not convert (a blocker): the first `limit` keys in key order,
    /// and how many there are. A primary key whose values would no longer be unique blocks too.
    public func conversionBlockers(_ name: String, of table: Table, _ conversion: ValueConversion,
                                   limit: Int) throws(RealmFormatError) -> (keys: [Int64], total: Int) {
        try conversionBlockers(of: try changeableColumn(name, of: table), in: table, conversion, limit: limit)
    }

    /// The same for the file's column (whose name may differ from the staged one: renamed in
    /// this transaction).
    private func conversionBlockers(of column: Column, in table: Table, _ conversion: ValueConversion,
                                    limit: Int) throws(RealmFormatError) -> (keys: [Int64], total: Int) {
        var keys: [Int64] = []
        var total = 0
        var seen: Set<String> = []  // primary keys by text, as `PrimaryKeyLookup` keeps them
        let collections = CollectionReader(file: file)
        try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            let reader = try ColumnLeafReader(leaf: leaf, column: column)
            for row in 0..<leaf.count {
                let stored = try TableRebuilder.stored(try reader.value(at: row), collections: collections)
                var blocked = true
                if let converted = conversion.converted(stored, collection: column.collection) {
                    blocked = false
                    if column.isPrimaryKey, case let .scalar(value) = converted { blocked = !seen.insert(String(describing: value)).inserted }
                }
                guard blocked else { continue }
                total += 1
                if keys.count < limit { keys.append(try leaf.key(at: row)) }
            }
        }
        return (keys, total)
    }

    /// Refuses what no value could unblock: a property whose optionality Realm fixes (links,
    /// Mixed), one that already is as asked, a schema that cannot change now. Checked before
    /// the objects holding null are looked for, so that those are not listed in vain.
    @discardableResult
    public func checkNullabilityChange(_ name: String, of table: Table, nullable: Bool) throws(RealmFormatError) -> (Column, String) {
        try requireChangeableSchema(of: table)
        let column = try changeableColumn(name, of: table)
        let place = "\(try stagedClassName(of: table)).\(name)"
        guard !column.isLink, column.type != .mixed, column.type != .typedLink else {
            throw .refusedEdit("\(place) is a \(column.isLink ? "link" : "\(column.type)") property, whose optionality Realm fixes")
        }
        guard column.isNullable != nullable else { throw .refusedEdit("\(place) is already \(nullable ? "optional" : "required")") }
        return (column, place)
    }

    /// Stages `set required` / `set optional`: required refuses while nulls remain, unless
    /// `default` replaces them (realm-core's `change_nullability` with a default instead of
    /// throwing); an optional property keeps every value.
    public func setNullability(_ name: String, of table: Table, nullable: Bool,
                               default replacement: RealmValue?) throws(RealmFormatError) -> PropertyConversion {
        let (column, place) = try checkNullabilityChange(name, of: table, nullable: nullable)
        let conversion = ValueConversion(to: column.type, isNullable: nullable) { value in
            value == .null && !nullable ? replacement : value
        }
        return try stageConversion(column, of: table, conversion, place: place)
    }

    /// Stages a new type for a single property or a collection's elements, `conversion` saying
    /// how each value converts. A primary key keeps its type (remove the key first).
    public func changeType(_ name: String, of table: Table, _ conversion: ValueConversion) throws(RealmFormatError) -> PropertyConversion {
        try requireChangeableSchema(of: table)
        let column = try changeableColumn(name, of: table)
        let place = "\(try stagedClassName(of: table)).\(name)"
        let convertible: Set<ColumnType> = [.int, .bool, .float, .double, .string, .binary, .timestamp, .decimal128, .objectId, .uuid]
        guard convertible.contains(column.type), column.enumValuesRef == nil else {
            throw .refusedEdit("\(place) is a \(column.isLink ? "link" : "\(column.type)") property; its type does not change")
        }
        guard convertible.contains(conversion.type), conversion.type != column.type else {
            throw .refusedEdit("\(place) cannot become \(conversion.type)")
        }
        guard !column.isPrimaryKey else {
            throw .refusedEdit("\(place) is the primary key; remove the primary key before changing its type")
        }
        return try stageConversion(column, of: table, conversion, place: place)
    }

    private func stageConversion(_ column: Column, of table: Table, _ conversion: ValueConversion,
                                 place: String) throws(RealmFormatError) -> PropertyConversion {
        let blockers = try conversionBlockers(of: column, in: table, conversion, limit: 1)
        guard blockers.total == 0 else {
            throw .refusedEdit("\(blockers.total) value\(blockers.total == 1 ? "" : "s") of \(place) do not convert; nothing changed")
        }
        let counts = try nullCounts(of: column, in: table)
        let indexed = try fileIndexes(of: table).contains(column.leafIndex)
        return try atomically { () throws(RealmFormatError) -> PropertyConversion in
            schema.change(.convert(slot: table.slot, key: column.key.rawValue, conversion: conversion), slot: table.slot)
            return PropertyConversion(values: counts.values, nullsReplaced: conversion.isNullable ? 0 : counts.nulls,
                                      dropsIndex: indexed && !SchemaLayout.canIndex(conversion.type, collection: column.collection))
        }
    }

    /// Non-null values (elements of collections) and nulls of `column`, as the file has them.
    private func nullCounts(of column: Column, in table: Table) throws(RealmFormatError) -> (values: Int, nulls: Int) {
        var values = 0
        var nulls = 0
        let collections = CollectionReader(file: file)
        try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            let reader = try ColumnLeafReader(leaf: leaf, column: column)
            for row in 0..<leaf.count {
                switch try TableRebuilder.stored(try reader.value(at: row), collections: collections) {
                case let .scalar(value):
                    if value == .null { nulls += 1 } else { values += 1 }
                case let .list(elements):
                    for element in elements { if element == .null { nulls += 1 } else { values += 1 } }
                case let .dictionary(entries):
                    for entry in entries { if entry.value == .scalar(.null) { nulls += 1 } else { values += 1 } }
                case .mixedList:
                    break
                }
            }
        }
        return (values, nulls)
    }
}
