import RealmFormat

/// Compares the objects of one class present in both files, streaming: B's objects leaf by leaf
/// in key order, each looked up in A (by primary key or object key); then A's objects that
/// nothing in B matched, in A's key order. Only an index of A's primary keys is held in memory
/// (when matching by primary key), never the objects themselves.
struct ClassComparison {
    let pair: ClassPair
    let comparator: CrossFileValueComparator
    /// Told how many objects were just visited, a leaf at a time: A's once, B's once.
    var visited: (Int) -> Void = { _ in }

    /// Calls `report` with each object that differs, in the order above, and counts them all.
    func run<Failure: CarriesFileErrors>(_ report: (ObjectChange) throws(Failure) -> Void) throws(Failure) -> ClassSummary {
        var summary = ClassSummary()
        var index = try Failure.reading { () throws(RealmFormatError) in try primaryKeyIndex() }
        var readersA: (leaf: Int, readers: [ColumnLeafReader])?
        try ClassComparison.forEachLeaf(of: pair.b) { leaf throws(Failure) in
            let (readersB, keyReader) = try Failure.reading { () throws(RealmFormatError) in
                (try pair.columns.map { column throws(RealmFormatError) in try ColumnLeafReader(leaf: leaf, column: column.b) },
                 try pair.primaryKey.map { key throws(RealmFormatError) in try ColumnLeafReader(leaf: leaf, column: key.b) })
            }
            for row in 0..<leaf.count {
                let keyB = try Failure.reading { () throws(RealmFormatError) in try leaf.key(at: row) }
                let objectB = DiffObject(table: pair.b, leaf: leaf, row: row, key: keyB)
                let keyA: Int64?
                if let keyReader {
                    keyA = index?.keys.removeValue(forKey: MatchKey(try Failure.reading { () throws(RealmFormatError) in try keyReader.value(at: row) }))
                } else {
                    keyA = keyB
                }
                guard let keyA, let foundA = try Failure.reading({ () throws(RealmFormatError) in try pair.a.objects.find(key: keyA) }) else {
                    summary.added += 1
                    try report(.added(objectB))
                    continue
                }
                // Consecutive objects of B mostly sit in one leaf of A too: build its readers once.
                if readersA?.leaf != foundA.leaf.nodeRef {
                    let readers = try Failure.reading { () throws(RealmFormatError) in
                        try pair.columns.map { column throws(RealmFormatError) in try ColumnLeafReader(leaf: foundA.leaf, column: column.a) }
                    }
                    readersA = (foundA.leaf.nodeRef, readers)
                }
                let changes = try Failure.reading { () throws(RealmFormatError) in
                    try differences(readersA?.readers ?? [], foundA.row, readersB, row)
                }
                if changes.isEmpty {
                    summary.unchanged += 1
                } else {
                    summary.changed += 1
                    try report(.changed(a: DiffObject(table: pair.a, leaf: foundA.leaf, row: foundA.row, key: keyA), b: objectB, properties: changes))
                }
            }
            visited(leaf.count)
        }
        if let index {
            for keyA in (Array(index.keys.values) + index.repeated).sorted() {
                guard let found = try Failure.reading({ () throws(RealmFormatError) in try pair.a.objects.find(key: keyA) }) else { continue }
                summary.removed += 1
                try report(.removed(DiffObject(table: pair.a, leaf: found.leaf, row: found.row, key: keyA)))
            }
        } else {
            try ClassComparison.forEachLeaf(of: pair.a) { leaf throws(Failure) in
                for row in 0..<leaf.count {
                    let keyA = try Failure.reading { () throws(RealmFormatError) in try leaf.key(at: row) }
                    guard try Failure.reading({ () throws(RealmFormatError) in try pair.b.objects.find(key: keyA) }) == nil else { continue }
                    summary.removed += 1
                    try report(.removed(DiffObject(table: pair.a, leaf: leaf, row: row, key: keyA)))
                }
                visited(leaf.count)
            }
        }
        return summary
    }

    private func differences(_ readersA: [ColumnLeafReader], _ rowA: Int, _ readersB: [ColumnLeafReader], _ rowB: Int) throws(RealmFormatError) -> [PropertyChange] {
        var changes: [PropertyChange] = []
        for (index, column) in pair.columns.enumerated() where index < readersA.count && index < readersB.count {
            let old = try readersA[index].value(at: rowA)
            let new = try readersB[index].value(at: rowB)
            if !(try comparator.equal(old, new)) { changes.append(PropertyChange(a: column.a, b: column.b, old: old, new: new)) }
        }
        return changes
    }

    /// A's objects by primary key value, when objects are matched that way.
    private func primaryKeyIndex() throws(RealmFormatError) -> (keys: [MatchKey: Int64], repeated: [Int64])? {
        guard let primaryKey = pair.primaryKey else { return nil }
        var keys: [MatchKey: Int64] = [:]
        keys.reserveCapacity(pair.a.objects.count)
        // A primary key is unique in a valid file; in a damaged one the second object with a value
        // cannot be matched, so it counts as removed rather than vanishing from the report.
        var repeated: [Int64] = []
        try pair.a.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            let reader = try ColumnLeafReader(leaf: leaf, column: primaryKey.a)
            for row in 0..<leaf.count {
                let key = try leaf.key(at: row)
                let match = MatchKey(try reader.value(at: row))
                if keys[match] == nil { keys[match] = key } else { repeated.append(key) }
            }
            visited(leaf.count)
        }
        return (keys, repeated)
    }

    private static func forEachLeaf<Failure: CarriesFileErrors>(of table: Table, _ body: (ClusterLeaf) throws(Failure) -> Void) throws(Failure) {
        do {
            try table.objects.forEachLeaf { leaf in try body(leaf) }
        } catch let error as Failure {
            throw error
        } catch let error as RealmFormatError {
            throw .file(error)
        } catch {
            throw .file(.unexpectedNode(ref: 0, context: "objects of \(table.name)", detail: "\(error)"))
        }
    }
}
