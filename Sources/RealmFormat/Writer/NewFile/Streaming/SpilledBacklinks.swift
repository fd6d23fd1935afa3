#if canImport(Glibc)
import Glibc
#endif

/// Backlink entries kept in an unlinked temporary file, read back a bucket of targets at a time,
/// so that gathering them costs the same memory at any number of objects: `generate demo`
/// held about 100 MB per million rows in the in-memory index.
///
/// Entries arrive once, in link order (`add`); each goes to the buffer of its target's bucket
/// (`bucketSize` consecutive targets), and a full buffer is appended to the file as one chunk.
/// The writer asks for targets in ascending order: a bucket is then read back (its chunks in the
/// order written, then what is still buffered) and its entries are put in target order by a
/// stable counting sort, which keeps each target's origins in link order, exactly as the
/// in-memory index (`BacklinkIndex.Counter`/`Filler`) has them. One bucket is held at a time.
public final class SpilledBacklinks: @unchecked Sendable {
    public let targetCount: Int
    let bucketSize: Int
    let chunkEntries: Int
    private let descriptor: Int32
    /// Per bucket: the file offsets of its chunks, and the entries not written yet
    /// (target, origin pairs, flat).
    private var chunks: [[Int64]]
    private var buffers: [[Int64]]
    private var fileEnd: Int64 = 0
    /// The bucket read back last: its first target, where each of its targets' entries start,
    /// and the origins.
    private var loadedBucket = -1
    private var loadedStarts: [Int] = []
    private var loadedOrigins: [Int64] = []

    /// An empty set of entries for `targetCount` targets, its file made under `directory`
    /// ($TMPDIR or /tmp when nil) and unlinked at once.
    public init(targetCount: Int, bucketSize: Int = 65_536, chunkEntries: Int = 4096, directory: String? = nil) throws(RealmFormatError) {
        self.targetCount = max(0, targetCount)
        self.bucketSize = max(1, bucketSize)
        self.chunkEntries = max(1, chunkEntries)
        let folder = directory ?? getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/realm-browser-backlinks-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .cannotWrite(path: folder, reason: "no temporary file for backlink entries: \(String(cString: strerror(errno)))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
        let buckets = (self.targetCount + self.bucketSize - 1) / self.bucketSize
        chunks = Array(repeating: [], count: buckets)
        buffers = Array(repeating: [], count: buckets)
    }

    deinit { close(descriptor) }

    /// One link from the object with key `origin` to target `row`; rows outside the targets
    /// get no entry, as in the in-memory index.
    public func add(origin: Int64, target row: Int) throws(RealmFormatError) {
        guard row >= 0, row < targetCount else { return }
        let bucket = row / bucketSize
        buffers[bucket].append(Int64(row))
        buffers[bucket].append(origin)
        if buffers[bucket].count >= 2 * chunkEntries {
            try spill(bucket)
        }
    }

    private func spill(_ bucket: Int) throws(RealmFormatError) {
        let bytes = buffers[bucket].count * 8
        let written = buffers[bucket].withUnsafeBytes { pwrite(descriptor, $0.baseAddress, bytes, off_t(fileEnd)) }
        guard written == bytes else {
            throw .cannotWrite(path: "", reason: "writing backlink entries to a temporary file: \(String(cString: strerror(errno)))")
        }
        chunks[bucket].append(fileEnd)
        fileEnd += Int64(bytes)
        buffers[bucket].removeAll(keepingCapacity: true)
    }

    /// The keys of the objects linking to target `row`, one per link, in link order.
    public func origins(ofTarget row: Int) throws(RealmFormatError) -> ArraySlice<Int64> {
        guard row >= 0, row < targetCount else { return [] }
        let bucket = row / bucketSize
        if bucket != loadedBucket { try load(bucket) }
        let local = row - bucket * bucketSize
        return loadedOrigins[loadedStarts[local]..<loadedStarts[local + 1]]
    }

    private func load(_ bucket: Int) throws(RealmFormatError) {
        var pairs: [Int64] = []
        let chunkBytes = 2 * chunkEntries * 8
        var chunk = [Int64](repeating: 0, count: 2 * chunkEntries)
        for offset in chunks[bucket] {
            let read = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, chunkBytes, off_t(offset)) }
            guard read == chunkBytes else {
                throw .cannotWrite(path: "", reason: "reading backlink entries back from a temporary file: \(String(cString: strerror(errno)))")
            }
            pairs += chunk
        }
        pairs += buffers[bucket]
        let first = bucket * bucketSize
        let targets = min(bucketSize, targetCount - first)
        var starts = [Int](repeating: 0, count: targets + 1)
        var index = 0
        while index < pairs.count {
            starts[Int(pairs[index]) - first + 1] += 1
            index += 2
        }
        for target in 0..<targets { starts[target + 1] += starts[target] }
        var next = starts
        var origins = [Int64](repeating: 0, count: pairs.count / 2)
        index = 0
        while index < pairs.count {
            let target = Int(pairs[index]) - first
            origins[next[target]] = pairs[index + 1]
            next[target] += 1
            index += 2
        }
        loadedBucket = bucket
        loadedStarts = starts
        loadedOrigins = origins
    }
}
