#if canImport(Glibc)
import Glibc
#endif

/// Changes values in an existing Realm file and commits them the way realm-core commits a write
/// transaction: copy-on-write of the changed leaves and their ancestors, appended after the
/// logical end of the file; new free lists and a new top; data synced; then the header's other
/// top-ref slot written and synced, and the select bit flipped and synced. A crash at any point
/// leaves the old version or the new one.
///
/// While the editor exists it holds Realm's lock file exclusively, so no Realm process can open
/// the file underneath it; if one already has it open, the editor refuses to start.
public final class FileEditor {
    public let path: String
    public let file: RealmFile
    private let descriptor: Int32
    private let lockDescriptor: Int32
    var edits: [Edit] = []
    /// Classes to add (schema edits), written after the changed tables.
    var newTables: [NewTable] = []

    struct Edit {
        let table: Table
        let key: Int64
        let column: Column
        let change: Change

        var isCreation: Bool {
            if case .create = change { return true }
            return false
        }

        var isDeletion: Bool {
            if case .delete = change { return true }
            return false
        }
    }

    /// A new value for a property, the new elements of a list of links, or the new origin keys
    /// of a backlink column's entry.
    enum Change {
        case value(RealmValue)
        case linkList([Int64])
        case backlinks([Int64])
        /// A new object with these values (by leaf index; others get their type's default).
        case create([Int: RealmValue])
        /// The object is removed.
        case delete
        /// A new property for every object of the table (schema edit).
        case addColumn(NewColumn)
    }

    /// What a commit wrote.
    public struct CommitSummary: Sendable {
        public let version: Int64
        public let bytesWritten: Int
        public let changes: Int
    }

    public init(path: String) throws(RealmFormatError) {
        self.path = path
        lockDescriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard lockDescriptor >= 0 else { throw .cannotWrite(path: path, reason: "cannot open its lock file: " + String(cString: strerror(errno))) }
        guard flock(lockDescriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(lockDescriptor)
            throw .cannotWrite(path: path, reason: "another process has the Realm open (its lock file \(path).lock is held); close the app and try again")
        }
        do throws(RealmFormatError) {
            file = try RealmFile(path: path)
            guard file.fileFormat == 24 else {
                throw RealmFormatError.cannotWrite(path: path, reason: "file format \(file.fileFormat) is read-only here; 'upgrade' makes a format-24 copy to edit")
            }
            guard let top = file.top, top.historyType != .syncClient, top.historyType != .syncServer else {
                throw RealmFormatError.cannotWrite(path: path, reason: "synchronized Realms are never edited: the sync history would not contain the change")
            }
            guard !file.header.isStreamingForm else {
                throw RealmFormatError.cannotWrite(path: path, reason: "the file is in streaming form (a writeCopy); 'compact' makes an editable copy")
            }
        } catch {
            flock(lockDescriptor, LOCK_UN)
            close(lockDescriptor)
            throw error
        }
        descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else {
            flock(lockDescriptor, LOCK_UN)
            close(lockDescriptor)
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }

    deinit {
        close(descriptor)
        flock(lockDescriptor, LOCK_UN)
        close(lockDescriptor)
    }

    /// Types whose column leaves this editor rewrites.
    static let editableTypes: Set<ColumnType> = [.int, .bool, .float, .double, .string, .binary, .timestamp,
                                                  .decimal128, .objectId, .uuid, .mixed]

    /// Stages `column = value` for the object with `key`; nothing is written before `commit`.
    public func set(_ value: RealmValue, column: Column, table: Table, key: Int64) throws(RealmFormatError) {
        guard column.collection == nil, FileEditor.editableTypes.contains(column.type), column.enumValuesRef == nil else {
            throw .cannotWrite(path: path, reason: "setting \(column.collection.map { "\($0) " } ?? "")\(column.type) properties is not supported yet")
        }
        guard try table.objects.find(key: key) != nil else {
            throw .cannotWrite(path: path, reason: "\(table.displayName) has no object with key \(key) (yet: commit a create before setting it)")
        }
        guard !edits.contains(where: { $0.table.slot == table.slot && ($0.isCreation || $0.isDeletion) }) else {
            throw .cannotWrite(path: path, reason: "commit the objects created in or deleted from \(table.displayName) before changing others")
        }
        edits.append(Edit(table: table, key: key, column: column, change: .value(value)))
    }

    /// Stages pointing a single link at `target` (nil for null), keeping the backlink columns of
    /// the old and the new target right.
    public func setLink(to target: Int64?, column: Column, table: Table, key: Int64) throws(RealmFormatError) {
        guard column.type == .link, column.collection == nil, let targetKey = column.targetTableKey,
              let targetTable = file.table(withKey: targetKey) else {
            throw .cannotWrite(path: path, reason: "\(column.name) is not a single link")
        }
        guard targetTable.kind != .embedded else {
            throw .cannotWrite(path: path, reason: "links to embedded objects are owned by their parent; they cannot be re-pointed")
        }
        guard let backlinkColumn = targetTable.backlinkColumns.first(where: { $0.targetTableKey == table.key && $0.oppositeColumnKey == column.key }) else {
            throw .cannotWrite(path: path, reason: "\(targetTable.displayName) has no backlink column for \(table.displayName).\(column.name)")
        }
        if let target, try targetTable.objects.find(key: target) == nil {
            throw .cannotWrite(path: path, reason: "\(targetTable.displayName) has no object with key \(target)")
        }
        guard try table.objects.find(key: key) != nil else {
            throw .cannotWrite(path: path, reason: "\(table.displayName) has no object with key \(key)")
        }
        var old: Int64?
        if case let .link(_, current) = try currentValue(column: column, table: table, key: key) { old = current }
        guard old != target else { return }
        edits.append(Edit(table: table, key: key, column: column, change: .value(target.map { .link(table: targetKey, key: $0) } ?? .null)))
        if let old {
            var origins = try currentBacklinks(column: backlinkColumn, table: targetTable, key: old)
            if let index = origins.firstIndex(of: key) { origins.remove(at: index) }
            edits.append(Edit(table: targetTable, key: old, column: backlinkColumn, change: .backlinks(origins)))
        }
        if let target {
            let origins = try currentBacklinks(column: backlinkColumn, table: targetTable, key: target) + [key]
            edits.append(Edit(table: targetTable, key: target, column: backlinkColumn, change: .backlinks(origins)))
        }
    }

    /// Stages a new object at the end of `table` and returns its object key. Properties not
    /// given get Realm's defaults (zero values, or null where optional). The new object goes
    /// into the table's last leaf; a full last leaf is not handled yet.
    public func create(in table: Table, values: [(column: Column, value: RealmValue)]) throws(RealmFormatError) -> Int64 {
        guard table.kind == .topLevel else { throw .cannotWrite(path: path, reason: "embedded objects are created through their parent") }
        for (column, _) in values where !(column.collection == nil && FileEditor.editableTypes.contains(column.type)) {
            throw .cannotWrite(path: path, reason: "\(column.name): only single values of scalar types can be given at creation; set links afterwards")
        }
        guard !edits.contains(where: { $0.table.slot == table.slot && !$0.isCreation }) else {
            throw .cannotWrite(path: path, reason: "commit the other changes to \(table.displayName) before creating objects in it")
        }
        let created = edits.filter { $0.table.slot == table.slot && $0.isCreation }.map(\.key)
        if let primaryKey = table.primaryKey {
            guard let value = values.first(where: { $0.column.key == primaryKey.key })?.value, value != .null || primaryKey.isNullable else {
                throw .cannotWrite(path: path, reason: "\(table.displayName) needs its primary key \(primaryKey.name)")
            }
            var taken = false
            for edit in edits where edit.table.slot == table.slot {
                if case let .create(given) = edit.change, given[primaryKey.leafIndex] == value { taken = true }
            }
            try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
                let reader = try ColumnLeafReader(leaf: leaf, column: primaryKey)
                for row in 0..<leaf.count where try reader.value(at: row) == value { taken = true }
            }
            guard !taken else {
                let shown: String
                switch value {
                case let .string(text): shown = "\"\(text)\""
                case let .int(number): shown = String(number)
                default: shown = "that value"
                }
                throw .cannotWrite(path: path, reason: "\(table.displayName) already has an object with \(primaryKey.name) = \(shown)")
            }
        }
        var highest: Int64 = -1
        if table.objects.count > 0, let (leaf, row) = try table.objects.leaf(atPosition: table.objects.count - 1) {
            highest = try leaf.key(at: row)
        }
        highest = max(highest, created.max() ?? -1)
        let sequence = highest < 0 ? 0 : ObjectKeys.nextSequence(after: [highest], hasPrimaryKey: table.primaryKey != nil)
        let key = table.primaryKey == nil ? ObjectKeys.squeezed(sequence) : sequence
        var byLeaf: [Int: RealmValue] = [:]
        for (column, value) in values { byLeaf[column.leafIndex] = value }
        edits.append(Edit(table: table, key: key, column: table.allColumns[0], change: .create(byLeaf)))
        return key
    }

    /// Stages removing an object, as Realm does: links to it become null, lists drop it, and
    /// the objects it links to lose its backlinks.
    public func delete(from table: Table, key: Int64) throws(RealmFormatError) {
        guard !edits.contains(where: { $0.table.slot == table.slot }) else {
            throw .cannotWrite(path: path, reason: "commit the other changes to \(table.displayName) before deleting from it")
        }
        guard let (leaf, row) = try table.objects.find(key: key) else {
            throw .cannotWrite(path: path, reason: "\(table.displayName) has no object with key \(key)")
        }
        // Objects linking here: null their links, take this object out of their lists.
        for backlinkColumn in table.backlinkColumns {
            let origins = try ColumnLeafReader(leaf: leaf, column: backlinkColumn).backlinks(at: row)
            guard !origins.isEmpty else { continue }
            guard let originTable = backlinkColumn.targetTableKey.flatMap({ file.table(withKey: $0) }), originTable.slot != table.slot,
                  let originColumn = originTable.allColumns.first(where: { $0.key == backlinkColumn.oppositeColumnKey }) else {
                throw .cannotWrite(path: path, reason: "objects linking to this one from \(table.displayName) itself or from Mixed values cannot be updated yet")
            }
            for origin in Set(origins).sorted() {
                if originColumn.collection == .list {
                    let remaining = try currentLinkList(column: originColumn, table: originTable, key: origin).filter { $0 != key }
                    edits.append(Edit(table: originTable, key: origin, column: originColumn, change: .linkList(remaining)))
                } else if originColumn.collection == nil {
                    edits.append(Edit(table: originTable, key: origin, column: originColumn, change: .value(.null)))
                } else {
                    throw .cannotWrite(path: path, reason: "\(originTable.displayName).\(originColumn.name) is a \(originColumn.collection?.rawValue ?? "") of links; deleting its targets is not supported yet")
                }
            }
        }
        // Objects this one links to lose one backlink per link.
        for column in table.columns where column.isLink || column.type == .mixed {
            let value = try ColumnLeafReader(leaf: leaf, column: column).value(at: row)
            var targets: [Int64] = []
            switch value {
            case let .link(_, target): targets = [target]
            case let .collection(collection) where column.isLink && column.collection == .list:
                targets = try CollectionReader(file: file).elements(of: collection).compactMap { if case let .link(_, k) = $0 { return k } else { return nil } }
            case .null: break
            case .collection where column.collection == nil || column.collection == .list && !column.isLink: continue
            default:
                guard column.type == .mixed else {
                    throw .cannotWrite(path: path, reason: "\(column.name) holds links this tool cannot unlink yet")
                }
                continue
            }
            guard !targets.isEmpty else { continue }
            guard let targetTable = column.targetTableKey.flatMap({ file.table(withKey: $0) }), targetTable.slot != table.slot,
                  targetTable.kind != .embedded,
                  let backlinkColumn = targetTable.backlinkColumns.first(where: { $0.targetTableKey == table.key && $0.oppositeColumnKey == column.key }) else {
                throw .cannotWrite(path: path, reason: "\(column.name) links to embedded or same-class objects; deleting such objects is not supported yet")
            }
            var counts: [Int64: Int] = [:]
            for target in targets { counts[target, default: 0] += 1 }
            for (target, count) in counts.sorted(by: { $0.key < $1.key }) {
                var origins = try currentBacklinks(column: backlinkColumn, table: targetTable, key: target)
                for _ in 0..<count { if let index = origins.lastIndex(of: key) { origins.remove(at: index) } }
                edits.append(Edit(table: targetTable, key: target, column: backlinkColumn, change: .backlinks(origins)))
            }
        }
        edits.append(Edit(table: table, key: key, column: table.allColumns[0], change: .delete))
    }

    /// Stages a new content for a list of links (`append`, `remove`, `move`), keeping the
    /// targets' backlink columns right: one backlink per list element.
    public func setLinkList(_ keys: [Int64], column: Column, table: Table, key: Int64) throws(RealmFormatError) {
        guard column.isLink, column.collection == .list, let targetKey = column.targetTableKey,
              let targetTable = file.table(withKey: targetKey) else {
            throw .cannotWrite(path: path, reason: "\(column.name) is not a list of links")
        }
        guard targetTable.kind != .embedded else {
            throw .cannotWrite(path: path, reason: "lists of embedded objects cannot be edited element by element yet")
        }
        guard let backlinkColumn = targetTable.backlinkColumns.first(where: { $0.targetTableKey == table.key && $0.oppositeColumnKey == column.key }) else {
            throw .cannotWrite(path: path, reason: "\(targetTable.displayName) has no backlink column for \(table.displayName).\(column.name)")
        }
        for target in Set(keys) where try targetTable.objects.find(key: target) == nil {
            throw .cannotWrite(path: path, reason: "\(targetTable.displayName) has no object with key \(target)")
        }
        let old = try currentLinkList(column: column, table: table, key: key)
        edits.append(Edit(table: table, key: key, column: column, change: .linkList(keys)))
        var counts: [Int64: Int] = [:]
        for target in keys { counts[target, default: 0] += 1 }
        for target in old { counts[target, default: 0] -= 1 }
        for (target, delta) in counts.sorted(by: { $0.key < $1.key }) where delta != 0 {
            var origins = try currentBacklinks(column: backlinkColumn, table: targetTable, key: target)
            if delta > 0 {
                origins += Array(repeating: key, count: delta)
            } else {
                for _ in 0..<(-delta) { if let index = origins.lastIndex(of: key) { origins.remove(at: index) } }
            }
            edits.append(Edit(table: targetTable, key: target, column: backlinkColumn, change: .backlinks(origins)))
        }
    }

    /// The elements of a list of links with the staged changes applied.
    public func currentLinkList(column: Column, table: Table, key: Int64) throws(RealmFormatError) -> [Int64] {
        for edit in edits.reversed() where edit.table.slot == table.slot && edit.key == key && edit.column.leafIndex == column.leafIndex {
            if case let .linkList(keys) = edit.change { return keys }
        }
        guard case let .collection(collection) = try currentValue(column: column, table: table, key: key) else { return [] }
        return try CollectionReader(file: file).elements(of: collection).compactMap { if case let .link(_, target) = $0 { return target } else { return nil } }
    }

    /// The value a property has with the staged changes applied.
    private func currentValue(column: Column, table: Table, key: Int64) throws(RealmFormatError) -> RealmValue {
        for edit in edits.reversed() where edit.table.slot == table.slot && edit.key == key && edit.column.leafIndex == column.leafIndex {
            if case let .value(value) = edit.change { return value }
        }
        guard let (leaf, row) = try table.objects.find(key: key) else { return .null }
        return try ColumnLeafReader(leaf: leaf, column: column).value(at: row)
    }

    private func currentBacklinks(column: Column, table: Table, key: Int64) throws(RealmFormatError) -> [Int64] {
        for edit in edits.reversed() where edit.table.slot == table.slot && edit.key == key && edit.column.leafIndex == column.leafIndex {
            if case let .backlinks(keys) = edit.change { return keys }
        }
        guard let (leaf, row) = try table.objects.find(key: key) else { return [] }
        return try ColumnLeafReader(leaf: leaf, column: column).backlinks(at: row)
    }

    public var pendingChanges: Int { edits.count + newTables.count }

    /// Writes the staged changes as one new version.
    @discardableResult
    public func commit() throws(RealmFormatError) -> CommitSummary {
        guard let top = file.top, !edits.isEmpty || !newTables.isEmpty else {
            return CommitSummary(version: file.top?.version ?? 1, bytesWritten: 0, changes: 0)
        }
        let bytes = file.mapped.bytes
        let topNode = try bytes.node(at: Int64(top.ref), context: "top array")
        guard topNode.size >= 7 else { throw .cannotWrite(path: path, reason: "files without free lists are not edited yet") }
        let start = Int(top.logicalFileSize)
        guard start % 8 == 0, start >= 24 else {
            throw .cannotWrite(path: path, reason: "the logical file size \(start) is not a node boundary; the file is damaged")
        }
        let writer = NodeWriter(appendingTo: descriptor, at: start, path: path)
        let freed = FreedSpace()
        var tableRefs = try (0..<top.tablesNode.size).map { index throws(RealmFormatError) in try top.tablesNode.int(index) }
        for (tableIndex, tableEdits) in Dictionary(grouping: edits, by: { $0.table.slot }) {
            let table = tableEdits[0].table
            let tableTop = try bytes.node(at: tableRefs[tableIndex], context: "table \(table.name)")
            tableRefs[tableIndex] = try TableEditor(writer: writer, file: file, table: table, top: tableTop,
                                                    edits: tableEdits, freed: freed).write()
        }
        var namesRef: Int64?
        if !newTables.isEmpty {
            let names = try BlobLeaf(node: top.tableNamesNode, isString: true)
            var allNames: [String] = []
            for index in 0..<names.count { allNames.append(try names.element(index).string ?? "") }
            for table in newTables {
                let layouts = try TableSetWriter(writer: writer, tables: [table]).columnLayouts()
                let tableKey = Int64(tableRefs.count)
                tableRefs.append(try TableWriter(writer: writer, table: table, tableKey: tableKey, columns: layouts[0],
                                                 layouts: layouts, backlinks: [:]).write { _ in })
                allNames.append(table.name)
            }
            namesRef = try LeafEncoder(writer: writer).strings(allNames)
            try freed.addSubtree(top.tableNamesNode)
        }
        let tables = try writer.integers(tableRefs, hasRefs: true)
        freed.add(top.tablesNode)
        freed.add(topNode)
        var entries: [(position: Int64, length: Int64, version: Int64)] = []
        if let positions = try topNode.child(3, "free positions"), let lengths = try topNode.child(4, "free lengths"),
           let versions = try topNode.child(5, "free versions") {
            for index in 0..<positions.size {
                entries.append((try positions.int(index), try lengths.int(index), try versions.int(index)))
            }
            freed.add(positions)
            freed.add(lengths)
            freed.add(versions)
        }
        let newVersion = top.version + 1
        entries += freed.nodes.map { (Int64($0.ref), Int64($0.size), newVersion) }
        entries += writer.gaps.map { (Int64($0.position), Int64($0.length), 0) }
        entries.sort { $0.position < $1.position }
        for (previous, next) in zip(entries, entries.dropFirst()) where previous.position + previous.length > next.position {
            throw .cannotWrite(path: path, reason: "internal error: free space at \(next.position) would overlap")
        }
        let positions = try writer.integers(entries.map(\.position))
        let lengths = try writer.integers(entries.map(\.length))
        let versions = try writer.integers(entries.map(\.version))
        var slots = try (0..<topNode.size).map { index throws(RealmFormatError) in try topNode.int(index) }
        let topBytes = 8 + 8 * slots.count
        let sectionEnd = (writer.position / NodeWriter.sectionSize + 1) * NodeWriter.sectionSize
        let topRef = writer.position + topBytes > sectionEnd ? sectionEnd : writer.position
        let logicalSize = Int64(topRef + topBytes)
        if let namesRef { slots[0] = namesRef }
        slots[1] = tables
        slots[2] = (logicalSize << 1) | 1
        slots[3] = positions
        slots[4] = lengths
        slots[5] = versions
        slots[6] = (newVersion << 1) | 1
        let newTop = try writer.integers(slots, hasRefs: true, minimumWidth: 64)
        guard newTop == Int64(topRef) else { throw .cannotWrite(path: path, reason: "internal error: top placed at \(newTop)") }
        try writer.flush()
        try publish(topRef: newTop, logicalSize: Int(logicalSize))
        let changes = edits.count + newTables.count
        edits.removeAll()
        newTables.removeAll()
        return CommitSummary(version: newVersion, bytesWritten: Int(logicalSize) - start, changes: changes)
    }

    /// Makes the new version durable, then live: sync the data, write the other header slot,
    /// sync, flip the select bit, sync.
    private func publish(topRef: Int64, logicalSize: Int) throws(RealmFormatError) {
        let pageSize = 4096
        let physical = (logicalSize + pageSize - 1) / pageSize * pageSize
        if physical > file.fileSize { guard ftruncate(descriptor, off_t(physical)) == 0 else { throw failure() } }
        guard fsync(descriptor) == 0 else { throw failure() }
        let current = file.header.selectedSlot
        let other = 1 - current
        var slot = UInt64(topRef).littleEndian
        guard pwrite(descriptor, &slot, 8, off_t(other * 8)) == 8 else { throw failure() }
        var format: UInt8 = 24
        guard pwrite(descriptor, &format, 1, off_t(20 + other)) == 1, fsync(descriptor) == 0 else { throw failure() }
        var flags: UInt8 = 0
        guard pread(descriptor, &flags, 1, 23) == 1 else { throw failure() }
        flags ^= 1
        guard pwrite(descriptor, &flags, 1, 23) == 1, fsync(descriptor) == 0 else { throw failure() }
    }

    private func failure() -> RealmFormatError {
        .cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
}

/// Nodes that a commit replaces, with their sizes, to become free space.
final class FreedSpace {
    private(set) var nodes: [(ref: Int, size: Int)] = []
    private var seen = Set<Int>()

    func add(_ node: Node) {
        if seen.insert(node.ref).inserted { nodes.append((node.ref, node.byteSize)) }
    }

    /// The node and every node below it (every even, non-zero element of a has-refs node).
    func addSubtree(_ node: Node) throws(RealmFormatError) {
        var pending = [node]
        while let current = pending.popLast() {
            guard seen.insert(current.ref).inserted else { continue }
            nodes.append((current.ref, current.byteSize))
            guard current.hasRefs else { continue }
            for index in 0..<current.size {
                if case let .ref(raw) = try current.slot(index) {
                    pending.append(try current.file.node(at: raw, context: "freed subtree"))
                }
            }
        }
    }
}
