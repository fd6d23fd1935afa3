@testable import RealmFormat
import Testing

/// The placement rules of the format document §8.1–8.2, on free lists built by hand; every
/// expected position follows from the rules, worked out in the comments.
@Suite("Free-space allocator")
struct FreeSpaceAllocatorTests {
    typealias Entry = FreeSpaceAllocator.Entry

    func entry(_ position: Int, _ length: Int, version: Int64 = 0) -> Entry {
        Entry(position: position, length: length, version: version)
    }

    func allocator(_ entries: [Entry], version: Int64 = 5, logicalSize: Int = 8192,
                   live: [Entry] = []) throws -> FreeSpaceAllocator {
        var map = LiveNodeMap(logicalSize: logicalSize)
        for node in live {
            let fresh = map.mark(position: node.position, length: node.length)
            #expect(fresh, "the live nodes of a test do not overlap")
        }
        return try FreeSpaceAllocator(entries: entries, oldestVersionInUse: version, logicalSize: logicalSize,
                                      liveNodes: live.isEmpty ? nil : map, path: "test.realm")
    }

    @Test func exactFitOrTwiceTheSizeFromTheChunkStart() throws {
        // 48 bytes: the 48-byte chunk at 1000 fits exactly, although 64 at 200 comes first.
        // 40 bytes: 64 at 200 is neither exact nor ≥ 80, 96 at 600 is ≥ 80: its start, 600.
        // 40 again: 600+40 = 640 has 56 left (< 80), so the 128 at 2000 is next.
        let space = try allocator([entry(200, 64), entry(600, 96), entry(1000, 48), entry(2000, 128)])
        #expect(try space.allocate(48) == 1000)
        #expect(try space.allocate(40) == 600)
        #expect(try space.allocate(40) == 2000)
        // 56 fits the rest of 600's chunk (640, 56 bytes) exactly.
        #expect(try space.allocate(56) == 640)
        #expect(space.logicalSize == 8192)
    }

    @Test func adjacentEntriesMergeAndNewerOnesStayLocked() throws {
        // 96+40 and 136+24 are adjacent (versions 3 and 5, both ≤ 5): one chunk of 64 at 96.
        // The entry at 4000 has version 9 > current 5: a reader may still use it.
        let space = try allocator([entry(96, 40, version: 3), entry(136, 24, version: 5), entry(4000, 64, version: 9)])
        #expect(try space.allocate(64) == 96)
        // Nothing else is available: the 64 bytes at 4000 are locked, so the file grows from
        // 8192 (under 1 MiB: doubles to 16384) and the node goes to the old end.
        #expect(try space.allocate(64) == 8192)
        #expect(space.logicalSize == 16384)
        try space.reserveFinalChunk(freedCount: 1) { entries in 3 * (8 + 8 * entries) + 96 }
        let list = try space.freeList(freed: [entry(5000, 32)], newVersion: 6) { entries in 3 * (8 + 8 * entries) + 96 }
        #expect(list.contains(entry(4000, 64, version: 9)), "a locked entry keeps its version")
        #expect(list.contains(entry(5000, 32, version: 6)), "freed nodes carry the new version")
        #expect(!list.contains { $0.position == 96 }, "the merged chunk was used up")
    }

    @Test func spaceFreedAfterTheOldestVersionInUseStaysLocked() throws {
        // A reader holds version 3 (a Realm session's writer passes it): space freed by the
        // commits of versions 4 and 5 is still part of version 3, only version 3's is reused.
        let space = try allocator([entry(96, 64, version: 3), entry(200, 64, version: 4), entry(320, 64, version: 5)], version: 3)
        #expect(try space.allocate(64) == 96)
        #expect(try space.allocate(64) == 8192, "the entries of versions 4 and 5 are not reused")
        #expect(space.lockedEntries == [entry(200, 64, version: 4), entry(320, 64, version: 5)])
    }

    @Test func growthDoublesSmallFilesAndAddsAMebibyteToBigOnes() throws {
        // 2 MiB file, nothing free: grows by 1 MiB; the node at the old end, the rest available.
        let big = try allocator([], logicalSize: 2 << 20)
        #expect(try big.allocate(1024) == 2 << 20)
        #expect(big.logicalSize == 3 << 20)
        #expect(try big.allocate(2048) == (2 << 20) + 1024, "the grown range's rest is an available chunk")
        // 4 KiB file with a free tail of 40 bytes at 4056: a 4096-byte node does not fit, so the
        // file doubles to 8192; the gained range joins the tail, 4056..<8192 (4136 bytes), and the
        // node starts at the tail's start.
        let small = try allocator([entry(4056, 40)], logicalSize: 4096)
        #expect(try small.allocate(4096) == 4056)
        #expect(small.logicalSize == 8192)
        // A request bigger than doubling gives: 8192 + 20000 = 28192, rounded up to a page: 28672.
        let request = try allocator([], logicalSize: 8192)
        #expect(try request.allocate(20000) == 8192)
        #expect(request.logicalSize == 28672)
    }

    @Test func nodesNeverCrossASectionBoundary() throws {
        let section = 1 << 26
        // A free chunk straddling 64 MiB: 32 bytes before the boundary, 4096 after. A 64-byte
        // node cannot go at section - 32 (it would cross), so it goes to the part after.
        let space = try allocator([entry(section - 32, 4128)], logicalSize: section + 8192)
        #expect(try space.allocate(64) == section)
        #expect(try space.allocate(32) == section - 32, "the piece before the boundary is an exact fit")
        // Growth stops at the boundary: a file 16 bytes short of it grows to the boundary first
        // (those 16 bytes stay free), and the node goes to the next section.
        let growing = try allocator([], logicalSize: section - 16)
        #expect(try growing.allocate(64) == section)
        #expect(growing.logicalSize > section)
        try growing.reserveFinalChunk(freedCount: 0) { entries in 3 * (8 + 8 * entries) + 96 }
        let list = try growing.freeList(freed: [], newVersion: 6) { entries in 3 * (8 + 8 * entries) + 96 }
        #expect(list.contains(entry(section - 16, 16)))
    }

    @Test func theReservedChunkLeavesATailEntry() throws {
        // One chunk of 1024 at 512. freedCount 2, no other chunk: the worst case is
        // 1 + 0 + 2 + 3 = 6 entries, 3 × (8 + 48) + 96 + 8 = 272 bytes; 1024 ≥ 2 × 272, so the
        // reservation is 512..<784 and 784..<1536 stays available.
        let finalBytes = { (entries: Int) in 3 * (8 + 8 * entries) + 96 }
        let space = try allocator([entry(512, 1024)])
        try space.reserveFinalChunk(freedCount: 2, finalBytes: finalBytes)
        #expect(space.reservedStart == 512)
        // Entries: the rest 784+752, two freed nodes, the tail: 4 → 3 × 40 + 96 = 216 bytes used,
        // tail 512 + 216 = 728, 272 - 216 = 56 bytes.
        let list = try space.freeList(freed: [entry(3000, 16), entry(3096, 24)], newVersion: 6, finalBytes: finalBytes)
        #expect(list == [entry(728, 56), entry(784, 752), entry(3000, 16, version: 6), entry(3096, 24, version: 6)])
        #expect(try space.allocate(40) == 512, "the free lists and top are placed in the reservation, in order")
        #expect(try space.allocate(40) == 552)
    }

    @Test func placementsNeverTouchLiveOrFreedNodes() throws {
        // A free list claiming space a live node occupies is damage: refuse before writing.
        #expect(throws: RealmFormatError.self) {
            _ = try allocator([entry(200, 64)], live: [entry(248, 16)])
        }
        // Live nodes elsewhere are fine.
        let space = try allocator([entry(200, 64)], live: [entry(24, 176), entry(264, 7928)])
        #expect(try space.allocate(64) == 200)
        // A node this commit frees must not be where a new node went.
        #expect(throws: RealmFormatError.self) { try space.ensureDisjoint(fromFreed: [entry(192, 16)]) }
        try space.ensureDisjoint(fromFreed: [entry(264, 16)])
        // Entries outside the file are damage too.
        #expect(throws: RealmFormatError.self) { _ = try allocator([entry(8192, 64)]) }
        #expect(throws: RealmFormatError.self, "no overflow trap") { _ = try allocator([entry(Int.max - 7, 64)]) }
        #expect(throws: RealmFormatError.self) { _ = try allocator([entry(4096, Int.max - 7)]) }
        #expect(throws: RealmFormatError.self) { _ = try allocator([entry(200, 64), entry(256, 64)]) }
    }
}
