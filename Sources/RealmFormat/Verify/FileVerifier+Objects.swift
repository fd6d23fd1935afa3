/// Every object of a table: keys strictly ascending through the cluster tree, the tree's count
/// equal to what its leaves hold, every column node as long as the leaf, every value readable,
/// and every collection well formed (sizes as claimed, sets unique and in Realm's order,
/// dictionary keys unique and sorted, nested collections likewise).
extension FileVerifier {
    func checkObjects(of table: Table) {
        var previousKey: Int64?
        var held = 0
        do {
            try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
                for row in 0..<leaf.count {
                    let key = try leaf.key(at: row)
                    if let previousKey, key <= previousKey {
                        report(VerificationProblem(.clusterTree, table: table.name, objectKey: key, offset: leaf.nodeRef,
                                                   "object key \(key) follows key \(previousKey): keys must ascend"))
                    }
                    previousKey = key
                }
                held += leaf.count
                var owners = [Int](repeating: 0, count: table.kind == .embedded ? leaf.count : 0)
                for column in table.allColumns { checkColumn(column, in: leaf, of: table, owners: &owners) }
                for (row, count) in owners.enumerated() where count != 1 {
                    report(VerificationProblem(.backlinks, table: table.name, objectKey: try leaf.key(at: row),
                                               "an embedded object needs exactly one owner and has \(count)"))
                }
                objectsChecked += leaf.count
                progress(objectsChecked)
            }
        } catch {
            report(.clusterTree, error, table: table)
            return
        }
        if held != table.objects.count {
            report(VerificationProblem(.clusterTree, table: table.name,
                                       "the tree counts \(table.objects.count) objects, its leaves hold \(held)"))
        }
    }

    /// One column of one leaf; after the first unreadable value the rest of the leaf's column
    /// is not read (its damage is one problem, not 256).
    private func checkColumn(_ column: Column, in leaf: ClusterLeaf, of table: Table, owners: inout [Int]) {
        let check: VerificationProblem.Check = column.collection == nil ? .values : .collections
        let reader: ColumnLeafReader
        do {
            guard try leaf.columnNode(leafIndex: column.leafIndex) != nil else {
                report(VerificationProblem(.clusterTree, table: table.name, column: columnName(column), offset: leaf.nodeRef,
                                           "the leaf has no node for this column"))
                return
            }
            reader = try ColumnLeafReader(leaf: leaf, column: column)
        } catch {
            report(.clusterTree, error, table: table, column: column)
            return
        }
        for row in 0..<leaf.count {
            do {
                let key = try leaf.key(at: row)
                if column.isBacklink {
                    let origins = try reader.backlinks(at: row)
                    recordBacklinks(origins, column: column, table: table, key: key)
                    if !owners.isEmpty { owners[row] += origins.count }
                } else {
                    try checkValue(try reader.value(at: row), table: table, key: key, column: column)
                }
            } catch {
                report(column.isBacklink ? .backlinks : check, error, table: table, objectKey: try? leaf.key(at: row), column: column)
                return
            }
        }
    }

    func columnName(_ column: Column) -> String {
        column.isBacklink ? "backlinks \(column.key.rawValue)" : column.name
    }

    /// A value and, for a collection, its elements at every depth.
    private func checkValue(_ value: RealmValue, table: Table, key: Int64, column: Column) throws(RealmFormatError) {
        guard case let .collection(summary) = value else {
            recordLinks(in: value, column: column, table: table, origin: key)
            return
        }
        let elements: [RealmValue]
        func problem(_ message: String) {
            report(VerificationProblem(.collections, table: table.name, objectKey: key, column: column.name,
                                       offset: summary.rootRef.map { Int(clamping: $0) }, message))
        }
        if summary.kind == .dictionary {
            let entries = try collections.entries(of: summary)
            elements = entries.map(\.value)
            let keys = entries.map(\.key)
            if file.fileFormat >= 23, !zip(keys, keys.dropFirst()).allSatisfy({ FormatOrder.setElement($0, before: $1) }) {
                problem("dictionary keys are repeated or out of order")
            }
        } else {
            elements = try collections.elements(of: summary)
            if summary.kind == .set, file.fileFormat >= 24, !elements.contains(where: \.isTypedLink), !SetOrder.isStoredOrder(elements) {
                problem("set elements are repeated or out of Realm's order")
            }
        }
        // Lists and sets of links leave out links to deleted objects, which the size counts.
        if elements.count != summary.elementCount, !(summary.elementType == .link && summary.kind != .dictionary) {
            problem("the collection claims \(summary.elementCount) elements and holds \(elements.count)")
        }
        for element in elements { try checkValue(element, table: table, key: key, column: column) }
    }
}

private extension RealmValue {
    var isTypedLink: Bool {
        if case .typedLink = self { return true }
        return false
    }
}
