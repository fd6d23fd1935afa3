/// Reads every object of one table that can still be read, going round whatever cannot: an
/// inner node or leaf that fails loses its objects only, a column node that fails loses that
/// property's values in its leaf only, a value that fails loses that value only.
///
/// An object is kept when its key and every required value (its primary key and non-nullable
/// scalars) can be read; a lost optional value becomes null and a lost collection empty, so
/// nothing is invented. Links still name the old keys: `LinkRepair` checks them once every
/// table is read.
struct TableSalvager {
    let file: RealmFile
    let table: Table
    /// The table's objects root (table top slot 2), read again here: the table's own tree
    /// may have been left empty because it could not even be counted.
    let root: Result<Node?, RealmFormatError>
    let copier: FileCopier
    let collections: CollectionReader
    /// Table key to position in the new file, for the tables whose schema could be read.
    let positions: [UInt32: Int]

    private(set) var columns: [NewColumn] = []
    /// The table's columns that are written, in the order of `columns`.
    private var kept: [Column] = []
    private(set) var rows: [(key: Int64, values: [NewValue])] = []
    private(set) var recovery: ClassRecovery
    private var visited = Set<Int>()

    init(file: RealmFile, table: Table, root: Result<Node?, RealmFormatError>, positions: [UInt32: Int]) {
        self.file = file
        self.table = table
        self.root = root
        self.positions = positions
        copier = FileCopier(file: file)
        collections = CollectionReader(file: file)
        recovery = ClassRecovery(name: table.displayName)
        for column in table.columns {
            if column.type == .typedLink && column.collection != nil {
                recovery.droppedProperties.append(column.name)
                recovery.note("\(column.name): collections of typed links cannot be written yet")
                continue
            }
            var target: Int?
            if column.isLink {
                guard let key = column.targetTableKey, let position = positions[key] else {
                    recovery.droppedProperties.append(column.name)
                    recovery.note("\(column.name): its target class could not be read")
                    continue
                }
                target = position
            }
            kept.append(column)
            columns.append(NewColumn(name: column.name, type: column.isLink ? .link : column.type, isNullable: column.isNullable,
                                     collection: column.collection, targetTable: target,
                                     isIndexed: column.isIndexed, isFullTextIndexed: column.isFullTextIndexed))
        }
    }

    /// Walks the whole tree; `progress` hears the number of objects read after each leaf.
    mutating func salvage(progress: (Int) -> Void) {
        let root: Node?
        switch self.root {
        case let .success(node): root = node
        case let .failure(error):
            recovery.note("objects: \(error)")
            return
        }
        guard let root else { return }
        recovery.expectedObjects = try? ClusterTree.subtreeCount(root, context: "objects of \"\(table.name)\"")
        let keyShift = (try? ClusterTree.detectKeyShift(root, context: table.name)) ?? 8
        walk(root, offset: 0, depth: 0, keyShift: keyShift, progress: progress)
        keepFirstOfEachKey()
    }

    private mutating func walk(_ node: Node, offset: Int64, depth: Int, keyShift: Int, progress: (Int) -> Void) {
        guard node.isInner else {
            do throws(RealmFormatError) {
                let leaf = try ClusterLeaf(node: node, keyOffset: offset, firstPosition: nil, usesLegacyDictionaries: file.fileFormat < 23)
                read(leaf)
                progress(leaf.count)
            } catch {
                recovery.note("a leaf at offset \(node.ref) could not be read: \(error)")
            }
            return
        }
        guard depth < ClusterTree.maximumDepth, visited.insert(node.ref).inserted else {
            recovery.note("the tree at offset \(node.ref) loops back on itself")
            return
        }
        let inner: InnerClusterNode
        do throws(RealmFormatError) {
            inner = try InnerClusterNode(node, keyShift: keyShift, tableName: table.name)
        } catch {
            recovery.note("an inner node at offset \(node.ref) could not be read: \(error)")
            return
        }
        for index in 0..<inner.childCount {
            do throws(RealmFormatError) {
                let child = try inner.child(index)
                let childOffset = try inner.keyOffset(index)
                walk(child, offset: offset &+ childOffset, depth: depth + 1, keyShift: keyShift, progress: progress)
            } catch {
                recovery.note("the objects under child \(index) of the inner node at offset \(node.ref) could not be read: \(error)")
            }
        }
    }

    private mutating func read(_ leaf: ClusterLeaf) {
        var readers: [Result<ColumnLeafReader, RealmFormatError>] = []
        for column in kept {
            do throws(RealmFormatError) {
                readers.append(.success(try ColumnLeafReader(leaf: leaf, column: column)))
            } catch {
                readers.append(.failure(error))
            }
        }
        rows.reserveCapacity(rows.count + leaf.count)
        for row in 0..<leaf.count {
            guard let key = try? leaf.key(at: row) else {
                recovery.lostObjects += 1
                recovery.note("object \(row) of the leaf at offset \(leaf.nodeRef): its key could not be read")
                continue
            }
            var values: [NewValue] = []
            values.reserveCapacity(kept.count)
            var required: String?
            for (index, column) in kept.enumerated() {
                do throws(RealmFormatError) {
                    let value = try readers[index].get().value(at: row)
                    values.append(try copier.converted(value, column: column, collections: collections, positions: positions))
                } catch {
                    guard let placeholder = TableSalvager.placeholder(for: column) else {
                        required = "\(column.name): \(error)"
                        break
                    }
                    values.append(placeholder)
                    recovery.lostValues += 1
                    recovery.note("\(table.displayName)[key \(key)].\(column.name): \(error)")
                }
            }
            if let required {
                recovery.lostObjects += 1
                recovery.note("\(table.displayName)[key \(key)] lost: its required property \(required)")
                continue
            }
            rows.append((key, values))
        }
    }

    /// What a value that cannot be read is written as, or nil when the object cannot be kept
    /// without it (a primary key, or a required scalar that would need an invented value).
    static func placeholder(for column: Column) -> NewValue? {
        guard !column.isPrimaryKey else { return nil }
        switch column.collection {
        case .dictionary?: return .dictionary([])
        case .list? where column.type == .mixed: return .mixedList([])
        case .list?, .set?: return .list([])
        case nil:
            return column.isNullable || column.isLink || column.type == .mixed ? .scalar(.null) : nil
        }
    }

    /// Keys must be unique and ascending in the new file, and so must primary keys: a
    /// damaged tree can repeat either.
    private mutating func keepFirstOfEachKey() {
        rows.sort { $0.key < $1.key }
        var seenKeys = Set<Int64>()
        let primary = kept.firstIndex(where: \.isPrimaryKey)
        // Primary keys are ints, strings, ObjectIds or UUIDs (or null): their descriptions tell them apart.
        var seenPrimaryKeys = Set<String>()
        var unique: [(key: Int64, values: [NewValue])] = []
        unique.reserveCapacity(rows.count)
        for row in rows {
            guard seenKeys.insert(row.key).inserted else {
                recovery.lostObjects += 1
                recovery.note("\(table.displayName)[key \(row.key)] appears twice in the tree; the first is kept")
                continue
            }
            if let primary, case let .scalar(value) = row.values[primary], !seenPrimaryKeys.insert(String(reflecting: value)).inserted {
                recovery.lostObjects += 1
                recovery.note("\(table.displayName)[key \(row.key)] repeats primary key \(value); the first is kept")
                continue
            }
            unique.append(row)
        }
        rows = unique
    }

    /// The report once links are repaired: the rows left are the objects saved.
    var settledRecovery: ClassRecovery {
        var settled = recovery
        settled.savedObjects = rows.count
        return settled
    }

    /// Drops rows by key (embedded objects without an owner).
    mutating func remove(keys: Set<Int64>) {
        rows.removeAll { keys.contains($0.key) }
    }

    mutating func recordLost(objects: Int, links: Int, reason: String?) {
        recovery.lostObjects += objects
        recovery.lostLinks += links
        if let reason { recovery.note(reason) }
    }

    mutating func replaceValues(ofRow row: Int, column: Int, with value: NewValue) {
        rows[row].values[column] = value
    }
}
