import RealmFormat

/// Turns a format 10 or 11 file into the tables of its format-24 image. These formats are the
/// cluster-tree layout of the main document with fewer features (L§9), so the engine's own
/// reader reads them; what changes on the way is what Realm's upgrade to format 24 changes
/// (L§9.7, L§15): lists of links become link lists of type Link, every primary key is indexed.
/// Tables keep their slot order, objects their keys.
struct ClusterFormatConversion {
    let file: RealmFile

    func plan() throws(RealmFormatError) -> ImagePlan {
        var positions: [UInt32: Int] = [:]
        for (position, table) in file.tables.enumerated() { positions[table.key] = position }
        let keyIndex = TargetKeys(file: file)
        var tables: [StreamedTable] = []
        var backlinks: [BacklinkIndex] = []
        var remarks: [String] = []
        var losses: [LostValues] = []
        // L§9.9: realm-core 6's upgrade from format 9 leaves the removed pk table's slot 0 free;
        // a file written in formats 10-11 has its metadata table there.
        if let tables = file.top?.tablesNode, tables.size > 0, case .tagged = try tables.slot(0) {
            remarks.append("upgraded in place from format 9 by realm-core 6 (the Realm SDKs of 2020): "
                           + "object keys are that upgrade's (hashes of string primary keys), enumerated strings may be damaged (verify)")
        }
        for (position, table) in file.tables.enumerated() {
            let clusters = try ClusterFormatConversion.leaves(of: table)
            let damage = try EnumeratedColumnDamage(table: table, clusters: clusters, file: file.mapped.bytes)
            let columns = table.columns
            var newColumns: [NewColumn] = []
            for column in columns {
                let type: ColumnType = column.isLink ? .link : column.type
                newColumns.append(NewColumn(
                    name: column.name, type: type,
                    // Damaged values are unknown: shown as null, even in a required column.
                    isNullable: column.isNullable || (type == .link && column.collection == nil)
                        || damage.damagedColumns.contains(column.leafIndex),
                    collection: column.collection, targetTable: column.targetTableKey.flatMap { positions[$0] },
                    // L§9.7: the upgrade to format 22+ indexes every primary key.
                    isIndexed: (column.isIndexed || column.isPrimaryKey) && UpgradeRemarks.indexableTypes.contains(type)))
            }
            for leaf in damage.leaves {
                let lost = LostValues(table: table.name, column: leaf.column.name, count: leaf.count,
                                      reason: "objects from key \(leaf.firstKey) on: the column's leaf at \(leaf.nodeRef) \(leaf.reason)")
                losses.append(lost)
                remarks.append(lost.remark)
            }
            let rows = ClusterRows(file: file, table: table, clusters: clusters, positions: positions, damage: damage)
            tables.append(StreamedTable(name: table.name, columns: newColumns, primaryKey: table.primaryKey?.name,
                                        count: table.objects.count,
                                        keySequence: try keySequence(of: table, clusters: clusters)) { range throws(RealmFormatError) in
                try rows.produce(range)
            })
            for (index, column) in columns.enumerated() where column.isLink {
                guard let targetKey = column.targetTableKey, let target = positions[targetKey] else {
                    throw .unexpectedNode(ref: 0, context: "\(table.name).\(column.name)", detail: "links to a table the file does not have")
                }
                backlinks.append(try backlinkIndex(from: rows, column: index, position: position, target: target,
                                                   targetKeys: try keyIndex.keys(of: file.tables[target])))
            }
        }
        return ImagePlan(tables: tables, backlinks: backlinks, remarks: remarks, losses: losses)
    }

    /// The cluster leaves of `table` in key order: their nodes are views into the mapping, a
    /// few words each, so holding them costs a 256th of the objects.
    static func leaves(of table: Table) throws(RealmFormatError) -> [ClusterLeaf] {
        var leaves: [ClusterLeaf] = []
        try table.objects.forEachLeafTyped { leaves.append($0) }
        return leaves
    }

    /// The table's object-key sequence number (L§9.2 top slot 9), which new objects' keys come
    /// from; past the highest key when the slot is absent.
    private func keySequence(of table: Table, clusters: [ClusterLeaf]) throws(RealmFormatError) -> Int64 {
        var stored: Int64 = 0
        if let tables = file.top?.tablesNode, case let .ref(raw) = try tables.slot(table.slot) {
            let top = try file.mapped.bytes.node(at: raw, context: "table \"\(table.name)\"")
            if top.size > 9, case let .tagged(value) = try top.slot(9) { stored = value }
        }
        var highest: [Int64] = []
        if let last = clusters.last, last.count > 0 { highest = [try last.key(at: last.count - 1)] }
        return max(stored, ObjectKeys.nextSequence(after: highest, hasPrimaryKey: table.primaryKey != nil))
    }

    /// The backlink entries of one link column, its links read once and held as pairs (origin
    /// key, target position) until placed into the flat index; a target object's position is
    /// found by binary search in the target's ascending keys.
    private func backlinkIndex(from rows: ClusterRows, column: Int, position: Int, target: Int,
                               targetKeys: [Int64]) throws(RealmFormatError) -> BacklinkIndex {
        func targetRow(_ key: Int64) -> Int {
            var low = 0
            var high = targetKeys.count
            while low < high {
                let middle = (low + high) / 2
                if targetKeys[middle] < key { low = middle + 1 } else { high = middle }
            }
            return low < targetKeys.count && targetKeys[low] == key ? low : -1
        }
        var origins: [Int64] = []
        var targets: [Int32] = []
        try rows.forEachLink(column: column) { origin, key in
            origins.append(origin)
            targets.append(Int32(truncatingIfNeeded: targetRow(key)))
        }
        var counter = BacklinkIndex.Counter(targetCount: targetKeys.count)
        for row in targets { counter.count(target: Int(row)) }
        var filler = counter.filling(originTable: position, originColumn: column, targetTable: target)
        for (origin, row) in zip(origins, targets) { filler.add(origin: origin, target: Int(row)) }
        return try filler.index()
    }
}
