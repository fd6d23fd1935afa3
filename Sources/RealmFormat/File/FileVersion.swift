#if canImport(Glibc)
import Glibc
#endif

/// Which version of a Realm file is live: the file's identity, the live top ref and the version
/// number in that top array.
///
/// A reader that is not registered in Realm's lock file (we never are: a shared lock without a
/// valid SharedInfo would break Realm apps) is still safe as long as no newer version is
/// published while it reads, because a Realm writer only reuses the space of version V after a
/// newer version has been published. So a command records the version it reads and compares it,
/// read afresh with system calls (`current(path:)`, not through the mapping), when it is done;
/// if the file moved on, what it read may be torn and is discarded. The version number is
/// compared too, because a later commit may place its top array where an old one was.
public struct FileVersion: Equatable, Sendable {
    public let device: UInt64
    public let inode: UInt64
    public let topRef: Int64
    /// The top array's version slot (1 when the file has none yet).
    public let version: Int64

    public init(device: UInt64, inode: UInt64, topRef: Int64, version: Int64) {
        self.device = device
        self.inode = inode
        self.topRef = topRef
        self.version = version
    }

    /// The live version of the file at `path` now, read with open/fstat/pread (for an encrypted
    /// file, only the pages of the header and the top array are decrypted).
    public static func current(path: String, key: EncryptionKey? = nil) throws(RealmFormatError) -> FileVersion {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        guard let key else { return try read(descriptor, path: path, info) }
        let pages: EncryptedPageReader
        do throws(EncryptionError) {
            pages = try EncryptedPageReader(descriptor: descriptor, key: key)
        } catch {
            throw .encryption(path: path, error)
        }
        let size = Int64(pages.logicalSize)
        let (topRef, version) = try live(size: size) { count, offset throws(RealmFormatError) in
            guard offset >= 0, offset + Int64(count) <= size else {
                throw .badRef(ref: offset, fileSize: Int(size), context: "version check")
            }
            do throws(EncryptionError) { return try pages.read(count, at: Int(offset)) } catch { throw .encryption(path: path, error) }
        }
        return FileVersion(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), topRef: topRef, version: version)
    }

    /// As `current(path:)`, for an unencrypted file mapped as `device`/`inode` and still open
    /// as `descriptor`: a stat of the path and two preads, where `current(path:)` opens, stats,
    /// reads and closes (a script of 20,000 lookups spent a tenth of its time there, two
    /// checks per command). A file replaced since (another inode at the path) is read through
    /// the path.
    public static func current(path: String, descriptor: Int32, device: UInt64, inode: UInt64) throws(RealmFormatError) -> FileVersion {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        guard UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode else { return try current(path: path) }
        return try read(descriptor, path: path, info)
    }

    /// The version of the unencrypted file open as `descriptor`, whose stat is `info`.
    private static func read(_ descriptor: Int32, path: String, _ info: stat) throws(RealmFormatError) -> FileVersion {
        let size = Int64(info.st_size)
        let (topRef, version) = try live(size: size) { count, offset throws(RealmFormatError) in
            guard offset >= 0, offset + Int64(count) <= size else {
                throw .badRef(ref: offset, fileSize: Int(size), context: "version check")
            }
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            guard got == count else { throw .cannotOpen(path: path, reason: "the file shrank while it was read") }
            return bytes
        }
        return FileVersion(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), topRef: topRef, version: version)
    }

    /// The live top ref and version of a file of `size` bytes read through `read`: the header,
    /// then the top array's header and payload in one read (a top array has at most 16
    /// elements of at most 8 bytes).
    private static func live(size: Int64, read: (Int, Int64) throws(RealmFormatError) -> [UInt8]) throws(RealmFormatError) -> (topRef: Int64, version: Int64) {
        let header = try read(24, 0)
        guard Array(header[16..<20]) == Array("T-DB".utf8) else {
            throw .notARealmFile(reason: "bytes 16..19 are not the mnemonic \"T-DB\"")
        }
        let select = Int(header[23] & 1)
        var topRef = littleEndian(header[(select * 8)..<(select * 8 + 8)])
        if select == 0 && UInt64(bitPattern: topRef) == UInt64.max {
            topRef = littleEndian(try read(8, size - 16)[0..<8])   // streaming form: footer
        }
        guard topRef != 0 else { return (topRef, 1) }
        guard topRef > 0, topRef < size else { throw .badRef(ref: topRef, fileSize: Int(size), context: "version check") }
        let top = try read(Int(min(8 + 16 * 8, size - topRef)), topRef)
        guard top.count >= 8 else { throw .badRef(ref: topRef, fileSize: Int(size), context: "version check") }
        let width = (1 << Int(top[4] & 7)) >> 1
        let count = Int(top[5]) << 16 | Int(top[6]) << 8 | Int(top[7])
        guard (top[4] >> 3) & 3 == 0, count <= 16 else {
            throw .invalidNodeHeader(ref: Int(topRef), detail: "not a top array (version check)")
        }
        guard count >= 7 else { return (topRef, 1) }
        let payloadSize = (count * width + 7) / 8
        guard 8 + payloadSize <= top.count else { throw .badRef(ref: topRef, fileSize: Int(size), context: "version check") }
        return (topRef, max(1, element(6, width: width, in: Array(top[8..<(8 + payloadSize)])) >> 1))   // as GroupTop reads it
    }

    /// The file format the header of the file at `path` names for its live slot (streaming
    /// form: the first), read with open/pread, decrypting only page 0 of an encrypted file: how
    /// a caller picks a reader before mapping or decrypting the whole file. Nil when the file
    /// does not open, has no Realm header or does not decrypt with `key`.
    public static func headerFormat(path: String, key: EncryptionKey? = nil) -> Int? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 24)
        if let key {
            guard let pages = try? EncryptedPageReader(descriptor: descriptor, key: key), let bytes = try? pages.read(24, at: 0) else { return nil }
            header = bytes
        } else {
            guard header.withUnsafeMutableBytes({ pread(descriptor, $0.baseAddress, 24, 0) }) == 24 else { return nil }
        }
        guard Array(header[16..<20]) == Array("T-DB".utf8) else { return nil }
        return Int(header[20 + Int(header[23] & 1)])
    }

    private static func littleEndian(_ bytes: ArraySlice<UInt8>) -> Int64 {
        bytes.reversed().reduce(0) { $0 << 8 | Int64($1) }
    }

    /// Element `index` of a bit-packed integer payload (format document §2.3).
    private static func element(_ index: Int, width: Int, in payload: [UInt8]) -> Int64 {
        guard width > 0 else { return 0 }
        if width < 8 {
            let bit = index * width
            return Int64(payload[bit / 8] >> UInt8(bit % 8)) & ((1 << width) - 1)
        }
        let bytes = width / 8
        let raw = littleEndian(payload[(index * bytes)..<((index + 1) * bytes)])
        let shift = Int64(64 - width)
        return width == 64 ? raw : (raw << shift) >> shift
    }
}

extension RealmFile {
    /// The live version of the file at `path` now, to compare with `openedVersion`: read through
    /// the descriptor the mapping keeps open when there is one (not for an encrypted file, nor
    /// for an old format's converted image, whose mapping is not the file at `path`).
    public func liveVersion() throws(RealmFormatError) -> FileVersion {
        guard source == nil, mapped.descriptor >= 0 else { return try FileVersion.current(path: path, key: mapped.key) }
        return try FileVersion.current(path: path, descriptor: mapped.descriptor, device: mapped.device, inode: mapped.inode)
    }

    /// The version this file object reads (its header and top as mapped when it was opened).
    public var openedVersion: FileVersion {
        if let source { return source.version }
        return FileVersion(device: mapped.device, inode: mapped.inode, topRef: topRef, version: top?.version ?? 1)
    }
}
