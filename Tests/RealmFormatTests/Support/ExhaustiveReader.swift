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
/// `objectsPerTable`, to keep big.realm affordable) including every element of every list, set
/// and dictionary (recursively into collections nested in Mixed values, as `dump` does), the
/// hidden backlink columns, follows links and typed links to their targets with `find(key:)`,
/// and probes `leaf(atPosition:)` and `find(key:)` at the ends, the middle and with impossible
/// arguments.
enum ExhaustiveReader {
    /// Thrown by the scan to stop after the object budget; never escapes `read`.
    private struct BudgetExhausted: Error {}

    /// Thrown when collections nest deeper than this. No valid file comes close (the fixtures
    /// nest three levels); deeper nesting means a nested ref loops back to an ancestor, and a
    /// caller that recurses like `dump` would never return. RealmFormat must refuse that first
    /// (`CollectionReader.maximumNestingDepth`); if it does not, the case is reported as
    /// `.unexpectedError` instead of overflowing the stack.
    static let maximumNesting = CollectionReader.maximumNestingDepth + 2

    private struct NestingTooDeep: Error, CustomStringConvertible {
        let rootRef: Int64?
        var description: String {
            "collections nested deeper than \(ExhaustiveReader.maximumNesting) levels (at offset \(rootRef.map(String.init) ?? "-")); RealmFormat did not reject the loop"
        }
    }

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
        let walker = ValueWalker(file: file)
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
            // Public columns first, then the hidden backlink columns.
            let columns = table.columns + table.backlinkColumns
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
                            valuesRead += try walker.read(row: row, of: reader)
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
                valuesRead += try readRow(row, of: leaf, columns: columns, walker: walker)
            }
            for key in sampledKeys + [-1, 0, Int64.max, Int64.min] {
                guard let (leaf, row) = try table.objects.find(key: key) else { continue }
                _ = try leaf.key(at: row)
                valuesRead += try readRow(row, of: leaf, columns: columns, walker: walker)
            }
        }
        return valuesRead
    }

    private static func readRow(_ row: Int, of leaf: ClusterLeaf, columns: [Column], walker: ValueWalker) throws -> Int {
        var valuesRead = 0
        for column in columns {
            valuesRead += try walker.read(row: row, of: try ColumnLeafReader(leaf: leaf, column: column))
        }
        return valuesRead
    }

    /// Reads one value completely: its collection elements (recursively), and the objects its
    /// links, typed links and backlinks point to.
    ///
    /// Each distinct link target is resolved once per read: demo.realm holds about 15,000 links
    /// to 2,000 objects, and resolving every one of them on each of hundreds of corruption cases
    /// costs seconds while adding nothing, whereas a damaged link value is a new target and so is
    /// still resolved.
    private final class ValueWalker {
        private struct Target: Hashable {
            let table: UInt32
            let key: Int64
        }

        let file: RealmFile
        let collections: CollectionReader
        private var resolved = Set<Target>()

        init(file: RealmFile) {
            self.file = file
            collections = CollectionReader(file: file)
        }

        /// The number of values read for the object in `row`: 1 plus any collection elements
        /// and backlinks.
        func read(row: Int, of reader: ColumnLeafReader) throws -> Int {
            if reader.column.isBacklink {
                let origins = try reader.backlinks(at: row)
                // Every backlink is read, but only the first and last few are resolved: one
                // object can have thousands (test_upgrade_database_1000_23).
                if let origin = reader.column.targetTableKey {
                    for key in origins.prefix(4) + origins.suffix(4) { try resolve(key: key, in: origin) }
                }
                return 1 + origins.count
            }
            return try walk(try reader.value(at: row), depth: 0)
        }

        private func walk(_ value: RealmValue, depth: Int) throws -> Int {
            switch value {
            case let .link(table, key), let .typedLink(table, key):
                try resolve(key: key, in: table)
                return 1
            case let .collection(summary):
                guard depth < ExhaustiveReader.maximumNesting else { throw NestingTooDeep(rootRef: summary.rootRef) }
                var valuesRead = 1
                if summary.kind == .dictionary {
                    for entry in try collections.entries(of: summary) {
                        valuesRead += try walk(entry.key, depth: depth + 1)
                        valuesRead += try walk(entry.value, depth: depth + 1)
                    }
                } else {
                    for element in try collections.elements(of: summary) {
                        valuesRead += try walk(element, depth: depth + 1)
                    }
                }
                return valuesRead
            default:
                return 1
            }
        }

        /// Finds the target object, as displaying a link would.
        private func resolve(key: Int64, in tableKey: UInt32) throws {
            guard resolved.insert(Target(table: tableKey, key: key)).inserted,
                  let table = file.table(withKey: tableKey) else { return }
            if let (leaf, row) = try table.objects.find(key: key) {
                _ = try leaf.key(at: row)
            }
        }
    }
}
