/// An open, read-only Realm file: header, top array and tables of the current version.
///
/// Opening validates the header and the top array and decodes every table's schema, which is
/// small; objects are only read when asked for. All reads are bounds-checked against the mapping.
public final class RealmFile: Sendable {
    public let path: String
    public let mapped: MappedFile
    public let header: FileHeader
    /// The top array this file object reads: the header's live one, or a pinned version's.
    public let topRef: Int64
    /// The version registered in the app's lock file that this object reads, if any.
    public let pinned: PinnedVersion?
    /// Nil for a brand-new file that has never been committed to.
    public let top: GroupTop?
    /// Tables in the file's order, removed slots skipped.
    public let tables: [Table]

    public var fileSize: Int { mapped.bytes.count }
    public let fileFormat: Int
    /// Set when this file reads a format-24 image made from an older file: that file, which
    /// `path` names and `openedVersion` describes.
    public let source: ImageSource?

    /// Opens `path`, decrypting it with `key` when one is given.
    public convenience init(path: String, key: EncryptionKey? = nil) throws(RealmFormatError) {
        try self.init(mapped: try MappedFile(path: path, key: key))
    }

    /// Opens the version a registration in the app's lock file names (§10.1): its entry's top
    /// ref, not the header's, which may already name a newer commit.
    public convenience init(path: String, pinned: PinnedVersion, key: EncryptionKey? = nil) throws(RealmFormatError) {
        try self.init(mapped: try MappedFile(path: path, key: key), pinned: pinned)
    }

    /// Whether the file is encrypted (and was opened with its key).
    public var isEncrypted: Bool { mapped.decrypted != nil }

    /// An encrypted file opened without its key: whole 4096-byte pages, no "T-DB" at 16, a first
    /// IV entry whose counter is set (page 0 is always written), and bytes 20-22 unlike a
    /// damaged plain header's (file formats up to 24, a zero byte): random HMAC bytes look like
    /// that once in about 27,000 files, a plain header whose mnemonic alone is damaged always does.
    static func looksEncrypted(_ file: FileBytes) -> Bool {
        guard file.count >= EncryptedLayout.smallestFileSize, file.count % EncryptedLayout.pageSize == 0 else { return false }
        let head = (0..<24).compactMap { try? file.uint8(at: $0) }
        guard head.count == 24, EncryptedFile.looksEncrypted(firstBytes: head), head[0..<4].contains(where: { $0 != 0 }) else { return false }
        return !(head[20] <= 24 && head[21] <= 24 && head[22] == 0)
    }

    /// Reads `mapped`, whose format must be one of `formats` (RealmLegacy reads formats 10 and
    /// 11, whose cluster layout is this reader's, with these types). With `source`, `mapped` is
    /// the image of that older file.
    public init(mapped: MappedFile, pinned: PinnedVersion? = nil, formats: ClosedRange<Int> = FileHeader.readableFormats,
                source: ImageSource? = nil) throws(RealmFormatError) {
        path = source?.path ?? mapped.path
        self.mapped = mapped
        self.pinned = pinned
        self.source = source
        let file = mapped.bytes
        if mapped.decrypted == nil, RealmFile.looksEncrypted(file) { throw .encryptedWithoutKey(path: mapped.path) }
        header = try FileHeader(file: file, readable: formats)
        if let pinned {
            // The file never shrinks while the app's session lasts, so a version's space lies
            // inside the mapping; a pin outside it is not this file's.
            guard pinned.fileSize >= 24, pinned.fileSize <= Int64(file.count), pinned.topRef > 0,
                  pinned.topRef % 8 == 0, pinned.topRef < pinned.fileSize else {
                throw .badRef(ref: pinned.topRef, fileSize: file.count,
                              context: "version \(pinned.version) registered in the lock file (file size \(pinned.fileSize))")
            }
            topRef = pinned.topRef
            // During an upgrade the two header slots carry different formats: use the slot of
            // the pinned top when the header still names it.
            if header.isStreamingForm {
                fileFormat = header.fileFormat
            } else {
                fileFormat = pinned.topRef == header.topRefs.0 ? header.formats.0
                    : pinned.topRef == header.topRefs.1 ? header.formats.1 : header.fileFormat
            }
            guard formats.contains(fileFormat) else { throw .unsupportedFileFormat(fileFormat) }
        } else {
            topRef = header.topRef
            fileFormat = header.fileFormat
        }
        guard topRef != 0 else {
            top = nil
            tables = []
            return
        }
        let top = try GroupTop(ref: topRef, file: file)
        if let pinned, top.hasVersionSlot, UInt64(bitPattern: top.version) != pinned.version {
            throw .unexpectedNode(ref: Int(topRef), context: "top array of the registered version",
                                  detail: "holds version \(top.version), the lock file says \(pinned.version)")
        }
        self.top = top
        let names = try BlobLeaf(node: top.tableNamesNode, isString: true)
        let tableRefs = top.tablesNode
        try tableRefs.require(tableRefs.hasRefs && tableRefs.size == names.count, "table list",
                              "\(tableRefs.size) tables for \(names.count) names")
        var tables: [Table] = []
        for slot in 0..<tableRefs.size {
            guard case let .ref(raw) = try tableRefs.slot(slot) else { continue }
            let name = try names.element(slot).string ?? ""
            let tableTop = try file.node(at: raw, context: "table \"\(name)\"")
            tables.append(try Table(name: name, slot: slot, top: tableTop, file: file, format: fileFormat))
        }
        self.tables = tables
    }

    /// A file read for recovery: from a top array the caller chose (the header may be what is
    /// damaged), with the tables that could be read; `skip` hears about each one that could not.
    init(salvaging mapped: MappedFile, header: FileHeader, topRef: Int64, fileFormat: Int, names: BlobLeaf, tableRefs: Node,
         skip: (_ slot: Int, _ name: String, _ error: RealmFormatError) -> Void) {
        path = mapped.path
        self.mapped = mapped
        self.header = header
        source = nil
        self.topRef = topRef
        self.fileFormat = fileFormat
        pinned = nil
        top = try? GroupTop(ref: topRef, file: mapped.bytes)
        var tables: [Table] = []
        for slot in 0..<tableRefs.size {
            let name = (try? names.element(slot).string) ?? "table \(slot)"
            do throws(RealmFormatError) {
                guard case let .ref(raw) = try tableRefs.slot(slot) else { continue }
                let tableTop = try mapped.bytes.node(at: raw, context: "table \"\(name)\"")
                tables.append(try Table(name: name, slot: slot, top: tableTop, file: mapped.bytes, format: fileFormat,
                                        toleratesDamagedObjects: true))
            } catch {
                skip(slot, name, error)
            }
        }
        self.tables = tables
    }

    public func table(named name: String) -> Table? {
        tables.first { $0.name == name }
    }

    /// Finds a table by TableKey, the way links refer to their targets.
    public func table(withKey key: UInt32) -> Table? {
        tables.first { $0.key == key }
    }

    /// Tables of the user's schema (`class_` prefix), in file order.
    public var classTables: [Table] { tables.filter { $0.className != nil } }
}
