/// A schema change applied to a table's rows (`TableRebuilder`): the cells of erased columns go,
/// converted columns take their old column's values converted, new columns start as a new
/// object's; then every index the new schema has is built from the rows (§7.3).
extension TableRebuilder {
    /// The rows laid out by the reshape's leaf indexes.
    static func reshaped(_ rows: [Int64: [Cell]], to reshape: TableReshape) throws(RealmFormatError) -> [Int64: [Cell]] {
        let width = (reshape.columns.map(\.leafIndex).max() ?? -1) + 1
        var result: [Int64: [Cell]] = [:]
        result.reserveCapacity(rows.count)
        for (key, cells) in rows {
            var new = [Cell](repeating: .absent, count: width)
            for column in reshape.columns {
                switch column.source {
                case let .kept(old):
                    new[column.leafIndex] = old.leafIndex < cells.count ? cells[old.leafIndex] : defaultCell(column.described)
                case .added:
                    // Added backlink columns were filled in by the staged changes at their leaf.
                    new[column.leafIndex] = column.leafIndex < cells.count ? cells[column.leafIndex] : defaultCell(column.described)
                    if case .absent = new[column.leafIndex] { new[column.leafIndex] = defaultCell(column.described) }
                case let .converted(old, conversion):
                    guard old.leafIndex < cells.count, case let .value(value) = cells[old.leafIndex],
                          let converted = conversion.converted(value, collection: column.collection) else {
                        throw .cannotWrite(path: "", reason: "a value of \(reshape.table.displayName).\(column.name) does not convert; the changes staged before it changed it")
                    }
                    new[column.leafIndex] = .value(converted)
                }
            }
            result[key] = new
        }
        return result
    }

    /// Every search index of the reshaped table, from the rows: those built anew and those the
    /// file had (their objects may have changed).
    func searchIndexes(keys: [Int64], rows: [Int64: [Cell]], reshape: TableReshape) throws(RealmFormatError) -> [Int: Int64] {
        let existing = try top.child(4, "search indexes")
        var result: [Int: Int64] = [:]
        for column in reshape.columns {
            let fullText: Bool
            switch column.index {
            case .none: continue
            case let .built(isFullText): fullText = isFullText
            case .unchanged:
                guard case let .kept(old) = column.source, let existing, old.leafIndex < existing.size,
                      try existing.int(old.leafIndex) != 0 else { continue }
                fullText = column.attributes & ColumnAttribute.fullText != 0
            }
            var entries: [(key: Int64, data: [UInt8])] = []
            for key in keys {
                guard let row = rows[key], case let .value(.scalar(value)) = row[column.leafIndex],
                      let data = SearchIndexWriter.indexData(value) else {
                    throw .cannotWrite(path: "", reason: "cannot index the values of \(table.displayName).\(column.name)")
                }
                if fullText {
                    for word in SearchIndexWriter.words(of: data) { entries.append((key, word)) }
                } else {
                    entries.append((key, data))
                }
            }
            result[column.leafIndex] = try SearchIndexWriter(writer: writer).write(entries)
        }
        return result
    }
}
