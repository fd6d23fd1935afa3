#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes pages of a logical (plaintext) image into an encrypted Realm file in place (§11.3).
///
/// A writer works on the logical view exactly as for a plain file and encrypts whole pages: to
/// change bytes of page p, write page p's complete new plaintext. Each page write reads the
/// page's IV-table entry, encrypts with the next counter (the old slot 1 moving to slot 2), and
/// writes the 64-byte entry **before** the 4096-byte page. That order is what makes a torn
/// write recoverable: if the entry reaches the disk and the page does not, the old ciphertext
/// still authenticates under slot 2 and reads as the page's previous content; the reverse (a
/// new page under an old entry) would authenticate under neither slot. `pwrite` alone does not
/// order the two on disk: `write(pages:)` puts an `fdatasync` between all the entries and all
/// the pages of a batch, and a caller writing page by page must sync between commit phases the
/// way §8 requires of any commit (nodes, then header, then select bit, each followed by fsync).
///
/// Pages beyond the end grow the file; a page that starts a new 64-page block first gets the
/// block's IV-table page, written as zeros (every entry "never written"). Pages skipped over
/// stay holes of zeros with zero entries, which read as zeros.
public final class EncryptedPageWriter {
    private let descriptor: Int32
    private let cipher: PageCipher
    /// The file's size on disk, as this writer has left it.
    public private(set) var physicalSize: Int
    /// Set while a commit in place writes: the bytes each write covers are saved first, so a
    /// failed commit can be undone (`EncryptedWriteTarget.undoWrites`).
    var journal: CommitJournal? {
        didSet { if let journal { physicalSize = journal.originalSize } }
    }

    /// The logical size the file now holds.
    public var logicalSize: Int { EncryptedLayout.logicalSize(physicalSize: physicalSize) }

    /// A writer for the encrypted file open read-write on `descriptor` (which stays the
    /// caller's). The file must be empty or a whole number of pages, and not a plain Realm file.
    public init(descriptor: Int32, key: EncryptionKey, freshIV: PageCipher.FreshIV = .random) throws(EncryptionError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .readFailed(offset: 0, reason: EncryptedFile.errnoText()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notARegularFile }
        let size = Int(info.st_size)
        guard size % EncryptedLayout.pageSize == 0 else { throw .notWholePages(size: size) }
        if size > 0 {
            let head = try EncryptedFile.readBytes(descriptor, count: 20, at: 0)
            guard EncryptedFile.looksEncrypted(firstBytes: head) else { throw .notEncrypted }
        }
        self.descriptor = descriptor
        self.cipher = try PageCipher(key: key, freshIV: freshIV)
        physicalSize = size
    }

    // MARK: Reading back

    /// Data page `page`'s IV-table entry as on disk (the zero entry beyond the file's end).
    public func entry(page: Int) throws(EncryptionError) -> IVEntry {
        guard page >= 0, page <= Int.max / EncryptedLayout.blockSize else { throw .invalidRequest("page \(page) is out of range") }
        let offset = EncryptedLayout.ivEntryOffset(page: page)
        guard offset + EncryptedLayout.ivEntrySize <= physicalSize else { return .zero }
        let raw = try EncryptedFile.readBytes(descriptor, count: EncryptedLayout.ivEntrySize, at: offset)
        return IVEntry(bytes: raw) ?? .zero
    }

    /// Decrypts data page `page` as it is on disk into `plaintext` (4096 bytes), for a caller
    /// that changes part of a page: pages beyond the end read as zeros.
    @discardableResult
    public func read(page: Int, into plaintext: UnsafeMutableRawBufferPointer) throws(EncryptionError) -> PageCipher.Source {
        let entry = try entry(page: page)
        let offset = EncryptedLayout.physicalOffset(page: page)
        return try withUnsafeTemporaryAllocation(byteCount: EncryptedLayout.pageSize, alignment: 16) {
            (ciphertext) throws(EncryptionError) -> PageCipher.Source in
            ciphertext.initializeMemory(as: UInt8.self, repeating: 0)
            if offset + EncryptedLayout.pageSize <= physicalSize {
                try EncryptedFile.readFully(descriptor, into: ciphertext, at: offset)
            }
            return try cipher.decrypt(page: page, ciphertext: UnsafeRawBufferPointer(ciphertext), entry: entry, into: plaintext)
        }
    }

    // MARK: Writing in place

    /// Encrypts and writes one page: its IV entry, then the page (no sync between them; see
    /// the type's notes). `plaintext` is the page's whole 4096 bytes.
    public func write(page: Int, plaintext: UnsafeRawBufferPointer) throws(EncryptionError) {
        try write(pages: [(page: page, plaintext: plaintext)], syncBeforePages: false)
    }

    /// Encrypts and writes a batch of distinct pages: every IV entry first, then (when
    /// `syncBeforePages`) `fdatasync` as the barrier, then every page. A crash anywhere leaves
    /// each page readable, as its old or its new content. The pages themselves are not synced:
    /// that is the caller's next commit step.
    public func write(pages: [(page: Int, plaintext: UnsafeRawBufferPointer)], syncBeforePages: Bool = true) throws(EncryptionError) {
        var seen = Set<Int>()
        for (page, plaintext) in pages {
            guard page >= 0, page <= Int.max / EncryptedLayout.blockSize else { throw .invalidRequest("page \(page) is out of range") }
            guard plaintext.count == EncryptedLayout.pageSize else {
                throw .invalidRequest("page \(page) has \(plaintext.count) bytes of plaintext; a page is 4096")
            }
            guard seen.insert(page).inserted else { throw .invalidRequest("page \(page) appears twice in one batch") }
        }
        guard !pages.isEmpty else { return }
        let pageSize = EncryptedLayout.pageSize
        let entrySize = EncryptedLayout.ivEntrySize
        // Ciphertexts, then the new entries' on-disk bytes, for the whole batch.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pages.count * (pageSize + entrySize), alignment: pageSize)
        defer { buffer.deallocate() }
        let entriesStart = pages.count * pageSize
        for (index, (page, plaintext)) in pages.enumerated() {
            try ensureIVTable(forPage: page)
            let previous = try currentEntry(page: page)
            let slot = UnsafeMutableRawBufferPointer(rebasing: buffer[index * pageSize ..< (index + 1) * pageSize])
            let entry = try cipher.encrypt(page: page, plaintext: plaintext, previous: previous, into: slot)
            entry.store(into: UnsafeMutableRawBufferPointer(
                rebasing: buffer[entriesStart + index * entrySize ..< entriesStart + (index + 1) * entrySize]))
        }
        for (index, item) in pages.enumerated() {
            let bytes = buffer[entriesStart + index * entrySize ..< entriesStart + (index + 1) * entrySize]
            try writeFully(UnsafeRawBufferPointer(rebasing: bytes), at: EncryptedLayout.ivEntryOffset(page: item.page))
        }
        if syncBeforePages {
            guard FileCalls.fdatasync(descriptor) == 0 else { throw .writeFailed(offset: 0, reason: "fdatasync: " + EncryptedFile.errnoText()) }
        }
        for (index, item) in pages.enumerated() {
            let bytes = buffer[index * pageSize ..< (index + 1) * pageSize]
            try writeFully(UnsafeRawBufferPointer(rebasing: bytes), at: EncryptedLayout.physicalOffset(page: item.page))
        }
    }

    /// Page `page`'s entry with the slot that authenticates the page on disk first: after an
    /// interrupted write the page still holds the content of slot 2, and rotating the entry as
    /// it stands would push that slot out, so that a second interrupted write would leave a
    /// page no slot authenticates. (The entry on disk is only rewritten with the page.)
    private func currentEntry(page: Int) throws(EncryptionError) -> IVEntry {
        let entry = try entry(page: page)
        let offset = EncryptedLayout.physicalOffset(page: page)
        guard entry.iv1 != 0, entry.iv2 != 0, offset + EncryptedLayout.pageSize <= physicalSize else { return entry }
        let ciphertext = UnsafeMutableRawBufferPointer.allocate(byteCount: EncryptedLayout.pageSize, alignment: 16)
        defer { ciphertext.deallocate() }
        try EncryptedFile.readFully(descriptor, into: ciphertext, at: offset)
        let onlyFirst = IVEntry(iv1: entry.iv1, hmac1: entry.hmac1, iv2: 0, hmac2: entry.hmac2)
        let onlySecond = IVEntry(iv1: entry.iv2, hmac1: entry.hmac2, iv2: 0, hmac2: entry.hmac2)
        guard try !cipher.authenticates(ciphertext: UnsafeRawBufferPointer(ciphertext), entry: onlyFirst) else { return entry }
        let interrupted = try cipher.authenticates(ciphertext: UnsafeRawBufferPointer(ciphertext), entry: onlySecond)
        return interrupted ? IVEntry(iv1: entry.iv2, hmac1: entry.hmac2, iv2: entry.iv1, hmac2: entry.hmac1) : entry
    }

    /// Writes the zeroed IV-table page of `page`'s block when the file does not reach it yet.
    private func ensureIVTable(forPage page: Int) throws(EncryptionError) {
        let tableOffset = EncryptedLayout.ivTableOffset(page: page)
        guard tableOffset >= physicalSize else { return }
        try withUnsafeTemporaryAllocation(byteCount: EncryptedLayout.pageSize, alignment: 16) { (zeros) throws(EncryptionError) in
            zeros.initializeMemory(as: UInt8.self, repeating: 0)
            try writeFully(UnsafeRawBufferPointer(zeros), at: tableOffset)
        }
    }

    /// The file was put back to `size` bytes (a failed commit undone).
    func restored(physicalSize size: Int) {
        physicalSize = size
    }

    /// `pwrite` until all of `bytes` is written, keeping `physicalSize` up to date.
    private func writeFully(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(EncryptionError) {
        if let journal {
            do throws(CommitJournal.Failure) { try journal.save(count: bytes.count, at: offset) } catch {
                throw .readFailed(offset: offset, reason: error.reason)
            }
        }
        try EncryptedPageWriter.writeFully(descriptor, bytes, at: offset)
        physicalSize = max(physicalSize, offset + bytes.count)
    }

    static func writeFully(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) throws(EncryptionError) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let wrote = FileCalls.pwrite(descriptor, base + done, bytes.count - done, offset + done)
            if wrote < 0 {
                if errno == EINTR { continue }
                throw .writeFailed(offset: offset + done, reason: EncryptedFile.errnoText())
            }
            if wrote == 0 { throw .writeFailed(offset: offset + done, reason: "nothing was written") }
            done += wrote
        }
    }

    // MARK: Whole files

    /// Writes `plaintext` as a fresh encrypted file on `descriptor` (open for writing, e.g. a
    /// temporary file that will be renamed over the target): the file is truncated, then
    /// written a block (IV table and 64 pages) per `pwrite`, each page with a fresh entry (slot 2
    /// empty). A last partial page is padded with zeros, so the logical size becomes a whole
    /// number of pages; the physical size is `EncryptedLayout.physicalSize(logicalSize:)`, as
    /// realm-core sizes its files. Nothing is synced: fsync before renaming, as for a plain file.
    public static func writeFile(plaintext: UnsafeRawBufferPointer, to descriptor: Int32, key: EncryptionKey,
                                 freshIV: PageCipher.FreshIV = .random) throws(EncryptionError) {
        guard FileCalls.ftruncate(descriptor, 0) == 0 else { throw .writeFailed(offset: 0, reason: "ftruncate: " + EncryptedFile.errnoText()) }
        let cipher = try PageCipher(key: key, freshIV: freshIV)
        let pageSize = EncryptedLayout.pageSize
        let pageCount = EncryptedLayout.pageCount(logicalSize: plaintext.count)
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: EncryptedLayout.blockSize, alignment: pageSize)
        defer { block.deallocate() }
        let padded = UnsafeMutableRawBufferPointer.allocate(byteCount: pageSize, alignment: pageSize)
        defer { padded.deallocate() }
        var firstPage = 0
        while firstPage < pageCount {
            let pagesHere = min(EncryptedLayout.pagesPerBlock, pageCount - firstPage)
            block.initializeMemory(as: UInt8.self, repeating: 0)
            for slot in 0..<pagesHere {
                let page = firstPage + slot
                let start = page * pageSize
                let end = min(start + pageSize, plaintext.count)
                let source: UnsafeRawBufferPointer
                if end - start == pageSize {
                    source = UnsafeRawBufferPointer(rebasing: plaintext[start..<end])
                } else {
                    padded.initializeMemory(as: UInt8.self, repeating: 0)
                    padded.copyMemory(from: UnsafeRawBufferPointer(rebasing: plaintext[start..<end]))
                    source = UnsafeRawBufferPointer(padded)
                }
                let pageSlot = UnsafeMutableRawBufferPointer(rebasing: block[(slot + 1) * pageSize ..< (slot + 2) * pageSize])
                let entry = try cipher.encrypt(page: page, plaintext: source, previous: .zero, into: pageSlot)
                let entrySlot = slot * EncryptedLayout.ivEntrySize
                entry.store(into: UnsafeMutableRawBufferPointer(rebasing: block[entrySlot ..< entrySlot + EncryptedLayout.ivEntrySize]))
            }
            let blockOffset = (firstPage / EncryptedLayout.pagesPerBlock) * EncryptedLayout.blockSize
            try writeFully(descriptor, UnsafeRawBufferPointer(rebasing: block[0 ..< (pagesHere + 1) * pageSize]), at: blockOffset)
            firstPage += pagesHere
        }
        let size = EncryptedLayout.physicalSize(logicalSize: plaintext.count)
        guard FileCalls.ftruncate(descriptor, size) == 0 else {
            throw .writeFailed(offset: size, reason: "ftruncate: " + EncryptedFile.errnoText())
        }
    }
}
