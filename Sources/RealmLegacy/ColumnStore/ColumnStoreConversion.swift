import RealmFormat

/// Turns a format 5-9 file into the tables of its format-24 image, as Realm's own upgrade
/// presents it (L§8, L§15; the "v13 path" that made the fixtures' dumps): every table in file
/// order but `pk`, each class's primary key from the `pk` table, object key = row index,
/// columns renamed where Realm renames them, links to the object whose key is the row.
struct ColumnStoreConversion {
    let file: ColumnStoreFile

    /// A public column as the image holds it: where its values come from and what it becomes.
    struct PresentedColumn {
        let source: LegacyColumn
        let column: NewColumn
        /// Enumerated strings with damaged indexes: those values read as null.
        var hasDamagedValues = false
    }

    func plan() throws(RealmFormatError) -> ImagePlan {
        let primaryKeys = try PrimaryKeyTable(tables: file.tables)
        // L§8.1, L§15: `pk` is read and removed, a leftover `!UPDATE_PROGRESS` never shown.
        let kept = file.tables.filter { $0.name != PrimaryKeyTable.name && $0.name != PrimaryKeyTable.upgradeProgress }
        var positions: [Int: Int] = [:]
        for (position, table) in kept.enumerated() { positions[table.index] = position }
        var remarks = UpgradeRemarks(format: file.format)
        var losses: [LostValues] = []
        var tables: [StreamedTable] = []
        var backlinks: [BacklinkIndex] = []
        for (position, table) in kept.enumerated() {
            let primaryKey = primaryKeys.property(ofTable: table.name)
            let columns = try presentedColumns(of: table, primaryKey: primaryKey, positions: positions, losses: &losses)
            let primaryKeyName = primaryKey.flatMap { name in columns.first { $0.source.name == name }?.column.name }
            if let primaryKey, primaryKeyName == nil {
                remarks.note("\(table.name): the pk table names \"\(primaryKey)\" as its primary key, a property it does not have; "
                             + "shown without a primary key (Realm's upgrade stops there)")
            }
            try remarks.check(table, columns: columns.map(\.source), hasStringPrimaryKey: columns.contains {
                $0.column.name == primaryKeyName && $0.column.type == .string
            })
            tables.append(try streamed(table, columns: columns, primaryKey: primaryKeyName, tables: kept))
            for (columnIndex, presented) in columns.enumerated() where presented.column.type == .link {
                backlinks.append(try backlinkIndex(from: table, position: position, column: presented, index: columnIndex,
                                                   tables: kept))
            }
        }
        return ImagePlan(tables: tables, backlinks: backlinks, remarks: remarks.sentences + losses.map(\.remark), losses: losses)
    }

    /// The table's public columns as Realm's upgrade makes them (L§8.2, L§15).
    private func presentedColumns(of table: ColumnStoreTable, primaryKey: String?, positions: [Int: Int],
                                  losses: inout [LostValues]) throws(RealmFormatError) -> [PresentedColumn] {
        let names = ColumnNaming.presentedNames(table.spec.publicColumns.map(\.name))
        var result: [PresentedColumn] = []
        // The first column of a name is the one the pk table means.
        let primaryKeyIndex = primaryKey.flatMap { name in table.spec.publicColumns.first { $0.name == name }?.index }
        for source in table.spec.publicColumns {
            let name = names[source.index]
            let context = "\(table.context) column \"\(source.name)\""
            var target: Int?
            if let old = source.target {
                guard let position = positions[old] else {
                    throw .unexpectedNode(ref: table.columnsNode.ref, context: context, detail: "links to table \(old), which is not a class")
                }
                target = position
            }
            let isPrimaryKey = source.index == primaryKeyIndex
            let column: NewColumn
            switch source.type {
            case .link:
                column = NewColumn(name: name, type: .link, isNullable: true, targetTable: target)
            case .linkList:
                column = NewColumn(name: name, type: .link, collection: .list, targetTable: target)
            case .table:
                guard let element = source.subspec?.publicColumns.first, source.subspec?.publicCount == 1,
                      ColumnReader.listElementTypes.contains(element.type), let type = element.type.presented else {
                    throw .unexpectedNode(ref: table.columnsNode.ref, context: context,
                                          detail: "a subtable column of other than one column of values (Realm's upgrade cannot convert it either)")
                }
                column = NewColumn(name: name, type: type, isNullable: element.isNullable, collection: .list)
            default:
                guard let type = source.type.presented else {
                    throw .unexpectedNode(ref: table.columnsNode.ref, context: context,
                                          detail: "a \(source.type) column (file formats up to 4), which Realm's upgrade refuses too")
                }
                let damaged = try EnumeratedIndexes.damaged(source, in: table)
                if let damaged {
                    losses.append(LostValues(table: table.name, column: name, count: damaged.count,
                                             reason: "enum indexes beyond its list of values, the first in row \(damaged.firstRow)"))
                }
                let indexable = UpgradeRemarks.indexableTypes.contains(type)
                column = NewColumn(name: name, type: type, isNullable: source.isNullable || damaged != nil,
                                   isIndexed: indexable && (source.isIndexed || isPrimaryKey))
                result.append(PresentedColumn(source: source, column: column, hasDamagedValues: damaged != nil))
                continue
            }
            result.append(PresentedColumn(source: source, column: column))
        }
        return result
    }

    /// The table streamed to the writer: object keys 0, 1, 2 ... (the row indexes, L§8.3) and
    /// the next key sequence number the row count.
    private func streamed(_ table: ColumnStoreTable, columns: [PresentedColumn], primaryKey: String?,
                          tables: [ColumnStoreTable]) throws(RealmFormatError) -> StreamedTable {
        let rows = ColumnStoreRows(columns: try columns.map { presented throws(RealmFormatError) in
            try ColumnReader(column: presented.source, table: table, target: try target(of: presented, in: tables),
                             nullsDamagedEnumIndexes: presented.hasDamagedValues)
        })
        return StreamedTable(name: table.name, columns: columns.map(\.column), primaryKey: primaryKey, count: table.rowCount,
                             keySequence: Int64(table.rowCount)) { range throws(RealmFormatError) in
            try rows.produce(range)
        }
    }

    /// A link column's target: its position in the image and its row count.
    private func target(of presented: PresentedColumn, in tables: [ColumnStoreTable]) throws(RealmFormatError) -> (position: UInt32, rows: Int)? {
        guard let position = presented.column.targetTable else { return nil }
        guard position >= 0, position < tables.count else {
            throw .unexpectedNode(ref: 0, context: "column \"\(presented.source.name)\"", detail: "no target table")
        }
        return (UInt32(position), tables[position].rowCount)
    }

    /// The backlink entries of one link column, read once: the links are held as pairs of row
    /// numbers (8 bytes a link) and placed into the flat index (`BacklinkIndex`) from there.
    /// Positions are row indexes, since key = row.
    private func backlinkIndex(from table: ColumnStoreTable, position: Int, column presented: PresentedColumn, index: Int,
                               tables: [ColumnStoreTable]) throws(RealmFormatError) -> BacklinkIndex {
        guard let target = try target(of: presented, in: tables) else {
            throw .unexpectedNode(ref: 0, context: "column \"\(presented.source.name)\"", detail: "no target table")
        }
        let reader = try ColumnReader(column: presented.source, table: table, target: target)
        var origins: [Int32] = []
        var targets: [Int32] = []
        for row in 0..<table.rowCount {
            for key in TableLinks.keys(try reader.next()) {
                origins.append(Int32(truncatingIfNeeded: row))
                targets.append(Int32(truncatingIfNeeded: key))
            }
        }
        var counter = BacklinkIndex.Counter(targetCount: target.rows)
        for row in targets { counter.count(target: Int(row)) }
        var filler = counter.filling(originTable: position, originColumn: index, targetTable: Int(target.position))
        for (origin, row) in zip(origins, targets) { filler.add(origin: Int64(origin), target: Int(row)) }
        return try filler.index()
    }
}
