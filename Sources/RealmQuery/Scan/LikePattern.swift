/// A LIKE pattern compiled once: the literal runs between `*`s, each matched as a fixed-width
/// segment (`?` matches any one byte), the first anchored at the start, the last at the end,
/// and the ones between found left to right. Greedy leftmost placement is exact here because
/// every segment has a fixed width.
///
/// Bytes stand for characters, so the pattern is only used on ASCII haystacks (where `?`
/// matching one byte is matching one character); others take the general path.
struct LikePattern {
    /// A fixed-width run of pattern bytes; `wildcards[i]` marks a `?`.
    struct Segment {
        let bytes: [UInt8]
        let wildcards: [Bool]
        let hasWildcard: Bool
        /// The longest run without `?` and where it starts: what a search for a segment with
        /// wildcards looks for first, so that only its occurrences are checked in full.
        let anchor: [UInt8]
        let anchorOffset: Int

        init(bytes: [UInt8], wildcards: [Bool]) {
            self.bytes = bytes
            self.wildcards = wildcards
            hasWildcard = wildcards.contains(true)
            var best = 0..<0
            var start = 0
            for index in 0...bytes.count where index == bytes.count || wildcards[index] {
                if index - start > best.count { best = start..<index }
                start = index + 1
            }
            anchor = Array(bytes[best])
            anchorOffset = best.lowerBound
        }
    }

    let segments: [Segment]
    /// Whether the pattern has a `*` at all (otherwise it is one anchored segment).
    let hasStar: Bool

    init(_ pattern: [UInt8]) {
        var segments: [Segment] = []
        var bytes: [UInt8] = []
        var wildcards: [Bool] = []
        var stars = 0
        for byte in pattern {
            if byte == UInt8(ascii: "*") {
                segments.append(Segment(bytes: bytes, wildcards: wildcards))
                bytes = []
                wildcards = []
                stars += 1
            } else {
                bytes.append(byte)
                wildcards.append(byte == UInt8(ascii: "?"))
            }
        }
        segments.append(Segment(bytes: bytes, wildcards: wildcards))
        self.segments = segments
        hasStar = stars > 0
        // The ASCII bytes at either end that no `?` comes before (from that end).
        let first = segments[0]
        let head = first.bytes.prefix { $0 != UInt8(ascii: "?") && $0 < 0x80 }
        let last = segments[segments.count - 1]
        let tail = hasStar ? last.bytes.reversed().prefix { $0 != UInt8(ascii: "?") && $0 < 0x80 } : []
        anchoredPrefix = Array(head)
        anchoredSuffix = Array(tail.reversed())
    }

    /// ASCII bytes the haystack must start with, and end with: a case-sensitive LIKE fails on
    /// any string, ASCII or not, whose first (last) bytes are not these, since a scalar that
    /// is not ASCII can never equal an ASCII character of the pattern. Most strings are
    /// turned down by these few bytes, before anything else is read.
    let anchoredPrefix: [UInt8]
    let anchoredSuffix: [UInt8]

    /// False when the string cannot match (case-sensitive patterns only).
    func mayMatch(_ haystack: UnsafeRawBufferPointer) -> Bool {
        guard let base = haystack.baseAddress else { return anchoredPrefix.isEmpty && anchoredSuffix.isEmpty }
        let count = haystack.count
        guard anchoredPrefix.count + anchoredSuffix.count <= count else { return false }
        for (index, byte) in anchoredPrefix.enumerated() where base.load(fromByteOffset: index, as: UInt8.self) != byte {
            return false
        }
        let start = count - anchoredSuffix.count
        for (index, byte) in anchoredSuffix.enumerated() where base.load(fromByteOffset: start + index, as: UInt8.self) != byte {
            return false
        }
        return true
    }

    func matches(_ haystack: UnsafeRawBufferPointer, folding: Bool) -> Bool {
        let count = haystack.count
        guard hasStar else {
            return segments[0].bytes.count == count && matches(segments[0], haystack, at: 0, folding: folding)
        }
        let first = segments[0]
        let last = segments[segments.count - 1]
        guard first.bytes.count + last.bytes.count <= count,
              matches(first, haystack, at: 0, folding: folding),
              matches(last, haystack, at: count - last.bytes.count, folding: folding) else { return false }
        var position = first.bytes.count
        let end = count - last.bytes.count
        for segment in segments.dropFirst().dropLast() where !segment.bytes.isEmpty {
            guard let found = find(segment, in: haystack, from: position, end: end, folding: folding) else { return false }
            position = found + segment.bytes.count
        }
        return true
    }

    private func matches(_ segment: Segment, _ haystack: UnsafeRawBufferPointer, at start: Int, folding: Bool) -> Bool {
        guard let base = haystack.baseAddress else { return segment.bytes.isEmpty }
        for index in 0..<segment.bytes.count where !segment.wildcards[index] {
            var byte = base.load(fromByteOffset: start + index, as: UInt8.self)
            if folding { byte = ByteSearch.lower(byte) }
            if byte != segment.bytes[index] { return false }
        }
        return true
    }

    private func find(_ segment: Segment, in haystack: UnsafeRawBufferPointer, from: Int, end: Int, folding: Bool) -> Int? {
        if !segment.hasWildcard {
            return segment.bytes.withUnsafeBufferPointer { needle in
                ByteSearch.find(needle, in: haystack, from: from, end: end, folding: folding)
            }
        }
        var position = from
        if !segment.anchor.isEmpty {
            // The anchor's occurrences, left to right, each checked with the whole segment.
            let anchorEnd = end - (segment.bytes.count - segment.anchorOffset - segment.anchor.count)
            while position + segment.bytes.count <= end {
                let found = segment.anchor.withUnsafeBufferPointer { anchor in
                    ByteSearch.find(anchor, in: haystack, from: position + segment.anchorOffset, end: anchorEnd, folding: folding)
                }
                guard let found else { return nil }
                let start = found - segment.anchorOffset
                if matches(segment, haystack, at: start, folding: folding) { return start }
                position = start + 1
            }
            return nil
        }
        while position + segment.bytes.count <= end {
            if matches(segment, haystack, at: position, folding: folding) { return position }
            position += 1
        }
        return nil
    }
}
