import RealmFormat

/// Runs a kernel over a whole table, leaf by leaf, handing each leaf's matching rows on.
struct TableScan {
    let table: Table
    let kernel: ScanKernel
    let scope: LeafScope
    let rows = RowBitmap()

    init(table: Table, kernel: ScanKernel) {
        self.table = table
        self.kernel = kernel
        scope = LeafScope(table: table)
    }

    /// Calls `body` for every leaf with its keys and the rows that matched.
    func run(_ body: (LeafKeys, RowBitmap, LeafScope) throws(RealmFormatError) -> Void) throws(RealmFormatError) {
        try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            scope.enter(leaf)
            rows.reset(rows: leaf.count, selected: true)
            try kernel.narrow(rows, in: scope)
            try body(try leaf.keyScan(), rows, scope)
        }
    }

    /// `run` over the leaves of one run of a split tree (`ClusterTree.split`).
    func run(part: ClusterTree.Part, _ body: (LeafKeys, RowBitmap, LeafScope) throws(RealmFormatError) -> Void) throws(RealmFormatError) {
        try table.objects.forEachLeaf(in: part) { leaf throws(RealmFormatError) in
            scope.enter(leaf)
            rows.reset(rows: leaf.count, selected: true)
            try kernel.narrow(rows, in: scope)
            try body(try leaf.keyScan(), rows, scope)
        }
    }

    /// The keys of the matching objects (or, with `matching: false`, of the others), ascending.
    func keys(matching: Bool) throws(RealmFormatError) -> [Int64] {
        var keys: [Int64] = []
        try run { leafKeys, rows, _ in Self.append(leafKeys, rows, matching: matching, to: &keys) }
        return keys
    }

    /// Appends the keys of one leaf's selected rows (or, with `matching: false`, the others).
    static func append(_ leafKeys: LeafKeys, _ rows: RowBitmap, matching: Bool, to keys: inout [Int64]) {
        guard matching else {
            let matched = rows.selectedCount
            for row in 0..<leafKeys.count where matched == 0 || !rows.contains(row) { keys.append(leafKeys[row]) }
            return
        }
        rows.appendKeys(leafKeys, to: &keys)
    }

    /// Runs the kernel over the objects a search index proposed (or any keys), a leaf at a
    /// time: the candidates of one leaf are selected together and narrowed by one kernel call.
    /// `candidates` in ascending key order; `body` gets each leaf's keys and matching rows.
    func run(candidates: [Int64], _ body: (LeafKeys, RowBitmap, LeafScope) throws(RealmFormatError) -> Void) throws(RealmFormatError) {
        var current: ClusterLeaf?
        func finish() throws(RealmFormatError) {
            guard let leaf = current else { return }
            try kernel.narrow(rows, in: scope)
            try body(try leaf.keyScan(), rows, scope)
        }
        for key in candidates {
            // The leaf in hand answers every key up to its last one; only a key beyond it
            // descends from the root (once per leaf, not once per key).
            if let leaf = current {
                let (row, inRange) = try leaf.row(ofKey: key)
                if inRange {
                    if let row { rows.insert(row) }
                    continue
                }
            }
            guard let (leaf, row) = try table.objects.find(key: key) else { continue }
            if current?.nodeRef != leaf.nodeRef {
                // Candidates are found by key, not by the leaf walk that checks for a stop.
                try Cancellation.check()
                try finish()
                current = leaf
                scope.enter(leaf)
                rows.reset(rows: leaf.count, selected: false)
            }
            rows.insert(row)
        }
        try finish()
    }
}
