#if canImport(Glibc)
import Glibc
#endif

/// What a commit in place overwrites, so that a commit failing part-way (a full disk, a failed
/// write or sync) can put the file back byte for byte, at its old size.
///
/// §8 alone keeps the old version readable: the commit writes only into free space, the grown
/// end and the header's inactive slot until it flips the select bit. But the file would stay
/// grown (the space the commit added never given back) and its free space would hold the
/// failed commit's nodes, and a failure after the flip would leave the new version live. So
/// the writer saves the bytes each write will cover (below the old size; past it there is
/// nothing to keep) before writing them, and `restore` writes them back newest first and
/// truncates to the old size once the select bit is back (and synced): every step leaves a
/// readable file (an encrypted page's IV entry and ciphertext go back one at a time, synced, in
/// the reverse of the order they were written, so each pair on disk authenticates through a slot).
final class CommitJournal {
    struct Failure: Error {
        let reason: String
    }

    let descriptor: Int32
    /// The file's size on disk when the commit began.
    let originalSize: Int
    private var saved: [(offset: Int, bytes: [UInt8])] = []
    /// How many saved ranges precede the publishing writes, once they began.
    private var publishMark: Int?

    /// Whether every range written back is synced before the next: an encrypted page's IV entry
    /// and ciphertext must reach the disk in the reverse of their order. A plain file's ranges
    /// before the select bit (free space, the inactive header slot) belong to no version and
    /// need only the final sync.
    private let ordered: Bool

    init(descriptor: Int32, ordered: Bool) throws(Failure) {
        self.descriptor = descriptor
        self.ordered = ordered
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(reason: "fstat: " + FileCalls.errnoText()) }
        originalSize = Int(info.st_size)
    }

    /// Reads and keeps the old bytes that a write of `count` bytes at `offset` will cover.
    func save(count: Int, at offset: Int) throws(Failure) {
        let end = min(offset + count, originalSize)
        guard offset < end else { return }
        var bytes = [UInt8](repeating: 0, count: end - offset)
        var done = 0
        while done < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
            }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else {
                throw Failure(reason: "reading the bytes a commit overwrites: " + (read < 0 ? FileCalls.errnoText() : "the file is shorter than it was"))
            }
            done += read
        }
        saved.append((offset, bytes))
    }

    /// Marks the start of the writes that publish the new version (the select bit): those are
    /// undone, and synced, before the file is truncated, since the grown end may hold the new
    /// version's nodes.
    func markPublishing() {
        publishMark = saved.count
    }

    /// Puts every saved range back, newest first, and gives back the
    /// space the commit added (after undoing the publishing writes, or first when there were
    /// none, so that a full disk has room again before anything is written back). Stops at the
    /// first failure: the file then holds whatever the steps before it restored.
    func restore() throws(Failure) {
        let mark = publishMark ?? saved.count
        for index in stride(from: saved.count - 1, through: mark, by: -1) { try writeBack(saved[index], sync: true) }
        guard FileCalls.ftruncate(descriptor, originalSize) == 0 else {
            throw Failure(reason: "truncating back to \(originalSize) bytes: " + FileCalls.errnoText())
        }
        for index in stride(from: mark - 1, through: 0, by: -1) { try writeBack(saved[index], sync: ordered) }
        guard FileCalls.fsync(descriptor) == 0 else { throw Failure(reason: "fsync: " + FileCalls.errnoText()) }
        saved.removeAll()
        publishMark = nil
    }

    private func writeBack(_ range: (offset: Int, bytes: [UInt8]), sync: Bool) throws(Failure) {
        let failure = range.bytes.withUnsafeBytes { FileCalls.writeFully(descriptor, $0, at: range.offset) }
        if let failure { throw Failure(reason: "writing back \(range.bytes.count) bytes at offset \(range.offset): \(failure)") }
        guard !sync || FileCalls.fdatasync(descriptor) == 0 else { throw Failure(reason: "fdatasync: " + FileCalls.errnoText()) }
    }
}
