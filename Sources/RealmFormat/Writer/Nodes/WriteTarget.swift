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
    /// A commit in place begins: from now on every write first saves the bytes it covers
    /// (`CommitJournal`). Returns the file's size on disk.
    func beginUndoableWrites() throws(RealmFormatError) -> Int
    /// The commit's publishing writes (the select bit) begin.
    func markPublishing()
    /// The commit failed: puts the file back as it was at `beginUndoableWrites` (bytes and
    /// size) and forgets what was staged since.
    func undoWrites() throws(RealmFormatError)
    /// The commit succeeded: its writes stand.
    func keepWrites()
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

/// A plain file: `pwrite`, `ftruncate` to whole pages, `fsync` (through `FileCalls`).
final class PlainWriteTarget: WriteTarget {
    let descriptor: Int32
    let path: String
    private var physicalSize: Int
    private var journal: CommitJournal?
    /// False for a file no one needs after a crash (the private image of an older file):
    /// `sync` then leaves the bytes to the page cache.
    private let durable: Bool

    init(descriptor: Int32, path: String, durable: Bool = true) {
        self.descriptor = descriptor
        self.path = path
        self.durable = durable
        var info = stat()
        physicalSize = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
    }

    func write(_ bytes: UnsafeRawBufferPointer, at start: Int) throws(RealmFormatError) {
        if let journal {
            do throws(CommitJournal.Failure) { try journal.save(count: bytes.count, at: start) } catch {
                throw .cannotWrite(path: path, reason: error.reason)
            }
        }
        if let failure = FileCalls.writeFully(descriptor, bytes, at: start) { throw .cannotWrite(path: path, reason: failure) }
        physicalSize = max(physicalSize, start + bytes.count)
    }

    func extend(toLogicalSize logicalSize: Int) throws(RealmFormatError) {
        let physical = (logicalSize + EncryptedLayout.pageSize - 1) / EncryptedLayout.pageSize * EncryptedLayout.pageSize
        guard physical > physicalSize else { return }
        guard FileCalls.ftruncate(descriptor, physical) == 0 else { throw failure() }
        physicalSize = physical
    }

    func sync() throws(RealmFormatError) {
        guard durable else { return }
        guard FileCalls.fsync(descriptor) == 0 else { throw failure() }
    }

    func settle(below offset: Int) throws(RealmFormatError) {}

    func beginUndoableWrites() throws(RealmFormatError) -> Int {
        do throws(CommitJournal.Failure) {
            let journal = try CommitJournal(descriptor: descriptor, ordered: false)
            self.journal = journal
            physicalSize = journal.originalSize
            return journal.originalSize
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }

    func markPublishing() { journal?.markPublishing() }

    func undoWrites() throws(RealmFormatError) {
        guard let journal else { return }
        self.journal = nil
        do throws(CommitJournal.Failure) { try journal.restore() } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
        physicalSize = journal.originalSize
    }

    func keepWrites() { journal = nil }

    private func failure() -> RealmFormatError {
        .cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
}
