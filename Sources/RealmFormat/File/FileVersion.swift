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
        let pages: EncryptedPageReader?
        do throws(EncryptionError) {
            pages = try key.map { key throws(EncryptionError) in try EncryptedPageReader(descriptor: descriptor, key: key) }
        } catch {
            throw .encryption(path: path, error)
        }
        let size = Int64(pages?.logicalSize ?? Int(info.st_size))
        func read(_ count: Int, at offset: Int64) throws(RealmFormatError) -> [UInt8] {
            guard offset >= 0, offset + Int64(count) <= size else {
                throw .badRef(ref: offset, fileSize: Int(size), context: "version check")
            }
            if let pages {
                do throws(EncryptionError) { return try pages.read(count, at: Int(offset)) } catch { throw .encryption(path: path, error) }
            }
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            guard got == count else { throw .cannotOpen(path: path, reason: "the file shrank while it was read") }
            return bytes
        }
        let header = try read(24, at: 0)
        guard Array(header[16..<20]) == Array("T-DB".utf8) else {
            throw .notARealmFile(reason: "bytes 16..19 are not the mnemonic \"T-DB\"")
        }
        let select = Int(header[23] & 1)
        var topRef = littleEndian(header[(select * 8)..<(select * 8 + 8)])
        if select == 0 && UInt64(bitPattern: topRef) == UInt64.max {
            topRef = littleEndian(try read(8, at: size - 16)[0..<8])   // streaming form: footer
        }
        var version: Int64 = 1
        if topRef != 0 {
            let nodeHeader = try read(8, at: topRef)
            let width = (1 << Int(nodeHeader[4] & 7)) >> 1
            let count = Int(nodeHeader[5]) << 16 | Int(nodeHeader[6]) << 8 | Int(nodeHeader[7])
            guard (nodeHeader[4] >> 3) & 3 == 0, count <= 16 else {
                throw .invalidNodeHeader(ref: Int(topRef), detail: "not a top array (version check)")
            }
            if count >= 7 {
                let payload = try read((count * width + 7) / 8, at: topRef + 8)
                version = max(1, element(6, width: width, in: payload) >> 1)   // as GroupTop reads it
            }
        }
        return FileVersion(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), topRef: topRef, version: version)
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
    /// The version this file object reads (its header and top as mapped when it was opened).
    public var openedVersion: FileVersion {
        if let source { return source.version }
        return FileVersion(device: mapped.device, inode: mapped.inode, topRef: topRef, version: top?.version ?? 1)
    }
}
