import RealmFormat

/// How reading a possibly corrupt file ended.
enum ReadOutcome: Sendable {
    /// Everything was read without complaint (a flipped byte in free space or a value byte).
    case completed(valuesRead: Int)
    /// The reader refused the file with its own, typed error: the acceptable failure.
    case rejected(RealmFormatError)
    /// Anything else escaped (a different error type): a bug in the reader's error contract.
    case unexpectedError(String)

    var isRejected: Bool {
        if case .rejected = self { return true }
        return false
    }

    var isNotARealmFile: Bool {
        if case .rejected(.notARealmFile) = self { return true }
        return false
    }
}

/// Reads a Realm file the way the browser would, touching every structure the reader decodes.
///
/// Used by the corruption tests: whatever the bytes are, this must end in `.completed` or
/// `.rejected`, never trap or hang. It opens the file, reads header and top facts, every
/// table's schema and link targets, every public column value of every object (up to
/// `objectsPerTable`, to keep big.realm affordable), follows single links to their targets with
/// `find(key:)`, and probes `leaf(atPosition:)` and `find(key:)` at the ends, the middle and
/// with impossible arguments.
enum ExhaustiveReader {
    /// Thrown by the scan to stop after the object budget; never escapes `read`.
    private struct BudgetExhausted: Error {}

    static func read(path: String, objectsPerTable: Int? = nil) -> ReadOutcome {
        do {
            return .completed(valuesRead: try readAll(path: path, objectsPerTable: objectsPerTable))
        } catch let error as RealmFormatError {
            return .rejected(error)
        } catch {
            return .unexpectedError("\(type(of: error)): \(error)")
        }
    }

    private static func readAll(path: String, objectsPerTable: Int?) throws -> Int {
        let file = try RealmFile(path: path)
        var valuesRead = 0
        _ = (file.header.fileFormat, file.header.topRef, file.header.isStreamingForm)
        if let top = file.top {
            _ = (top.version, top.historyType, top.logicalFileSize)
        }
        for table in file.tables {
            _ = (table.name, table.className, table.kind, table.key, table.primaryKey?.name)
            for column in table.allColumns {
                if let target = column.targetTableKey { _ = file.table(withKey: target)?.name }
            }
            let columns = table.columns
            var sampledKeys: [Int64] = []
            var objectsRead = 0
            do {
                try table.objects.forEachLeaf { leaf in
                    if let objectsPerTable, objectsRead >= objectsPerTable { throw BudgetExhausted() }
                    let readers = try columns.map { try ColumnLeafReader(leaf: leaf, column: $0) }
                    for row in 0..<leaf.count {
                        let key = try leaf.key(at: row)
                        if row == 0 || row == leaf.count - 1, sampledKeys.count < 16 { sampledKeys.append(key) }
                        for reader in readers {
                            try followLink(try reader.value(at: row), in: file)
                            valuesRead += 1
                        }
                        objectsRead += 1
                    }
                }
            } catch is BudgetExhausted {
                // Enough objects of this table; random access below still reaches the rest.
            }
            let count = table.objects.count
            for position in [0, 1, count / 2, count - 1, count, -1, Int.max] {
                guard let (leaf, row) = try table.objects.leaf(atPosition: position) else { continue }
                sampledKeys.append(try leaf.key(at: row))
                valuesRead += try readRow(row, of: leaf, columns: columns, in: file)
            }
            for key in sampledKeys + [-1, 0, Int64.max, Int64.min] {
                guard let (leaf, row) = try table.objects.find(key: key) else { continue }
                _ = try leaf.key(at: row)
                valuesRead += try readRow(row, of: leaf, columns: columns, in: file)
            }
        }
        return valuesRead
    }

    private static func readRow(_ row: Int, of leaf: ClusterLeaf, columns: [Column], in file: RealmFile) throws -> Int {
        for column in columns {
            try followLink(try ColumnLeafReader(leaf: leaf, column: column).value(at: row), in: file)
        }
        return columns.count
    }

    /// Resolves a single link to its target object, as displaying a link would.
    private static func followLink(_ value: RealmValue, in file: RealmFile) throws {
        guard case let .link(tableKey, key) = value, let target = file.table(withKey: tableKey) else { return }
        if let (leaf, row) = try target.objects.find(key: key) {
            _ = try leaf.key(at: row)
        }
    }
}
