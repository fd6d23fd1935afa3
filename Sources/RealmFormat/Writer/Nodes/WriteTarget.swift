#if canImport(Glibc)
import Glibc
#endif

/// Where a writer's bytes go, at logical offsets: the file itself, or, for an encrypted file,
/// its pages (`EncryptedWriteTarget`). The writers (`NodeWriter`, the commit's header steps)
/// work on the logical file exactly as for a plain one and leave the difference to this.
protocol WriteTarget: AnyObject {
    /// Writes `bytes` at logical `offset` (an encrypted target only stages them until `sync`).
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(RealmFormatError)
    /// Makes the file hold at least `logicalSize` bytes; never shrinks it.
    func extend(toLogicalSize logicalSize: Int) throws(RealmFormatError)
    /// Makes everything written so far durable.
    func sync() throws(RealmFormatError)
    /// A fresh file written front to back: everything below `offset` is final except the
    /// header (written last), so an encrypted target may encrypt those pages and let them go.
    func settle(below offset: Int) throws(RealmFormatError)
}

extension WriteTarget {
    func write(_ bytes: [UInt8], at offset: Int) throws(RealmFormatError) {
        var failure: RealmFormatError?
        bytes.withUnsafeBytes { buffer in
            do throws(RealmFormatError) { try write(buffer, at: offset) } catch { failure = error }
        }
        if let failure { throw failure }
    }
}

/// A plain file: `pwrite`, `ftruncate` to whole pages, `fsync`.
final class PlainWriteTarget: WriteTarget {
    let descriptor: Int32
    let path: String
    private var physicalSize: Int

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
        var info = stat()
        physicalSize = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
    }

    func write(_ bytes: UnsafeRawBufferPointer, at start: Int) throws(RealmFormatError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = pwrite(descriptor, base + offset, bytes.count - offset, off_t(start + offset))
            guard written > 0 else {
                if written < 0 && errno == EINTR { continue }
                throw failure()
            }
            offset += written
        }
        physicalSize = max(physicalSize, start + bytes.count)
    }

    func extend(toLogicalSize logicalSize: Int) throws(RealmFormatError) {
        let physical = (logicalSize + EncryptedLayout.pageSize - 1) / EncryptedLayout.pageSize * EncryptedLayout.pageSize
        guard physical > physicalSize else { return }
        guard ftruncate(descriptor, off_t(physical)) == 0 else { throw failure() }
        physicalSize = physical
    }

    func sync() throws(RealmFormatError) {
        guard fsync(descriptor) == 0 else { throw failure() }
    }

    func settle(below offset: Int) throws(RealmFormatError) {}

    private func failure() -> RealmFormatError {
        .cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
}
