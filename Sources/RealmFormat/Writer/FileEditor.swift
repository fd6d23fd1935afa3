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
    /// New classes and properties, in staging order (`FileEditor+Schema`).
    var schema = SchemaEdits()

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
        try requireNoSchemaEdit(of: table)
        guard !edits.contains(where: { $0.table.slot == table.slot && ($0.isCreation || $0.isDeletion) }) else {
            throw .cannotWrite(path: path, reason: "commit the objects created in or deleted from \(table.displayName) before changing others")
        }
        edits.append(Edit(table: table, key: key, column: column, change: .value(value)))
    }

    /// Writes the staged changes as one new version.
    @discardableResult
    public func commit() throws(RealmFormatError) -> CommitSummary {
        guard let top = file.top, !edits.isEmpty || !schema.isEmpty else {
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
        let namesRef = try writeSchemaEdits(writer: writer, freed: freed, tableRefs: &tableRefs)
        for (tableIndex, tableEdits) in Dictionary(grouping: edits, by: { $0.table.slot }) {
            let table = tableEdits[0].table
            let tableTop = try bytes.node(at: tableRefs[tableIndex], context: "table \(table.name)")
            tableRefs[tableIndex] = try TableEditor(writer: writer, file: file, table: table, top: tableTop,
                                                    edits: tableEdits, freed: freed).write()
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
        let changes = edits.count + schema.count
        edits.removeAll()
        schema = SchemaEdits()
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
