/// Search indexes and primary keys of existing classes (§4.5, §7): `Table::add_search_index`,
/// `Table::remove_search_index` and `Table::set_primary_key_column`, staged and written at
/// commit (`SchemaLayout`, then the index built from the values by the table writers).
extension FileEditor {
    /// Stages a general search index on `name` (returns how many objects it indexes), or takes
    /// one away. A primary key keeps its index: realm-core finds objects by primary key through
    /// it and would crash without one (§7.4).
    @discardableResult
    public func setIndexed(_ name: String, of table: Table, _ indexed: Bool) throws(RealmFormatError) -> Int {
        try requireChangeableSchema(of: table)
        let column = try changeableColumn(name, of: table)
        let place = "\(try stagedClassName(of: table)).\(name)"
        let property = try stagedProperty(name, of: table)
        if indexed {
            guard SchemaLayout.canIndex(column.type, collection: column.collection) else {
                throw .refusedEdit("\(place) cannot have a search index: Realm indexes single int, bool, string, date, objectId, uuid and mixed properties")
            }
            // A primary key's implicit index gets the spec's Indexed bit; a full-text index
            // gives way to a general one (add_search_index).
            let alreadyIndexed = property?.isPrimaryKey == true ? try specHasIndexedBit(column, of: table)
                                                                : property?.isIndexed == true && !column.isFullTextIndexed
            guard !alreadyIndexed else { throw .refusedEdit("\(place) is already indexed") }
            if column.type == .mixed { try requireIndexableMixedValues(column, of: table, place: place) }
        } else {
            guard property?.isPrimaryKey != true else {
                throw .refusedEdit("\(place) is the primary key, which keeps its index (Realm finds objects by it)")
            }
            guard property?.isIndexed == true else { throw .refusedEdit("\(place) has no search index") }
        }
        return try atomically { () throws(RealmFormatError) -> Int in
            schema.change(.setIndex(slot: table.slot, key: column.key.rawValue, indexed: indexed), slot: table.slot)
            return table.objects.count
        }
    }

    /// A Mixed property is indexed by its values' bytes as a typed column's are (null, int,
    /// bool, string, date, objectId, uuid); the index of other values (numbers with a fraction,
    /// data, links, collections) is not written here, so a property holding one is refused at
    /// staging rather than failing at commit.
    private func requireIndexableMixedValues(_ column: Column, of table: Table, place: String) throws(RealmFormatError) {
        var blocked: [Int64] = []
        try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            let reader = try ColumnLeafReader(leaf: leaf, column: column)
            for row in 0..<leaf.count where SearchIndexWriter.indexData(try reader.value(at: row)) == nil {
                blocked.append(try leaf.key(at: row))
            }
        }
        guard let first = blocked.first else { return }
        throw .refusedEdit("\(place) cannot be indexed here: \(blocked.count) object\(blocked.count == 1 ? "" : "s") (the first with key \(first)) "
                           + "hold a mixed value other than null, int, bool, string, date, objectId or uuid; nothing changed")
    }

    /// Objects that keep `name` from being the primary key: the first `limit` keys of those
    /// holding null or a value another object holds too (in key order), and how many there are.
    public func primaryKeyBlockers(_ name: String, of table: Table, limit: Int) throws(RealmFormatError) -> (keys: [Int64], total: Int) {
        let column = try changeableColumn(name, of: table)
        var byValue: [String: [Int64]] = [:]
        var nulls: [Int64] = []
        try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            let reader = try ColumnLeafReader(leaf: leaf, column: column)
            for row in 0..<leaf.count {
                let value = try reader.value(at: row)
                if value == .null { nulls.append(try leaf.key(at: row)) } else {
                    byValue[String(describing: value), default: []].append(try leaf.key(at: row))
                }
            }
        }
        let blocked = (nulls + byValue.values.filter { $0.count > 1 }.flatMap { $0 }).sorted()
        return (Array(blocked.prefix(limit)), blocked.count)
    }

    /// Stages `name` as the primary key (nil: no primary key). Realm allows single int, string,
    /// objectId and uuid properties of top-level classes; the values must be unique and, here,
    /// not null (`Table::validate_column_is_unique`).
    public func setPrimaryKey(_ name: String?, of table: Table) throws(RealmFormatError) {
        try requireChangeableSchema(of: table)
        let className = try stagedClassName(of: table)
        let current = try stagedProperties(of: table).first(where: \.isPrimaryKey)
        guard let name else {
            guard let current else { throw .refusedEdit("\(className) has no primary key") }
            _ = try changeableColumn(current.name, of: table)
            try atomically { () throws(RealmFormatError) in
                schema.change(.setPrimaryKey(slot: table.slot, key: nil), slot: table.slot)
            }
            return
        }
        let column = try changeableColumn(name, of: table)
        let place = "\(className).\(name)"
        guard table.kind == .topLevel else { throw .refusedEdit("\(className) is \(table.kind); only top-level classes have a primary key") }
        guard column.collection == nil, [.int, .string, .objectId, .uuid].contains(column.type) else {
            throw .refusedEdit("\(place) cannot be the primary key: a primary key is a single int, string, objectId or uuid")
        }
        guard !column.isFullTextIndexed else { throw .refusedEdit("\(place) has a full-text index, which a primary key cannot have") }
        guard current?.name != name else { throw .refusedEdit("\(place) is already the primary key") }
        let blockers = try primaryKeyBlockers(name, of: table, limit: 1)
        guard blockers.total == 0 else {
            throw .refusedEdit("\(blockers.total) object\(blockers.total == 1 ? "" : "s") of \(className) hold null or a value another object holds in \(name)")
        }
        try atomically { () throws(RealmFormatError) in
            schema.change(.setPrimaryKey(slot: table.slot, key: column.key.rawValue), slot: table.slot)
        }
    }

    /// Whether the spec marks the column Indexed (bit 1), as an explicit index on a primary key is.
    private func specHasIndexedBit(_ column: Column, of table: Table) throws(RealmFormatError) -> Bool {
        guard let top = file.top else { return false }
        let tableTop = try file.mapped.bytes.node(at: try top.tablesNode.int(table.slot), context: "table \(table.name)")
        let attributes = try tableTop.requiredChild(0, "spec").requiredChild(2, "column attributes")
        guard column.specIndex < attributes.size else { return false }
        return try attributes.int(column.specIndex) & Int64(ColumnAttribute.indexed) != 0
    }
}
