/// Search indexes against the values (§7): an index holds one entry per object, and looking up
/// an object's own value finds the object (ints, bools and strings, the values the index reader
/// can look up; other indexed types are checked by their entry count). Primary keys must have
/// an index (§7.4): Realm finds objects by primary key through it. Format 20 files (realm-core
/// 6) kept primary keys without one, as the legacy fixture shows, so the rule starts at the
/// oldest format whose files show it, 22.
extension FileVerifier {
    func checkSearchIndexes(of table: Table) {
        for column in table.columns {
            if column.isPrimaryKey, file.fileFormat >= 22, column.searchIndexRef == nil {
                report(VerificationProblem(.searchIndex, table: table.name, column: column.name, "the primary key has no search index"))
            }
            guard column.collection == nil else { continue }
            let index: SearchIndex
            do {
                guard let found = try SearchIndex(column: column, file: file) else { continue }
                index = found
                let entries = try index.entryCount()
                if entries != table.objects.count {
                    report(VerificationProblem(.searchIndex, table: table.name, column: column.name, offset: Int(clamping: column.searchIndexRef ?? 0),
                                               "the index holds \(entries) entries for \(table.objects.count) objects"))
                }
            } catch {
                report(.searchIndex, error, table: table, column: column)
                continue
            }
            checkLookups(in: index, column: column, table: table)
        }
    }

    private func checkLookups(in index: SearchIndex, column: Column, table: Table) {
        var missing = 0
        var first: Int64?
        do {
            try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
                let reader = try ColumnLeafReader(leaf: leaf, column: column)
                for row in 0..<leaf.count {
                    let key = try leaf.key(at: row)
                    guard let candidates = try index.candidates(for: try reader.value(at: row)) else { continue }
                    if !candidates.contains(key) {
                        missing += 1
                        if first == nil { first = key }
                    }
                }
            }
        } catch {
            report(.searchIndex, error, table: table, column: column)
            return
        }
        if missing > 0 {
            report(VerificationProblem(.searchIndex, table: table.name, objectKey: first, column: column.name,
                                       offset: Int(clamping: column.searchIndexRef ?? 0),
                                       "looking up the value of \(missing) object(s) does not find them (the first is named)"))
        }
    }
}
