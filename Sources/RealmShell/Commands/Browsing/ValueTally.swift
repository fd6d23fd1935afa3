#if canImport(Glibc)
import Glibc
#endif
import RealmFormat

/// How often each value occurs, by its bytes: every distinct value of a column for `stats`
/// (10,000,000 of them at a time), a Misra-Gries summary of at most a thousand for serve's
/// charts.
///
/// A dictionary keyed by `[UInt8]` cost an array per value read, a SipHash per lookup, an
/// allocation per distinct value and a sort of every distinct value to name the five most
/// common: 2.2 s for `stats` of a million distinct strings, mostly the sort and rehashing
/// (perf). Here each distinct value's bytes are copied once into an arena of chunks that never
/// move (growing copies nothing and leaves no freed blocks behind), the table is open
/// addressing over 8-byte slots that hold the top of the hash beside the entry's index (a probe
/// of another value settles without reading that value's bytes), and the most common are
/// picked in one pass. The hash is seeded at random per tally, so no file can be made to
/// collide.
final class ValueTally {
    /// One distinct value: its bytes in the arena and how often it was seen. 24 bytes; values
    /// are never longer than Realm's 16 MB limit, far inside `length`'s range.
    private struct Entry {
        var bytes: UnsafeRawPointer?
        var count: Int
        var length: UInt32
        /// The hash's high 32 bits, which place it in the table and filter probes.
        var tag: UInt32
    }

    /// The arena's chunks, freed with the tally; values are stored from `nextFree` on, while
    /// `remaining` bytes last, then in a new chunk (up to 4 MB, or the value's own size).
    private var chunks: [UnsafeMutableRawPointer] = []
    private var nextFree: UnsafeMutableRawPointer?
    private var remaining = 0
    private var nextChunkSize = ValueTally.firstChunkSize
    private static let firstChunkSize = 64 << 10
    private static let largestChunkSize = 4 << 20
    private var entries: UnsafeMutablePointer<Entry>
    private var entryCapacity = 64
    /// How many distinct values are held (entries `0..<distinct`).
    private(set) var distinct = 0
    /// Per slot 0 (empty) or the entry's tag << 32 | its index + 1. Kept at most 3/4 full.
    private var slots: UnsafeMutablePointer<UInt64>
    private var slotMask = 127
    private let seed = UInt64.random(in: .min ... .max)

    init() {
        entries = .allocate(capacity: entryCapacity)
        slots = .allocate(capacity: slotMask + 1)
        slots.initialize(repeating: 0, count: slotMask + 1)
    }

    deinit {
        for chunk in chunks { chunk.deallocate() }
        entries.deallocate()
        slots.deallocate()
    }

    /// Counts one occurrence of `bytes`. A value not yet held is added only if `insertingNew`;
    /// returns whether the value was counted.
    @discardableResult
    func add(_ bytes: UnsafeRawBufferPointer, insertingNew: Bool = true) -> Bool {
        add(bytes, tag: tag(of: bytes), insertingNew: insertingNew)
    }

    /// Counts one occurrence of each of `values` (whose bytes stay readable meanwhile). The
    /// hashes come first, each with a read of its slot: the reads do not wait for one another,
    /// so the cache misses of a table of millions of slots overlap. One by one, `add` spent 92%
    /// of its time waiting for that read (perf, 10,000,000 distinct strings).
    func add(all values: [UnsafeRawBufferPointer]) {
        batchTags.removeAll(keepingCapacity: true)
        for bytes in values { batchTags.append(tag(of: bytes)) }
        // A loop of nothing but the reads, so that many are under way at once.
        var touched: UInt64 = 0
        for tag in batchTags { touched ^= slots[Int(tag) & slotMask] }
        // Kept, so that the reads are not left out as unused.
        self.touched ^= touched
        for (bytes, tag) in zip(values, batchTags) { _ = add(bytes, tag: tag, insertingNew: true) }
    }

    // One tally is filled by one thread; run-time exclusivity checks around every value cost
    // more than the value.
    @exclusivity(unchecked) private var batchTags: [UInt32] = []
    @exclusivity(unchecked) private var touched: UInt64 = 0

    @inline(__always)
    private func tag(of bytes: UnsafeRawBufferPointer) -> UInt32 {
        UInt32(truncatingIfNeeded: ByteHash.hash(bytes, seed: seed) >> 32)
    }

    @inline(__always)
    private func add(_ bytes: UnsafeRawBufferPointer, tag: UInt32, insertingNew: Bool) -> Bool {
        var slot = Int(tag) & slotMask
        while true {
            let stored = slots[slot]
            if stored == 0 { break }
            if UInt32(truncatingIfNeeded: stored >> 32) == tag {
                let index = Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) &- 1
                if holds(index, bytes) {
                    entries[index].count &+= 1
                    return true
                }
            }
            slot = (slot &+ 1) & slotMask
        }
        guard insertingNew else { return false }
        append(bytes, tag: tag)
        slots[slot] = UInt64(tag) << 32 | UInt64(distinct)
        if distinct &* 4 >= (slotMask &+ 1) &* 3 { placeEntries(slotCount: (slotMask &+ 1) &* 2) }
        return true
    }

    /// Takes `amount` from every count and drops the values left with none: the Misra-Gries
    /// step (1), and after a recount (0) the values not seen again.
    func reduceCounts(by amount: Int) {
        // Survivors are copied to new chunks and the old ones freed.
        let old = chunks
        chunks = []
        nextFree = nil
        remaining = 0
        nextChunkSize = Self.firstChunkSize
        var kept = 0
        for index in 0..<distinct {
            var entry = entries[index]
            entry.count -= amount
            guard entry.count > 0 else { continue }
            entry.bytes = store(UnsafeRawBufferPointer(start: entry.bytes, count: Int(entry.length)))
            entries[kept] = entry
            kept += 1
        }
        for chunk in old { chunk.deallocate() }
        distinct = kept
        placeEntries(slotCount: slotMask &+ 1)
    }

    /// Sets every count to 0, for a recount of the values held (`add(_:insertingNew: false)`).
    func resetCounts() {
        for index in 0..<distinct { entries[index].count = 0 }
    }

    /// The `limit` most common values, most frequent first, ties in byte order (shorter first
    /// when one is the other's prefix), picked in one pass: each value is compared with the
    /// last of those kept so far, so a million distinct values cost a million comparisons.
    func mostCommon(_ limit: Int) -> [(value: [UInt8], count: Int)] {
        guard limit > 0 else { return [] }
        var kept: [Int] = []
        for index in 0..<distinct {
            if kept.count == limit {
                guard precedes(index, kept[limit - 1]) else { continue }
                kept.removeLast()
            }
            var position = kept.count
            while position > 0, precedes(index, kept[position - 1]) { position -= 1 }
            kept.insert(index, at: position)
        }
        return kept.map { index in
            let entry = entries[index]
            return (Array(UnsafeRawBufferPointer(start: entry.bytes, count: Int(entry.length))), entry.count)
        }
    }

    private func holds(_ index: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let entry = entries[index]
        guard Int(entry.length) == bytes.count else { return false }
        guard let base = bytes.baseAddress, let stored = entry.bytes, entry.length > 0 else { return true }
        return memcmp(stored, base, bytes.count) == 0
    }

    /// Whether entry `left` comes before entry `right` in `mostCommon`'s order.
    private func precedes(_ left: Int, _ right: Int) -> Bool {
        let first = entries[left]
        let second = entries[right]
        if first.count != second.count { return first.count > second.count }
        let common = Int(min(first.length, second.length))
        var order: Int32 = 0
        if common > 0, let left = first.bytes, let right = second.bytes { order = memcmp(left, right, common) }
        return order != 0 ? order < 0 : first.length < second.length
    }

    /// A copy of `bytes` in the arena (nil for no bytes).
    private func store(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawPointer? {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        if bytes.count > remaining {
            let size = max(nextChunkSize, bytes.count)
            nextChunkSize = min(nextChunkSize * 2, Self.largestChunkSize)
            let chunk = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
            chunks.append(chunk)
            nextFree = chunk
            remaining = size
        }
        guard let target = nextFree else { return nil }
        target.copyMemory(from: base, byteCount: bytes.count)
        nextFree = target + bytes.count
        remaining -= bytes.count
        return UnsafeRawPointer(target)
    }

    private func append(_ bytes: UnsafeRawBufferPointer, tag: UInt32) {
        let stored = store(bytes)
        if distinct == entryCapacity {
            let grown = UnsafeMutablePointer<Entry>.allocate(capacity: entryCapacity * 2)
            grown.moveInitialize(from: entries, count: distinct)
            entries.deallocate()
            entries = grown
            entryCapacity *= 2
        }
        (entries + distinct).initialize(to: Entry(bytes: stored, count: 1, length: UInt32(truncatingIfNeeded: bytes.count), tag: tag))
        distinct += 1
    }

    /// Places every entry anew in a table of `slotCount` slots (a power of two), from the
    /// tags kept in the entries, without hashing the values again.
    private func placeEntries(slotCount: Int) {
        if slotCount != slotMask &+ 1 {
            slots.deallocate()
            slots = .allocate(capacity: slotCount)
            slotMask = slotCount &- 1
        }
        slots.initialize(repeating: 0, count: slotCount)
        for index in 0..<distinct {
            let tag = entries[index].tag
            var slot = Int(tag) & slotMask
            while slots[slot] != 0 { slot = (slot &+ 1) & slotMask }
            slots[slot] = UInt64(tag) << 32 | UInt64(index &+ 1)
        }
    }
}
