#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A read-only memory map of a whole file.
///
/// Realm files are designed to be read in place; mapping them keeps every read zero-copy and
/// lets the OS page in only the nodes a command touches (paging to the end of a 200,000-object
/// table reads a handful of pages). The file is never written through this mapping.
public final class MappedFile: @unchecked Sendable {
    public let path: String
    public let bytes: FileBytes
    /// The file's identity when it was mapped: a file replaced by a rename has another inode.
    public let device: UInt64
    public let inode: UInt64
    private let mapping: UnsafeMutableRawPointer?
    private let mappedLength: Int
    /// For an encrypted file: its decrypted pages (which `bytes` views) and the key, kept for
    /// the commits and version checks that read or write pages again.
    public let decrypted: EncryptedFile?
    public let key: EncryptionKey?
    /// The unencrypted file, kept open while it is mapped (-1 for an encrypted one): the
    /// version checks before and after every command read the header through it instead of
    /// opening the path each time (`FileVersion.current(path:descriptor:device:inode:)`).
    public let descriptor: Int32

    /// Maps `path`; with a key, decrypts it instead (realm-file-format.md §11): every page once,
    /// into memory of its own, so that every reader above works on plaintext unchanged.
    /// `zeroingDamagedPages` is for recovery: encrypted pages that fail authentication read
    /// as zeros (`decrypted.damagedPages`) instead of failing the open.
    public init(path: String, key: EncryptionKey? = nil, zeroingDamagedPages: Bool = false) throws(RealmFormatError) {
        self.path = path
        self.key = key
        if let key {
            let encrypted = open(path, O_RDONLY | O_CLOEXEC)
            guard encrypted >= 0 else { throw .cannotOpen(path: path, reason: MappedFile.errnoText()) }
            defer { close(encrypted) }
            var info = stat()
            guard fstat(encrypted, &info) == 0 else { throw .cannotOpen(path: path, reason: MappedFile.errnoText()) }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            do throws(EncryptionError) {
                let file = try EncryptedFile(descriptor: encrypted, key: key, zeroingDamagedPages: zeroingDamagedPages)
                decrypted = file
                bytes = file.bytes
            } catch {
                throw .encryption(path: path, error)
            }
            mapping = nil
            mappedLength = 0
            descriptor = -1
            return
        }
        decrypted = nil
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw .cannotOpen(path: path, reason: MappedFile.errnoText())
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw .cannotOpen(path: path, reason: MappedFile.errnoText())
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .cannotOpen(path: path, reason: "not a regular file")
        }
        descriptor = fd
        let size = Int(info.st_size)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        if size == 0 {
            mapping = nil
            mappedLength = 0
            bytes = FileBytes(base: nil, count: 0)
            return
        }
        let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let address, address != MAP_FAILED else {
            close(fd)
            throw .cannotOpen(path: path, reason: "mmap failed: " + MappedFile.errnoText())
        }
        mapping = address
        mappedLength = size
        // Another process may shrink the file while it is mapped; see MappingGuard.
        MappingGuard.register(start: UnsafeRawPointer(address), length: size)
        bytes = FileBytes(base: UnsafeRawPointer(address), count: size)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if let mapping {
            MappingGuard.unregister(start: UnsafeRawPointer(mapping))
            munmap(mapping, mappedLength)
        }
    }

    /// Gives back the pages of the mapping this process has read: they leave its resident set
    /// (they stay in the page cache, and a later read maps them again). A read of a whole large
    /// file (`export sqlite`) calls it as it goes, so that its memory does not grow with the
    /// file. The mapping is private and read-only, so nothing is lost; an encrypted file's
    /// decrypted pages are memory of their own, and stay.
    public func releaseResidentPages() {
        guard let mapping else { return }
        _ = madvise(mapping, mappedLength, MADV_DONTNEED)
    }

    static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
