/// Decides where a commit's new nodes go: into the file's available free space, the way the
/// format document says realm-core places them (§8.1 steps 2–5), so that a file edited again and
/// again stays the size its data needs instead of growing by every commit.
///
/// Which space is available: an entry of the free list may be overwritten once no reader can
/// still see the version that used it. Space freed by the commit that made version V is used
/// only by versions before V, so it is available when the oldest version in use is V or later
/// (§8.2). realm-browser's own commits hold Realm's lock file exclusively: no other Realm
/// process has the file open and the oldest version in use is the current one. A writer inside
/// a Realm session (the tests' app double) passes the oldest version the session's readers
/// still hold (§10.1). Entries with a newer version stay locked with their version. The nodes
/// this commit replaces are still part of the current version, so they never appear here: they
/// join the free list only in the new version's free lists.
///
/// Placement: the smallest available chunk that fits exactly or is at least twice the request,
/// allocated from its start; chunks are split at 64 MiB section boundaries, so no node crosses
/// one. When nothing fits, the logical file grows (2× while under 1 MiB, else by 1 MiB, at
/// least by the request, rounded up to a page, never past a section boundary) and the gained
/// range becomes an available chunk. After the data nodes, `reserveFinalChunk` sets aside one
/// worst-case-sized range for the three free-list nodes and the top, which are then allocated
/// from it contiguously; its unused tail becomes a free entry.
///
/// Every allocation is checked before any byte is written (the `NodeWriter` holds the bytes until
/// the commit flushes): as it is made, against the nodes reachable from the current top (when the
/// editor walked them), and once the commit knows every node it replaces (`ensureDisjoint`),
/// against those and against the other allocations. A violation throws; nothing is written.
///
/// realm-browser's own read sessions in other processes do not register a version anywhere
/// (they map the file without taking the lock, as they always did), so one kept open across two
/// commits made elsewhere may read space the second commit reused, as it would if a Realm app
/// wrote; its reads stay bounds-checked, and `open` shows the new version.
final class FreeSpaceAllocator {
    /// A free-list entry: `length` bytes at `position`, freed by the commit that made `version`.
    struct Entry: Equatable {
        var position: Int
        var length: Int
        var version: Int64

        var end: Int { position + length }
    }

    static let sectionSize = 1 << 26
    static let pageSize = 4096
    /// Below this logical size the file doubles when it grows; above it, it grows by this much.
    static let growthStep = 1 << 20

    let path: String
    /// The end of the space this version manages; grows when nothing fits.
    private(set) var logicalSize: Int
    /// Available chunks, sorted by (length, position) so the best fit is a binary search.
    private var chunks: [Entry] = []
    /// Entries a reader may still use (freed after the oldest version in use), kept as they are.
    let lockedEntries: [Entry]
    /// Every range handed out in this commit, in allocation order.
    private(set) var allocations: [Entry] = []
    /// The nodes reachable from the current top, when the editor walked them: no allocation
    /// may touch them.
    private let liveNodes: LiveNodeMap?
    /// The range set aside for the free lists and the top, and how much of it is used.
    private var reservation: (start: Int, next: Int, end: Int)?

    /// - Parameters:
    ///   - entries: the current free list.
    ///   - oldestVersionInUse: the oldest version a reader may still read; entries freed up to
    ///     it are available.
    ///   - logicalSize: the current logical file size (a multiple of 8).
    ///   - liveNodes: the nodes reachable from the current top, or nil when the caller trusts the
    ///     free list.
    init(entries: [Entry], oldestVersionInUse: Int64, logicalSize: Int, liveNodes: LiveNodeMap? = nil,
         path: String) throws(RealmFormatError) {
        self.path = path
        self.logicalSize = logicalSize
        var available: [Entry] = []
        var locked: [Entry] = []
        for entry in entries {
            // Compared without adding first: a damaged entry's numbers may be anything.
            guard entry.position >= 24, entry.length > 0, entry.position % 8 == 0, entry.length % 8 == 0,
                  entry.position <= logicalSize, entry.length <= logicalSize - entry.position else {
                throw .cannotWrite(path: path, reason: "the free list has an entry \(entry.position)+\(entry.length) outside the file's nodes; the file is damaged")
            }
            if entry.version <= oldestVersionInUse {
                available.append(Entry(position: entry.position, length: entry.length, version: 0))
            } else {
                locked.append(entry)
            }
        }
        lockedEntries = locked
        let sortedEntries = (available + locked).sorted { $0.position < $1.position }
        for (previous, next) in zip(sortedEntries, sortedEntries.dropFirst()) where previous.end > next.position {
            throw .cannotWrite(path: path, reason: "free-list entries at \(previous.position) and \(next.position) overlap; the file is damaged")
        }
        self.liveNodes = liveNodes
        for chunk in FreeSpaceAllocator.merged(available) {
            for piece in FreeSpaceAllocator.splitAtSections(chunk) { insert(piece) }
        }
        for chunk in chunks where liveNodes?.overlaps(position: chunk.position, length: chunk.length) == true {
            throw .cannotWrite(path: path, reason: "the free space at \(chunk.position)+\(chunk.length) overlaps a live node; the file is damaged, nothing was committed")
        }
    }

    /// Adjacent available entries as one chunk (input in any order).
    static func merged(_ entries: [Entry]) -> [Entry] {
        var result: [Entry] = []
        for entry in entries.sorted(by: { $0.position < $1.position }) {
            if let last = result.last, last.end == entry.position {
                result[result.count - 1].length += entry.length
            } else {
                result.append(entry)
            }
        }
        return result
    }

    /// The chunk cut at every 64 MiB boundary inside it.
    static func splitAtSections(_ chunk: Entry) -> [Entry] {
        var pieces: [Entry] = []
        var start = chunk.position
        while start < chunk.end {
            let end = min(chunk.end, (start / sectionSize + 1) * sectionSize)
            pieces.append(Entry(position: start, length: end - start, version: chunk.version))
            start = end
        }
        return pieces
    }

    /// A place for a node of `size` bytes (a multiple of 8).
    func allocate(_ size: Int) throws(RealmFormatError) -> Int {
        guard size > 0, size % 8 == 0 else {
            throw .cannotWrite(path: path, reason: "internal error: a node of \(size) bytes cannot be placed")
        }
        let position: Int
        if var reserved = reservation {
            guard reserved.next + size <= reserved.end else {
                throw .cannotWrite(path: path, reason: "internal error: the free lists and top need more than the \(reserved.end - reserved.start) bytes reserved")
            }
            position = reserved.next
            reserved.next += size
            reservation = reserved
        } else if let index = bestFit(for: size) {
            position = take(size, fromChunkAt: index)
        } else {
            position = try grow(toFit: size)
        }
        let allocation = Entry(position: position, length: size, version: 0)
        try ensureNotLive(allocation)
        allocations.append(allocation)
        return position
    }

    /// Sets aside the range for the free-list nodes and the top, which the next allocations
    /// take from in order. Its size is the worst case: `finalBytes(n)` is what they occupy with
    /// `n` free-list entries, and `n` can be at most the entries known now plus those `freed`,
    /// plus two that reserving itself may add (a grown range cut at a section boundary, and
    /// the rest of the chunk it takes from) plus the tail left over; 8 more bytes make sure a
    /// tail is left, so the count that sized the lists is the count they hold.
    func reserveFinalChunk(freedCount: Int, finalBytes: (Int) -> Int) throws(RealmFormatError) {
        let size = finalBytes(chunks.count + lockedEntries.count + freedCount + 3) + 8
        let start = try allocate(size)
        allocations.removeLast()
        reservation = (start, start, start + size)
    }

    /// Where the reserved range starts (the free-list positions node goes there).
    var reservedStart: Int? { reservation?.start }

    /// The new version's free list, sorted by position: the available chunks (version 0), the
    /// locked entries, the nodes `freed` by this commit (at `newVersion`) and the unused tail of
    /// the reserved range once the free-list nodes and top (`finalBytes(n)` for `n` entries)
    /// sit at its start. Throws if any of it overlaps another entry or a node of this commit.
    func freeList(freed: [Entry], newVersion: Int64, finalBytes: (Int) -> Int) throws(RealmFormatError) -> [Entry] {
        guard let reservation else {
            throw .cannotWrite(path: path, reason: "internal error: no space was reserved for the free lists")
        }
        var entries = chunks + lockedEntries + freed.map { Entry(position: $0.position, length: $0.length, version: newVersion) }
        let used = finalBytes(entries.count + 1)
        guard used + 8 <= reservation.end - reservation.start else {
            throw .cannotWrite(path: path, reason: "internal error: \(entries.count + 1) free-list entries do not fit the \(reservation.end - reservation.start) bytes reserved")
        }
        entries.append(Entry(position: reservation.start + used, length: reservation.end - reservation.start - used, version: 0))
        entries.sort { $0.position < $1.position }
        for (previous, next) in zip(entries, entries.dropFirst()) where previous.end > next.position {
            throw .cannotWrite(path: path, reason: "internal error: free space at \(next.position) would overlap the entry at \(previous.position)")
        }
        let placed = allocations.sorted { $0.position < $1.position }
        for entry in entries {
            guard entry.position >= 24, entry.end <= logicalSize else {
                throw .cannotWrite(path: path, reason: "internal error: free entry \(entry.position)+\(entry.length) outside [24, \(logicalSize))")
            }
            if let clash = FreeSpaceAllocator.firstOverlap(of: entry, in: placed) {
                throw .cannotWrite(path: path, reason: "internal error: free entry \(entry.position)+\(entry.length) overlaps the node written at \(clash.position)")
            }
        }
        return entries
    }

    /// Throws if a new node at `range` would overwrite a node reachable from the current top.
    private func ensureNotLive(_ range: Entry) throws(RealmFormatError) {
        if liveNodes?.overlaps(position: range.position, length: range.length) == true {
            throw .cannotWrite(path: path, reason: "internal error: a new node at \(range.position)+\(range.length) would overwrite a live node; nothing was committed")
        }
    }

    /// Throws if any allocation of this commit overlaps one of `nodes` (nodes of the current
    /// version this commit replaces) or another allocation.
    func ensureDisjoint(fromFreed nodes: [Entry]) throws(RealmFormatError) {
        let placed = allocations.sorted { $0.position < $1.position }
        for (previous, next) in zip(placed, placed.dropFirst()) where previous.end > next.position {
            throw .cannotWrite(path: path, reason: "internal error: the nodes written at \(previous.position) and \(next.position) overlap; nothing was committed")
        }
        for node in nodes {
            if let clash = FreeSpaceAllocator.firstOverlap(of: node, in: placed) {
                throw .cannotWrite(path: path, reason: "internal error: the node written at \(clash.position) overlaps the node at \(node.position) freed in this commit; nothing was committed")
            }
        }
    }

    /// The first of `sorted` (by position, non-overlapping) that shares a byte with `range`.
    static func firstOverlap(of range: Entry, in sorted: [Entry]) -> Entry? {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].end <= range.position { low = middle + 1 } else { high = middle }
        }
        guard low < sorted.count, sorted[low].position < range.end else { return nil }
        return sorted[low]
    }

    // MARK: - Chunks

    /// Index of the smallest chunk that fits `size` exactly or is at least twice as long.
    private func bestFit(for size: Int) -> Int? {
        let atLeast = firstChunk(notShorterThan: size)
        if atLeast < chunks.count && chunks[atLeast].length == size { return atLeast }
        let twice = firstChunk(notShorterThan: 2 * size)
        return twice < chunks.count ? twice : nil
    }

    private func firstChunk(notShorterThan length: Int) -> Int {
        var low = 0
        var high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if chunks[middle].length < length { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func insert(_ chunk: Entry) {
        var low = 0
        var high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            let other = chunks[middle]
            if (other.length, other.position) < (chunk.length, chunk.position) { low = middle + 1 } else { high = middle }
        }
        chunks.insert(chunk, at: low)
    }

    /// Takes `size` bytes from the start of a chunk; the rest stays available.
    private func take(_ size: Int, fromChunkAt index: Int) -> Int {
        let chunk = chunks.remove(at: index)
        if chunk.length > size {
            insert(Entry(position: chunk.position + size, length: chunk.length - size, version: 0))
        }
        return chunk.position
    }

    /// Extends the logical file until a chunk at its end holds `size` bytes, and takes them.
    private func grow(toFit size: Int) throws(RealmFormatError) -> Int {
        let section = FreeSpaceAllocator.sectionSize
        while true {
            let old = logicalSize
            var target = max(old < FreeSpaceAllocator.growthStep ? 2 * old : old + FreeSpaceAllocator.growthStep, old + size)
            target = (target + FreeSpaceAllocator.pageSize - 1) / FreeSpaceAllocator.pageSize * FreeSpaceAllocator.pageSize
            let boundary = (old / section + 1) * section
            // A node larger than a section cannot avoid crossing one; everything else stays inside.
            if target > boundary && size <= section { target = boundary }
            guard target > old, target <= Int.max / 2 else {
                throw .cannotWrite(path: path, reason: "the file cannot grow past \(old) bytes")
            }
            logicalSize = target
            var gained = Entry(position: old, length: target - old, version: 0)
            if old % section != 0, let tail = chunks.firstIndex(where: { $0.end == old }) {
                gained = Entry(position: chunks[tail].position, length: chunks[tail].length + gained.length, version: 0)
                chunks.remove(at: tail)
            }
            insert(gained)
            if gained.length >= size, let index = chunks.firstIndex(of: gained) {
                return take(size, fromChunkAt: index)
            }
        }
    }
}
