/// A LIKE pattern compiled once: the literal runs between `*`s, each matched as a fixed-width
/// segment (`?` matches any one byte), the first anchored at the start, the last at the end,
/// and the ones between found left to right. Greedy leftmost placement is exact here because
/// every segment has a fixed width.
///
/// Bytes stand for characters, so the pattern is only used on ASCII haystacks (where `?`
/// matching one byte is matching one character); others take the general path.
///
/// The compiled pattern lives in one allocation read through plain pointers: matching a
/// value touches no reference count. With arrays of segments holding arrays of bytes, every
/// match retained and released them, and when two threads scanned with one pattern those
/// atomic counts on one shared cache line took more than half the time (two threads ran a LIKE
/// 2.4x slower than one, BENCHMARKS.md "Threads again"); a single thread paid for them too.
struct LikePattern {
    /// A fixed-width run of pattern bytes: `bytes[start..<start + count]`, `?` marked in
    /// `wildcards`. The anchor is its longest run without `?`: what a search for a segment
    /// with wildcards looks for first, so that only its occurrences are checked in full.
    struct Segment {
        let start: Int
        let count: Int
        let hasWildcard: Bool
        /// Where the anchor starts within the segment, and its length.
        let anchorOffset: Int
        let anchorCount: Int
    }

    /// Owns the allocation the pointers below read; freed with the last copy of the pattern.
    private final class Storage {
        let memory: UnsafeMutableRawPointer
        init(byteCount: Int) {
            memory = UnsafeMutableRawPointer.allocate(byteCount: max(1, byteCount), alignment: MemoryLayout<Segment>.alignment)
        }
        deinit { memory.deallocate() }
    }

    private let storage: Storage
    /// The pattern's bytes without the `*`s, segment after segment.
    private let bytes: UnsafePointer<UInt8>
    /// One flag per byte of `bytes`: whether it is a `?`.
    private let wildcards: UnsafePointer<Bool>
    private let segments: UnsafePointer<Segment>
    private let segmentCount: Int
    /// Whether the pattern has a `*` at all (otherwise it is one anchored segment).
    private let hasStar: Bool
    /// ASCII bytes the haystack must start with (`bytes[0..<prefixCount]`) and end with
    /// (`bytes[suffixStart..<suffixStart + suffixCount]`): a case-sensitive LIKE fails on any
    /// string, ASCII or not, whose first (last) bytes are not these, since a scalar that is not
    /// ASCII can never equal an ASCII character of the pattern. Most strings are turned down
    /// by these few bytes, before anything else is read.
    private let prefixCount: Int
    private let suffixStart: Int
    private let suffixCount: Int

    init(_ pattern: [UInt8]) {
        var literal: [UInt8] = []
        var marks: [Bool] = []
        var runs: [Segment] = []
        var start = 0
        func closeSegment() {
            let count = literal.count - start
            // The longest run without `?`.
            var best = 0..<0
            var runStart = 0
            for index in 0...count where index == count || marks[start + index] {
                if index - runStart > best.count { best = runStart..<index }
                runStart = index + 1
            }
            runs.append(Segment(start: start, count: count, hasWildcard: marks[start...].contains(true),
                                anchorOffset: best.lowerBound, anchorCount: best.count))
            start = literal.count
        }
        for byte in pattern {
            if byte == UInt8(ascii: "*") {
                closeSegment()
            } else {
                literal.append(byte)
                marks.append(byte == UInt8(ascii: "?"))
            }
        }
        closeSegment()
        hasStar = runs.count > 1

        let segmentBytes = runs.count * MemoryLayout<Segment>.stride
        storage = Storage(byteCount: segmentBytes + 2 * literal.count)
        let segmentMemory = storage.memory.bindMemory(to: Segment.self, capacity: runs.count)
        segmentMemory.initialize(from: runs, count: runs.count)
        let byteMemory = (storage.memory + segmentBytes).bindMemory(to: UInt8.self, capacity: literal.count)
        byteMemory.initialize(from: literal, count: literal.count)
        let markMemory = (storage.memory + segmentBytes + literal.count).bindMemory(to: Bool.self, capacity: literal.count)
        markMemory.initialize(from: marks, count: literal.count)
        segments = UnsafePointer(segmentMemory)
        segmentCount = runs.count
        bytes = UnsafePointer(byteMemory)
        wildcards = UnsafePointer(markMemory)

        let isAnchorable = { (byte: UInt8) in byte != UInt8(ascii: "?") && byte < 0x80 }
        let first = runs[0]
        prefixCount = literal[first.start..<first.start + first.count].prefix(while: isAnchorable).count
        let last = runs[runs.count - 1]
        suffixCount = hasStar ? literal[last.start..<last.start + last.count].reversed().prefix(while: isAnchorable).count : 0
        suffixStart = last.start + last.count - suffixCount
    }

    /// False when the string cannot match (case-sensitive patterns only).
    @inline(__always)
    func mayMatch(_ haystack: UnsafeRawBufferPointer) -> Bool {
        guard let base = haystack.baseAddress else { return prefixCount == 0 && suffixCount == 0 }
        let count = haystack.count
        guard prefixCount + suffixCount <= count else { return false }
        for index in 0..<prefixCount where base.load(fromByteOffset: index, as: UInt8.self) != bytes[index] {
            return false
        }
        let start = count - suffixCount
        for index in 0..<suffixCount where base.load(fromByteOffset: start + index, as: UInt8.self) != bytes[suffixStart + index] {
            return false
        }
        return true
    }

    func matches(_ haystack: UnsafeRawBufferPointer, folding: Bool) -> Bool {
        let count = haystack.count
        let first = segments[0]
        guard hasStar else {
            return first.count == count && matches(first, haystack, at: 0, folding: folding)
        }
        let last = segments[segmentCount - 1]
        guard first.count + last.count <= count,
              matches(first, haystack, at: 0, folding: folding),
              matches(last, haystack, at: count - last.count, folding: folding) else { return false }
        var position = first.count
        let end = count - last.count
        var index = 1
        while index < segmentCount - 1 {
            let segment = segments[index]
            index += 1
            if segment.count == 0 { continue }
            guard let found = find(segment, in: haystack, from: position, end: end, folding: folding) else { return false }
            position = found + segment.count
        }
        return true
    }

    @inline(__always)
    private func matches(_ segment: Segment, _ haystack: UnsafeRawBufferPointer, at start: Int, folding: Bool) -> Bool {
        guard let base = haystack.baseAddress else { return segment.count == 0 }
        for index in 0..<segment.count where !wildcards[segment.start + index] {
            var byte = base.load(fromByteOffset: start + index, as: UInt8.self)
            if folding { byte = ByteSearch.lower(byte) }
            if byte != bytes[segment.start + index] { return false }
        }
        return true
    }

    private func find(_ segment: Segment, in haystack: UnsafeRawBufferPointer, from: Int, end: Int, folding: Bool) -> Int? {
        if !segment.hasWildcard {
            return ByteSearch.find(UnsafeBufferPointer(start: bytes + segment.start, count: segment.count),
                                   in: haystack, from: from, end: end, folding: folding)
        }
        var position = from
        if segment.anchorCount > 0 {
            // The anchor's occurrences, left to right, each checked with the whole segment.
            let anchor = UnsafeBufferPointer(start: bytes + segment.start + segment.anchorOffset, count: segment.anchorCount)
            let anchorEnd = end - (segment.count - segment.anchorOffset - segment.anchorCount)
            while position + segment.count <= end {
                guard let found = ByteSearch.find(anchor, in: haystack, from: position + segment.anchorOffset, end: anchorEnd, folding: folding) else { return nil }
                let start = found - segment.anchorOffset
                if matches(segment, haystack, at: start, folding: folding) { return start }
                position = start + 1
            }
            return nil
        }
        while position + segment.count <= end {
            if matches(segment, haystack, at: position, folding: folding) { return position }
            position += 1
        }
        return nil
    }
}
