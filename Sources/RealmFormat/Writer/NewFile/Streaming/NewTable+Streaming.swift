/// `NewTable`s (compact, upgrade, load, import, tests) hold all their values already; they are
/// written through the streaming path so that there is one table writer, handing over slices
/// of their arrays and the backlink entries gathered from their link values.
extension StreamedTable {
    public init(_ table: NewTable) {
        var mixedLinkTargets: [Int: Set<Int>] = [:]
        for (index, column) in table.columns.enumerated() where column.type == .mixed && index < table.values.count {
            var targets = Set<Int>()
            for value in table.values[index] {
                for link in TableSetWriter.mixedLinks(value) { targets.insert(link.table) }
            }
            if !targets.isEmpty { mixedLinkTargets[index] = targets }
        }
        let keys = table.keys
        let values = table.values
        self.init(name: table.name, kind: table.kind, columns: table.columns, primaryKey: table.primaryKey,
                  count: keys.count, keySequence: table.keySequence, mixedLinkTargets: mixedLinkTargets) { range throws(RealmFormatError) in
            guard values.allSatisfy({ $0.count == keys.count }) else {
                throw .cannotWrite(path: "", reason: "internal error: table \(table.name) has \(keys.count) keys but columns of other lengths")
            }
            return StreamedRows(keys: Array(keys[range]), values: values.map { $0[range] })
        }
    }
}

extension BacklinkIndex {
    /// The backlink entries of every link column of `tables` (and of every Mixed column, one per
    /// table its values link to), each target's in the order of the origin rows.
    public static func indexes(of tables: [NewTable]) throws(RealmFormatError) -> [BacklinkIndex] {
        var result: [BacklinkIndex] = []
        for (originIndex, origin) in tables.enumerated() {
            for (columnIndex, column) in origin.columns.enumerated() where columnIndex < origin.values.count {
                if column.type == .link {
                    guard let target = column.targetTable, target >= 0, target < tables.count else { continue }
                    result.append(try index(from: origin, table: originIndex, column: columnIndex, to: tables[target],
                                            table: target) { TableSetWriter.linkedKeys($0) })
                } else if column.type == .mixed {
                    let targets = Set(origin.values[columnIndex].flatMap { TableSetWriter.mixedLinks($0).map(\.table) })
                    for target in targets.sorted() where target >= 0 && target < tables.count {
                        result.append(try index(from: origin, table: originIndex, column: columnIndex, to: tables[target],
                                                table: target) { value in
                            TableSetWriter.mixedLinks(value).filter { $0.table == target }.map(\.key)
                        })
                    }
                }
            }
        }
        return result
    }

    /// Links are by key; the index is by target position, and a key held by several targets
    /// (never in a valid file) gives each of them the entries.
    private static func index(from origin: NewTable, table originIndex: Int, column: Int, to target: NewTable,
                              table targetIndex: Int, keys linked: (NewValue) -> [Int64]) throws(RealmFormatError) -> BacklinkIndex {
        var incoming: [Int64: [Int64]] = [:]
        for (row, value) in origin.values[column].enumerated() where row < origin.keys.count {
            for key in linked(value) { incoming[key, default: []].append(origin.keys[row]) }
        }
        var counter = Counter(targetCount: target.keys.count)
        for (row, key) in target.keys.enumerated() {
            for _ in incoming[key] ?? [] { counter.count(target: row) }
        }
        var filler = counter.filling(originTable: originIndex, originColumn: column, targetTable: targetIndex)
        for (row, key) in target.keys.enumerated() {
            for originKey in incoming[key] ?? [] { filler.add(origin: originKey, target: row) }
        }
        return try filler.index()
    }
}
