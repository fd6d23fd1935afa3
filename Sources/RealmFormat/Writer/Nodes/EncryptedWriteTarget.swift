#if canImport(Glibc)
import Glibc
#endif

/// An encrypted file as a `WriteTarget` (realm-file-format.md §11.3): writes land in plaintext
/// copies of the pages they touch (read from `base`, the decrypted current version, or zeros
/// past it); `sync` encrypts every changed page with a rotated IV, writes all their IV entries,
/// `fdatasync`, writes the pages, and `fsync`s. So each step of a commit (§8: the nodes, the
/// header's other slot, the select bit) reaches the disk as whole pages whose old content stays
/// readable through the IV entry's second slot until the new page is written.
///
/// Pages keep their plaintext after `sync`, so a later step of the same commit (the header, in
/// page 0) changes the bytes the earlier step left. The copies are zeroed when released.
final class EncryptedWriteTarget: WriteTarget {
    let path: String
    private let descriptor: Int32
    private let writer: EncryptedPageWriter
    private let base: FileBytes?
    private var pages: [Int: UnsafeMutableRawBufferPointer] = [:]
    private var changed: Set<Int> = []
    private var logicalSize: Int

    /// - Parameter base: the plaintext of the file as it is now (nil for a new, empty file).
    /// False for a file no one needs after a crash (the private image of an older file): `sync`
    /// still encrypts and writes every page, but neither orders nor flushes them.
    private let durable: Bool

    init(descriptor: Int32, key: EncryptionKey, base: FileBytes?, path: String, durable: Bool = true) throws(RealmFormatError) {
        self.durable = durable
        self.descriptor = descriptor
        self.path = path
        self.base = base
        do throws(EncryptionError) {
            writer = try EncryptedPageWriter(descriptor: descriptor, key: key)
        } catch {
            throw .encryption(path: path, error)
        }
        logicalSize = writer.logicalSize
    }

    deinit { releasePages() }

    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(RealmFormatError) {
        let pageSize = EncryptedLayout.pageSize
        var position = 0
        while position < bytes.count {
            let index = (offset + position) / pageSize
            let start = (offset + position) - index * pageSize
            let length = min(pageSize - start, bytes.count - position)
            let page = try self.page(index)
            UnsafeMutableRawBufferPointer(rebasing: page[start..<(start + length)])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[position..<(position + length)]))
            changed.insert(index)
            position += length
        }
        logicalSize = max(logicalSize, offset + bytes.count)
    }

    /// The plaintext copy of page `index`, made on first use.
    private func page(_ index: Int) throws(RealmFormatError) -> UnsafeMutableRawBufferPointer {
        if let page = pages[index] { return page }
        let pageSize = EncryptedLayout.pageSize
        let page = UnsafeMutableRawBufferPointer.allocate(byteCount: pageSize, alignment: 16)
        page.initializeMemory(as: UInt8.self, repeating: 0)
        if let base, index * pageSize < base.count {
            let available = min(pageSize, base.count - index * pageSize)
            let source = try base.pointer(at: index * pageSize, length: available, context: "page \(index) of the decrypted file")
            UnsafeMutableRawBufferPointer(rebasing: page[0..<available]).copyMemory(from: UnsafeRawBufferPointer(start: source, count: available))
        }
        pages[index] = page
        return page
    }

    func extend(toLogicalSize size: Int) throws(RealmFormatError) {
        logicalSize = max(logicalSize, size)
    }

    func sync() throws(RealmFormatError) {
        try writeChanged(pages: changed.sorted(), barrier: durable)
        // Pages past the last one written but inside the logical size were never written: an
        // all-zero IV entry reads as zeros, so growing the file to its physical size suffices.
        let physical = EncryptedLayout.physicalSize(logicalSize: logicalSize)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure() }
        if Int(info.st_size) < physical { guard FileCalls.ftruncate(descriptor, physical) == 0 else { throw failure() } }
        guard durable else { return }
        guard FileCalls.fsync(descriptor) == 0 else { throw failure() }
    }

    func settle(below offset: Int) throws(RealmFormatError) {
        let settled = changed.filter { $0 != 0 && ($0 + 1) * EncryptedLayout.pageSize <= offset }.sorted()
        try writeChanged(pages: settled, barrier: false)
        for index in settled {
            if let page = pages.removeValue(forKey: index) {
                page.initializeMemory(as: UInt8.self, repeating: 0)
                page.deallocate()
            }
        }
    }

    func beginUndoableWrites() throws(RealmFormatError) -> Int {
        do throws(CommitJournal.Failure) {
            let journal = try CommitJournal(descriptor: descriptor, ordered: true)
            writer.journal = journal
            return journal.originalSize
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }

    func markPublishing() { writer.journal?.markPublishing() }

    /// Also drops the plaintext copies: they hold the failed commit's bytes, and the next
    /// commit must start from the pages as they are again (the decrypted `base`).
    func undoWrites() throws(RealmFormatError) {
        guard let journal = writer.journal else { return }
        writer.journal = nil
        releasePages()
        do throws(CommitJournal.Failure) { try journal.restore() } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
        writer.restored(physicalSize: journal.originalSize)
        logicalSize = writer.logicalSize
    }

    func keepWrites() { writer.journal = nil }

    private func releasePages() {
        for page in pages.values {
            page.initializeMemory(as: UInt8.self, repeating: 0)
            page.deallocate()
        }
        pages = [:]
        changed = []
    }

    private func writeChanged(pages indexes: [Int], barrier: Bool) throws(RealmFormatError) {
        guard !indexes.isEmpty else { return }
        let batch = indexes.compactMap { index in pages[index].map { (page: index, plaintext: UnsafeRawBufferPointer($0)) } }
        do throws(EncryptionError) {
            try writer.write(pages: batch, syncBeforePages: barrier)
        } catch {
            throw .encryption(path: path, error)
        }
        changed.subtract(indexes)
    }

    private func failure() -> RealmFormatError {
        .cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
}
