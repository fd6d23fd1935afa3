import RealmFormat

/// What one export covers: a whole class in key order, or the objects of a query result in
/// result order. Either way objects are visited leaf by leaf, so that each column's node is
/// decoded once per leaf and not once per object.
public struct ExportSource {
    public let table: Table
    /// The keys of a query result, in its order; nil for every object of the class.
    public let keys: [Int64]?

    public init(table: Table, keys: [Int64]?) {
        self.table = table
        self.keys = keys
    }

    public var count: Int { keys?.count ?? table.objects.count }

    /// Calls `body` with each leaf and the rows to export from it, in export order: nil for
    /// all of them (a whole class), or the rows of consecutive result objects in that leaf.
    public func forEachRun(_ body: (ClusterLeaf, [Int]?) throws(RealmFormatError) -> Void) throws(RealmFormatError) {
        guard let keys else {
            try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in try body(leaf, nil) }
            return
        }
        var run: (leaf: ClusterLeaf, rows: [Int])?
        for key in keys {
            guard let (leaf, row) = try table.objects.find(key: key) else { continue }
            if let current = run, current.leaf.nodeRef == leaf.nodeRef {
                run?.rows.append(row)
                continue
            }
            if let current = run {
                // Found by key, not by the leaf walk that looks for Ctrl-C: looked for here.
                try Cancellation.check()
                try body(current.leaf, current.rows)
            }
            run = (leaf, [row])
        }
        if let current = run { try body(current.leaf, current.rows) }
    }
}
