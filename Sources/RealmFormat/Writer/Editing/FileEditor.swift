#if canImport(Glibc)
import Glibc
#endif

/// Changes values in an existing Realm file and commits them the way realm-core commits a write
/// transaction: copy-on-write of the changed leaves and their ancestors, placed in the file's
/// available free space (`FreeSpaceAllocator`) or, when none fits, in space the file grows by;
/// new free lists and a new top; data synced; then the header's other
/// top-ref slot written and synced, and the select bit flipped and synced. A crash at any point
/// leaves the old version or the new one; a write or sync that fails is undone
/// (`CommitJournal`): the file is back to its old bytes and size, the changes still staged.
///
/// While the editor exists it holds Realm's lock file exclusively, so no Realm process can open
/// the file underneath it; if one already has it open, the editor refuses to start.
public final class FileEditor {
    public let path: String
    public let file: RealmFile
    private let descriptor: Int32
    /// Where the commit's bytes go: the file, or, for an encrypted file, its pages.
    private let target: WriteTarget
    private let lockDescriptor: Int32
    /// Set for a writer inside a Realm session; nil when the editor holds the lock file
    /// exclusively and the current version is the only one in use.
    private let oldestVersionInUse: Int64?
    /// Whether a commit checks its placements against every node of the current version.
    private var checksPlacements = true
    var edits = StagedEdits()
    /// Primary-key values of the file's objects, read once per table, and of staged objects.
    var primaryKeys = PrimaryKeyLookup()
    /// New classes and properties, in staging order (`FileEditor+Schema`).
    var schema = SchemaEdits()
    /// Backlink columns this transaction adds to existing tables (by table slot): Realm gives a
    /// class the backlink column of a Mixed property when the property first links there
    /// (`FileEditor+MixedBacklinks`).
    var addedBacklinkColumns: [Int: [Column]] = [:]
    /// A commit leaves `file` behind the new version, so an editor commits once: a second commit
    /// from the old top would place nodes in space the new version uses. A failed commit that
    /// was undone leaves it false (the file is the old version again).
    private var hasCommitted = false
    /// Where the commit's writing stands, for its error.
    private var step = CommitStep.writingNodes
    /// Set when the schema version (the `metadata` table) stays as it is although the staged
    /// schema changes need a migration (`FileEditor+SchemaVersion`).
    public var keepsSchemaVersion = false

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

        var isBacklinkChange: Bool {
            if case .backlinks = change { return true }
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
        /// The whole stored value of one property: a list, set or dictionary with its elements,
        /// or a Mixed value with nested collections (written by `TableRebuilder`).
        case replace(NewValue)
    }

    /// What a commit wrote.
    public struct CommitSummary: Sendable {
        public let version: Int64
        public let bytesWritten: Int
        public let changes: Int
    }

    /// Edits `path` (decrypting and re-encrypting its pages with `key` when it is encrypted).
    public convenience init(path: String, key: EncryptionKey? = nil) throws(RealmFormatError) {
        try self.init(path: path, key: key, reusing: nil)
    }

    /// Edits the file `file` reads, starting from `file` itself when, with the lock held, it
    /// still is the file's current version (nothing is read or decrypted again); otherwise
    /// from the file as it is now.
    public convenience init(reusing file: RealmFile) throws(RealmFormatError) {
        try self.init(path: file.path, key: file.mapped.key, reusing: file)
    }

    private convenience init(path: String, key: EncryptionKey?, reusing open: RealmFile?) throws(RealmFormatError) {
        // An image of an older file (formats 5-11) is refused before anything is opened: not
        // even a lock file may appear beside the original.
        if let source = open?.source { throw .refusedEdit(source.editRefusal) }
        let lockDescriptor = Glibc.open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard lockDescriptor >= 0 else { throw .cannotWrite(path: path, reason: "cannot open its lock file: " + String(cString: strerror(errno))) }
        guard FileEditor.lockExclusively(lockDescriptor) else {
            close(lockDescriptor)
            throw .cannotWrite(path: path, reason: "another process has the Realm open (its lock file \(path).lock is held); close the app and try again")
        }
        try self.init(path: path, key: key, lockDescriptor: lockDescriptor, oldestVersionInUse: nil, reusing: open)
    }

    /// How many times (10 ms apart) the exclusive lock is tried before the file counts as open elsewhere.
    static let exclusiveLockAttempts = 100

    /// Takes the lock file exclusively, never blocking for long. A Realm app holds it shared
    /// for as long as it has the file open, and is refused; but a realm-browser reading the
    /// same file holds it for a moment before each command (to learn whether an app is there,
    /// `LockFileReader.join`), and a commit must not fail because it came at that moment.
    private static func lockExclusively(_ descriptor: Int32) -> Bool {
        for attempt in 0..<exclusiveLockAttempts {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
            guard errno == EWOULDBLOCK || errno == EINTR else { return false }
            if attempt + 1 < exclusiveLockAttempts { usleep(10_000) }
        }
        return false
    }

    /// An editor for a writer that is itself a participant of a Realm session and holds its
    /// write mutex (the tests' app double): no lock is taken here, and the commit reuses only
    /// space freed up to `oldestVersionInUse`, the oldest version the session's readers hold.
    /// `checksPlacements: false` skips walking the current version's nodes before each commit
    /// (the double commits hundreds of times a second; its files are checked afterwards).
    @_spi(SessionWriter)
    public convenience init(path: String, oldestVersionInUse: Int64, checksPlacements: Bool) throws(RealmFormatError) {
        try self.init(path: path, key: nil, lockDescriptor: -1, oldestVersionInUse: oldestVersionInUse, reusing: nil)
        self.checksPlacements = checksPlacements
    }

    /// - Parameter lockDescriptor: the lock file, held exclusively, released by `deinit`; -1
    ///   when the caller keeps other writers out.
    private init(path: String, key: EncryptionKey?, lockDescriptor: Int32, oldestVersionInUse: Int64?,
                 reusing open: RealmFile?) throws(RealmFormatError) {
        self.path = path
        self.lockDescriptor = lockDescriptor
        self.oldestVersionInUse = oldestVersionInUse
        do throws(RealmFormatError) {
            if let open, try FileVersion.current(path: path, key: key) == open.openedVersion {
                file = open
            } else {
                file = try RealmFile(path: path, key: key)
            }
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
            FileEditor.unlock(lockDescriptor)
            throw error
        }
        descriptor = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else {
            FileEditor.unlock(lockDescriptor)
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        do throws(RealmFormatError) {
            if let key = file.mapped.key {
                target = try EncryptedWriteTarget(descriptor: descriptor, key: key, base: file.mapped.bytes, path: path)
            } else {
                target = PlainWriteTarget(descriptor: descriptor, path: path)
            }
        } catch {
            close(descriptor)
            FileEditor.unlock(lockDescriptor)
            throw error
        }
    }

    deinit {
        close(descriptor)
        FileEditor.unlock(lockDescriptor)
    }

    private static func unlock(_ lockDescriptor: Int32) {
        guard lockDescriptor >= 0 else { return }
        flock(lockDescriptor, LOCK_UN)
        close(lockDescriptor)
    }

    /// Types whose column leaves this editor rewrites.
    static let editableTypes: Set<ColumnType> = [.int, .bool, .float, .double, .string, .binary, .timestamp,
                                                  .decimal128, .objectId, .uuid, .mixed]

    /// Stages `column = value` for the object with `key`; nothing is written before `commit`.
    public func set(_ value: RealmValue, column: Column, table: Table, key: Int64) throws(RealmFormatError) {
        guard column.enumValuesRef == nil else {
            throw .refusedEdit("\(table.displayName).\(column.name) is stored as an enumerated string column, which is not edited in place; 'compact' makes a copy with plain strings to edit")
        }
        guard column.collection == nil, FileEditor.editableTypes.contains(column.type) else {
            throw .refusedEdit("setting \(column.collection.map { "\($0) " } ?? "")\(column.type) properties is not supported yet")
        }
        guard try exists(table: table, key: key) else {
            throw .refusedEdit("\(table.displayName) has no object with key \(key)")
        }
        if column.isPrimaryKey {
            // Objects are found by their primary key: two objects must never share one.
            guard value != .null || column.isNullable else {
                throw .refusedEdit("\(table.displayName).\(column.name) is the primary key; it cannot be null")
            }
            try requireUniquePrimaryKey(value, column: column, table: table, except: key)
        }
        try atomically { () throws(RealmFormatError) in
            if column.isPrimaryKey { primaryKeys.noteStaged(value, key: key, tableSlot: table.slot) }
            if column.type == .mixed {
                try moveMixedBacklinks(from: try currentStored(column: column, table: table, key: key), to: .scalar(value),
                                       column: column, table: table, key: key)
            }
            edits.append(Edit(table: table, key: key, column: column, change: .value(value)))
        }
    }

    /// Writes the staged changes as one new version. Not cancellable: a commit stopped between
    /// its writes would leave nothing worth having, and it is short beside the reads before it.
    @discardableResult
    public func commit() throws(RealmFormatError) -> CommitSummary {
        try Cancellation.shielded { () throws(RealmFormatError) in try commitWhole() }
    }

    private func commitWhole() throws(RealmFormatError) -> CommitSummary {
        guard let top = file.top, !edits.isEmpty || !schema.isEmpty else {
            return CommitSummary(version: file.top?.version ?? 1, bytesWritten: 0, changes: 0)
        }
        let bytes = file.mapped.bytes
        let topNode = try bytes.node(at: Int64(top.ref), context: "top array")
        guard topNode.size >= 7 else { throw .cannotWrite(path: path, reason: "files without free lists are not edited yet") }
        guard !hasCommitted else {
            throw .cannotWrite(path: path, reason: "this editor already published a commit; open the file again to change the new version")
        }
        try stageSchemaVersion()
        let allocator = try freeSpaceAllocator(top: top, topNode: topNode)
        let writer = NodeWriter(committingTo: target, allocator: allocator, path: path)
        let freed = FreedSpace()
        var tableRefs = try (0..<top.tablesNode.size).map { index throws(RealmFormatError) in try top.tablesNode.int(index) }
        let editsByTable = Dictionary(grouping: edits, by: { $0.table.slot })
        let schemaWrite = try writeSchemaEdits(writer: writer, freed: freed, tableRefs: &tableRefs, editedSlots: Set(editsByTable.keys))
        let namesRef = schemaWrite.names
        for (tableIndex, tableEdits) in editsByTable where !schemaWrite.removedSlots.contains(tableIndex) {
            let table = tableEdits[0].table
            let tableTop = try bytes.node(at: tableRefs[tableIndex], context: "table \(table.name)")
            if let reshape = schemaWrite.reshapes[tableIndex] {
                tableRefs[tableIndex] = try TableRebuilder(writer: writer, file: file, table: table, top: tableTop, edits: tableEdits,
                                                           freed: freed, reshape: reshape).write()
                continue
            }
            if let added = addedBacklinkColumns[tableIndex], !added.isEmpty {
                tableRefs[tableIndex] = try TableRebuilder(writer: writer, file: file, table: table, top: tableTop, edits: tableEdits,
                                                           freed: freed, addedColumns: added).write()
                continue
            }
            tableRefs[tableIndex] = try TableEditor(writer: writer, file: file, table: table, top: tableTop,
                                                    edits: tableEdits, freed: freed).write()
        }
        let tables = try writer.integers(tableRefs, hasRefs: true)
        freed.add(top.tablesNode)
        freed.add(topNode)
        if let positions = try topNode.child(3, "free positions"), let lengths = try topNode.child(4, "free lengths"),
           let versions = try topNode.child(5, "free versions") {
            freed.add(positions)
            freed.add(lengths)
            freed.add(versions)
        }
        let newVersion = top.version + 1
        var slots = try (0..<topNode.size).map { index throws(RealmFormatError) in try topNode.int(index) }
        // The three free-list nodes are 64 bits wide so their size follows from the entry count.
        let topBytes = 8 + 8 * slots.count
        let finalBytes = { (entries: Int) in 3 * (8 + 8 * entries) + topBytes }
        let freedNodes = freed.nodes.map { FreeSpaceAllocator.Entry(position: $0.ref, length: $0.size, version: newVersion) }
        try allocator.reserveFinalChunk(freedCount: freedNodes.count, finalBytes: finalBytes)
        let entries = try allocator.freeList(freed: freedNodes, newVersion: newVersion, finalBytes: finalBytes)
        let positions = try writer.integers(entries.map { Int64($0.position) }, minimumWidth: 64)
        let lengths = try writer.integers(entries.map { Int64($0.length) }, minimumWidth: 64)
        let versions = try writer.integers(entries.map(\.version), minimumWidth: 64)
        let logicalSize = Int64(allocator.logicalSize)
        if let namesRef { slots[0] = namesRef }
        slots[1] = tables
        slots[2] = (logicalSize << 1) | 1
        slots[3] = positions
        slots[4] = lengths
        slots[5] = versions
        slots[6] = (newVersion << 1) | 1
        let newTop = try writer.integers(slots, hasRefs: true, minimumWidth: 64)
        guard let reservedStart = allocator.reservedStart, positions == Int64(reservedStart),
              newTop + Int64(topBytes) == Int64(reservedStart + finalBytes(entries.count)) else {
            throw .cannotWrite(path: path, reason: "internal error: the free lists and top are not where they were reserved")
        }
        try allocator.ensureDisjoint(fromFreed: freedNodes)
        try write(nodes: writer, topRef: newTop, logicalSize: Int(logicalSize), version: top.version)
        let changes = edits.count + schema.count
        edits.removeAll()
        schema = SchemaEdits()
        addedBacklinkColumns = [:]
        keepsSchemaVersion = false
        return CommitSummary(version: newVersion, bytesWritten: writer.bytesWritten, changes: changes)
    }

    /// The allocator for a commit on the current version: the free list's entries, and, for
    /// files small enough to walk, every live node to check placements against.
    private func freeSpaceAllocator(top: GroupTop, topNode: Node) throws(RealmFormatError) -> FreeSpaceAllocator {
        let logicalSize = Int(top.logicalFileSize)
        guard logicalSize % 8 == 0, logicalSize >= 24, logicalSize <= file.fileSize else {
            throw .cannotWrite(path: path, reason: "the logical file size \(logicalSize) is not a node boundary inside the file; the file is damaged")
        }
        var entries: [FreeSpaceAllocator.Entry] = []
        if let positions = try topNode.child(3, "free positions"), let lengths = try topNode.child(4, "free lengths"),
           let versions = try topNode.child(5, "free versions") {
            guard lengths.size == positions.size, versions.size == positions.size else {
                throw .cannotWrite(path: path, reason: "the three free lists differ in length; the file is damaged")
            }
            for index in 0..<positions.size {
                entries.append(FreeSpaceAllocator.Entry(position: Int(try positions.int(index)), length: Int(try lengths.int(index)),
                                                        version: try versions.int(index)))
            }
        }
        let live = checksPlacements && logicalSize <= LiveNodeMap.sizeLimit ? try LiveNodeMap(top: topNode, in: file.mapped.bytes, logicalSize: logicalSize) : nil
        return try FreeSpaceAllocator(entries: entries, oldestVersionInUse: min(oldestVersionInUse ?? top.version, top.version),
                                      logicalSize: logicalSize,
                                      liveNodes: live, path: path)
    }

    /// Writes the commit's nodes and publishes them. Any failure undoes every write (the
    /// file back to its bytes and size before), and the editor keeps its staged changes for
    /// another `commit`; only when the undo fails after the select bit was written is the
    /// outcome uncertain, and the editor then commits no more (a second commit from the old top
    /// could overwrite a version that is live).
    private func write(nodes writer: NodeWriter, topRef: Int64, logicalSize: Int, version: Int64) throws(RealmFormatError) {
        let size = try target.beginUndoableWrites()
        step = .writingNodes
        do throws(RealmFormatError) {
            try writer.flush()
            try publish(topRef: topRef, logicalSize: logicalSize)
        } catch {
            let reason = "\(error.writeFailureReason) (\(step.description))"
            do throws(RealmFormatError) {
                try target.undoWrites()
            } catch let undo {
                if step == .flippingSelectBit {
                    hasCommitted = true
                    throw .commitFailed(path: path, reason: reason, outcome: .uncertain(version: version, newVersion: version + 1,
                                                                                      undoFailure: undo.writeFailureReason))
                }
                throw .commitFailed(path: path, reason: reason, outcome: .oldVersionKept(version: version, size: size,
                                                                                         undoFailure: undo.writeFailureReason))
            }
            throw .commitFailed(path: path, reason: reason, outcome: .unchanged(version: version, size: size))
        }
        target.keepWrites()
        hasCommitted = true
    }

    /// Makes the new version durable, then live: sync the data, write the other header slot,
    /// sync, flip the select bit, sync.
    /// (For an encrypted file each sync writes whole pages, the header's page 0 included, with
    /// their IV entries first: §11.3.)
    private func publish(topRef: Int64, logicalSize: Int) throws(RealmFormatError) {
        step = .syncingNodes
        try target.extend(toLogicalSize: logicalSize)
        try target.sync()
        step = .writingHeader
        let current = file.header.selectedSlot
        let other = 1 - current
        try target.write(withUnsafeBytes(of: UInt64(topRef).littleEndian, Array.init), at: other * 8)
        try target.write([24], at: 20 + other)
        try target.sync()
        // The flags byte as this version has it (the editor holds the file: no one else wrote).
        let flags = try file.mapped.bytes.uint8(at: 23) ^ 1
        step = .flippingSelectBit
        target.markPublishing()
        try target.write([flags], at: 23)
        try target.sync()
    }
}
