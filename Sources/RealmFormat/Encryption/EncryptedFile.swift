#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The decrypted ("logical") image of an encrypted Realm file, held in memory.
///
/// Every data page is read with `pread`, authenticated and decrypted (§11.2) into one anonymous
/// private mapping of the logical size, which is then made read-only: `bytes` is the same
/// bounds-checked `FileBytes` view over it that `MappedFile.bytes` is over a plain file.
/// Decrypting everything up front costs one pass over the file, but it means a damaged page or
/// a wrong key is reported when the file is opened, never half way through a command, and no
/// later read can meet ciphertext. `pread` (rather than mapping the encrypted file) turns a file
/// that shrinks while it is read into an error instead of a SIGBUS.
///
/// The image is a snapshot: commits made to the file afterwards are not seen (reopen to see
/// them), and a page a running app is rewriting at that moment may read as its old content or
/// as damage (realm-core's `writing_page_offset` protocol, §10.1, is not followed). The
/// plaintext is not wiped on release; it is the database the user asked to read.
public final class EncryptedFile: @unchecked Sendable {
    /// The encrypted file's size on disk.
    public let physicalSize: Int
    /// The plaintext's size: `EncryptedLayout.logicalSize(physicalSize:)`.
    public let logicalSize: Int
    /// The plaintext, valid while this object lives.
    public let plaintext: UnsafeRawBufferPointer
    /// Data pages read through their previous IV (slot 2): their last write was interrupted,
    /// so they hold their earlier content. Empty for a file closed cleanly.
    public let interruptedPages: [Int]
    /// Pages that failed authentication and were left as zeros: only when opened for
    /// recovery (`zeroingDamagedPages`); otherwise a damaged page fails the open.
    public let damagedPages: [Int]

    private let mapping: UnsafeMutableRawPointer

    /// The plaintext as RealmFormat's bounds-checked view.
    public var bytes: FileBytes { FileBytes(unsafeBytes: plaintext) }

    /// Decrypts the encrypted Realm file open (at least for reading) on `descriptor`. The
    /// descriptor stays the caller's: it is neither moved nor closed (reads use `pread`).
    /// With `zeroingDamagedPages` (recovery), a page that fails authentication reads as zeros
    /// instead of failing the open, so that the rest can be read; a key that opens no page at
    /// all is still the wrong key.
    public init(descriptor: Int32, key: EncryptionKey, zeroingDamagedPages: Bool = false) throws(EncryptionError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .readFailed(offset: 0, reason: EncryptedFile.errnoText()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notARegularFile }
        let size = Int(info.st_size)
        // A plain Realm file is named as such before its size can make it look damaged.
        if size >= 20 {
            let head = try EncryptedFile.readBytes(descriptor, count: 20, at: 0)
            guard EncryptedFile.looksEncrypted(firstBytes: head) else { throw .notEncrypted }
        }
        guard size >= EncryptedLayout.smallestFileSize else { throw .tooSmall(size: size) }
        guard size % EncryptedLayout.pageSize == 0 else { throw .notWholePages(size: size) }
        let logical = EncryptedLayout.logicalSize(physicalSize: size)
        guard logical > 0 else { throw .tooSmall(size: size) }

        let address = mmap(nil, logical, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let address, address != MAP_FAILED else {
            throw .readFailed(offset: 0, reason: "cannot map \(logical) bytes for the decrypted file: " + EncryptedFile.errnoText())
        }
        var interrupted: [Int] = []
        var damaged: [Int]? = zeroingDamagedPages ? [] : nil
        do {
            let image = UnsafeMutableRawBufferPointer(start: address, count: logical)
            interrupted = try EncryptedFile.decryptAll(descriptor: descriptor, physicalSize: size, key: key, into: image, damaged: &damaged)
        } catch {
            munmap(address, logical)
            throw error
        }
        _ = mprotect(address, logical, PROT_READ)
        mapping = address
        physicalSize = size
        logicalSize = logical
        plaintext = UnsafeRawBufferPointer(start: address, count: logical)
        interruptedPages = interrupted
        damagedPages = damaged ?? []
    }

    /// Opens `path` read-only and decrypts it (`init(descriptor:key:)`).
    public convenience init(path: String, key: EncryptionKey) throws(EncryptionError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: EncryptedFile.errnoText()) }
        defer { close(descriptor) }
        try self.init(descriptor: descriptor, key: key)
    }

    deinit {
        munmap(mapping, logicalSize)
    }

    /// Whether a file's first bytes look like an encrypted Realm file rather than a plain one.
    ///
    /// A plain Realm file has the mnemonic "T-DB" at bytes 16-19 of its header; an encrypted
    /// file starts with an IV table, where those bytes are part of page 0's HMAC (equal to "T-DB"
    /// with odds of one in 2^32). So this answers "not a plain Realm file", judged by these four
    /// bytes only; fewer than 20 bytes is not an encrypted file (none is smaller than 8192
    /// bytes). Whether it is really an encrypted Realm file, and the key right, only decrypting
    /// page 0 tells.
    public static func looksEncrypted(firstBytes: some Collection<UInt8>) -> Bool {
        let head = Array(firstBytes.prefix(20))
        guard head.count == 20 else { return false }
        return Array(head[16..<20]) != mnemonic
    }

    /// "T-DB", the mnemonic of a plain Realm header at bytes 16-19.
    static let mnemonic: [UInt8] = [0x54, 0x2D, 0x44, 0x42]

    // MARK: Decryption

    /// Reads the file a block (IV table and up to 64 data pages) at a time and decrypts every
    /// data page into `image`. Returns the pages read through their previous IV.
    ///
    /// Page 0 failing to authenticate is what a wrong key looks like, but a right key and a
    /// damaged page 0 look the same there; the next written page decides: if it authenticates
    /// the key is right and page 0 is reported damaged, if it fails too the key is wrong.
    /// An authenticated page 0 without "T-DB" at 16-19 means the key's HMAC half is right and
    /// its AES half wrong (the IV only reaches bytes 0-15 in CBC, so even a damaged IV counter
    /// leaves those bytes intact).
    private static func decryptAll(descriptor: Int32, physicalSize: Int, key: EncryptionKey,
                                   into image: UnsafeMutableRawBufferPointer, damaged: inout [Int]?) throws(EncryptionError) -> [Int] {
        let cipher = try PageCipher(key: key)
        let pageSize = EncryptedLayout.pageSize
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: EncryptedLayout.blockSize, alignment: pageSize)
        defer { buffer.deallocate() }
        guard let bufferBase = buffer.baseAddress, let imageBase = image.baseAddress else {
            throw .invalidRequest("no buffer for decryption")
        }
        var interrupted: [Int] = []
        var firstPageFailed = false
        var authenticated = 0
        var blockStart = 0
        var block = 0
        while blockStart < physicalSize {
            let length = min(EncryptedLayout.blockSize, physicalSize - blockStart)
            try readFully(descriptor, into: UnsafeMutableRawBufferPointer(start: bufferBase, count: length), at: blockStart)
            let dataPages = length / pageSize - 1
            for slot in 0..<max(0, dataPages) {
                let page = block * EncryptedLayout.pagesPerBlock + slot
                let target = page * pageSize
                guard target + pageSize <= image.count,
                      let entry = IVEntry(bytes: UnsafeRawBufferPointer(start: bufferBase + slot * EncryptedLayout.ivEntrySize,
                                                                        count: EncryptedLayout.ivEntrySize)) else {
                    throw .invalidRequest("page \(page) lies outside the decrypted image")
                }
                let ciphertext = UnsafeRawBufferPointer(start: bufferBase + (slot + 1) * pageSize, count: pageSize)
                let output = UnsafeMutableRawBufferPointer(start: imageBase + target, count: pageSize)
                let source: PageCipher.Source
                do {
                    source = try cipher.decrypt(page: page, ciphertext: ciphertext, entry: entry, into: output)
                } catch .wrongKey {
                    firstPageFailed = true
                    if damaged != nil { EncryptedFile.zero(output, page: page, recordingIn: &damaged) }
                    continue
                } catch .damagedPage(let damagedPage, let offset) {
                    guard damaged != nil else { throw firstPageFailed ? .wrongKey : .damagedPage(page: damagedPage, fileOffset: offset) }
                    EncryptedFile.zero(output, page: page, recordingIn: &damaged)
                    continue
                } catch {
                    throw error
                }
                if source == .current || source == .previous { authenticated += 1 }
                if source == .previous { interrupted.append(page) }
                if page == 0, source == .current || source == .previous,
                   Array(UnsafeRawBufferPointer(rebasing: output[16..<20])) != mnemonic {
                    throw .wrongAESKey
                }
                if firstPageFailed, damaged == nil, source == .current || source == .previous {
                    throw .damagedPage(page: 0, fileOffset: EncryptedLayout.physicalOffset(page: 0))
                }
            }
            blockStart += length
            block += 1
        }
        if damaged != nil {
            // Some page must authenticate for the key to be the file's.
            if authenticated == 0 { throw .wrongKey }
        } else if firstPageFailed {
            throw .wrongKey
        }
        return interrupted
    }

    private static func zero(_ page: UnsafeMutableRawBufferPointer, page number: Int, recordingIn damaged: inout [Int]?) {
        page.initializeMemory(as: UInt8.self, repeating: 0)
        damaged?.append(number)
    }

    /// `pread` until `buffer` is full; a short file is an error (it shrank since `fstat`).
    static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(EncryptionError) {
        guard let base = buffer.baseAddress else { return }
        var done = 0
        while done < buffer.count {
            let got = pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
            if got < 0 {
                if errno == EINTR { continue }
                throw .readFailed(offset: offset + done, reason: errnoText())
            }
            if got == 0 {
                throw .readFailed(offset: offset + done, reason: "the file ended early (it shrank while it was read)")
            }
            done += got
        }
    }

    /// `count` bytes at `offset`, read with `readFully`.
    static func readBytes(_ descriptor: Int32, count: Int, at offset: Int) throws(EncryptionError) -> [UInt8] {
        try withUnsafeTemporaryAllocation(byteCount: count, alignment: 16) { (buffer) throws(EncryptionError) -> [UInt8] in
            try readFully(descriptor, into: buffer, at: offset)
            return Array(UnsafeRawBufferPointer(buffer))
        }
    }

    static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
