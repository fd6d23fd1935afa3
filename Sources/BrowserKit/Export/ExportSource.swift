import RealmFormat

/// What one export covers: a whole class in key order, or the objects of a query result in
/// result order. Either way objects are visited with one reader per column and leaf.
struct ExportSource {
    let table: Table
    /// The keys of a query result, in its order; nil for every object of the class.
    let keys: [Int64]?

    var count: Int { keys?.count ?? table.objects.count }

    /// Calls `body` for every object with the column readers of its leaf, its row and key.
    func forEachObject(_ body: ([ColumnLeafReader], Int, Int64) throws(RealmFormatError) -> Void) throws(RealmFormatError) {
        let columns = table.columns
        guard let keys else {
            try LeafScan.forEachLeaf(of: table) { leaf throws(RealmFormatError) in
                let readers = try columns.map { column throws(RealmFormatError) in try ColumnLeafReader(leaf: leaf, column: column) }
                for row in 0..<leaf.count { try body(readers, row, try leaf.key(at: row)) }
            }
            return
        }
        var cachedLeaf: Int?
        var readers: [ColumnLeafReader] = []
        for key in keys {
            guard let (leaf, row) = try table.objects.find(key: key) else { continue }
            if cachedLeaf != leaf.nodeRef {
                readers = try columns.map { column throws(RealmFormatError) in try ColumnLeafReader(leaf: leaf, column: column) }
                cachedLeaf = leaf.nodeRef
            }
            try body(readers, row, key)
        }
    }
}
