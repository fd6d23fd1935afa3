#if canImport(Glibc)
import Glibc
#endif

/// Byte-level string tests on values read in place from the file, with no `String` built.
///
/// Case-insensitive tests fold ASCII letters on the fly and compare with a needle folded once
/// by the general rules (`String.lowercased()`); they are only used for haystacks that are
/// all ASCII, where byte folding and Unicode lowercasing agree. Other haystacks take the
/// general path.
enum ByteSearch {
    /// Whether every byte is below 0x80, eight bytes at a time.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        var high: UInt64 = 0
        while index &+ 8 <= count {
            high |= base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index &+= 8
        }
        while index < count {
            high |= UInt64(base.load(fromByteOffset: index, as: UInt8.self))
            index &+= 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 {
        byte &+ (byte &- 65 < 26 ? 32 : 0)
    }

    /// `haystack[at..<at+needle.count]` equals `needle`, comparing folded bytes when `folding`.
    @inline(__always)
    static func matches(_ haystack: UnsafeRawBufferPointer, at start: Int, _ needle: UnsafeBufferPointer<UInt8>, folding: Bool) -> Bool {
        guard let base = haystack.baseAddress else { return needle.isEmpty }
        if !folding {
            guard let needleBase = needle.baseAddress else { return true }
            // Short needles (most prefixes, suffixes and names) inline: the first byte
            // usually decides, which costs less than calling memcmp.
            if needle.count <= 16 {
                for index in 0..<needle.count where base.load(fromByteOffset: start &+ index, as: UInt8.self) != needleBase[index] {
                    return false
                }
                return true
            }
            return memcmp(base + start, needleBase, needle.count) == 0
        }
        for index in 0..<needle.count where lower(base.load(fromByteOffset: start &+ index, as: UInt8.self)) != needle[index] {
            return false
        }
        return true
    }

    static func equals(_ haystack: UnsafeRawBufferPointer, _ needle: UnsafeBufferPointer<UInt8>, folding: Bool) -> Bool {
        haystack.count == needle.count && matches(haystack, at: 0, needle, folding: folding)
    }

    static func hasPrefix(_ haystack: UnsafeRawBufferPointer, _ needle: UnsafeBufferPointer<UInt8>, folding: Bool) -> Bool {
        haystack.count >= needle.count && matches(haystack, at: 0, needle, folding: folding)
    }

    static func hasSuffix(_ haystack: UnsafeRawBufferPointer, _ needle: UnsafeBufferPointer<UInt8>, folding: Bool) -> Bool {
        haystack.count >= needle.count && matches(haystack, at: haystack.count - needle.count, needle, folding: folding)
    }

    /// Realm orders strings by their UTF-8 bytes: -1, 0 or 1.
    static func order(_ haystack: UnsafeRawBufferPointer, _ needle: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(haystack.count, needle.count)
        if common > 0, let base = haystack.baseAddress, let needleBase = needle.baseAddress {
            let order = memcmp(base, needleBase, common)
            if order != 0 { return order < 0 ? -1 : 1 }
        }
        return haystack.count < needle.count ? -1 : (haystack.count > needle.count ? 1 : 0)
    }

    /// The first position at or after `from` (and before `end`) where `needle` occurs.
    static func find(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeRawBufferPointer, from: Int, end: Int, folding: Bool) -> Int? {
        if needle.isEmpty { return from }
        guard end - from >= needle.count, haystack.baseAddress != nil else { return nil }
        return firstMatch(needle, haystack, from: from, end: end, folding: folding) { _ in }
    }

    /// `[c]` CONTAINS on a haystack that must be all ASCII: whether the folded needle occurs,
    /// or nil when a byte is not ASCII (the general rules decide then). The words the search
    /// reads are checked for high bits as it goes, so a haystack without a match is read once.
    static func containsFolded(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeRawBufferPointer) -> Bool? {
        guard !needle.isEmpty, haystack.count >= needle.count &+ 7 else {
            guard isASCII(haystack) else { return nil }
            return find(needle, in: haystack, from: 0, end: haystack.count, folding: true) != nil
        }
        var high: UInt64 = 0
        if firstMatch(needle, haystack, from: 0, end: haystack.count, folding: true, seen: { high |= $0 }) != nil {
            return isASCII(haystack) ? true : nil
        }
        return high & 0x8080_8080_8080_8080 == 0 ? false : nil
    }

    /// The search itself, eight candidate positions at a time: a position is only checked in
    /// full where both the needle's first byte and its last byte match there (folded, for
    /// `[c]`: a letter of the needle matches the haystack byte with bit 0x20 set, which is
    /// exactly its two cases on the ASCII haystacks folding is used for). Text that repeats the
    /// first byte, such as " bla bla" padding, then costs no more than any other. The last
    /// block overlaps the one before, so no position is tested alone; `seen` gets every word
    /// read, which together cover the haystack from `from` to `end` when there are at least
    /// eight candidate positions. `needle` is not empty and fits.
    @inline(__always)
    private static func firstMatch(_ needle: UnsafeBufferPointer<UInt8>, _ haystack: UnsafeRawBufferPointer, from: Int, end: Int,
                                   folding: Bool, seen: (UInt64) -> Void) -> Int? {
        guard let base = haystack.baseAddress else { return nil }
        let span = needle.count &- 1
        let last = end &- needle.count
        guard last &- from >= 7 else {
            var position = from
            while position <= last {
                if matches(haystack, at: position, needle, folding: folding) { return position }
                position &+= 1
            }
            return nil
        }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let firsts = UInt64(needle[0]) &* ones
        let finals = UInt64(needle[span]) &* ones
        let firstFold: UInt64 = folding && isLowerLetter(needle[0]) ? 0x20 &* ones : 0
        let finalFold: UInt64 = folding && isLowerLetter(needle[span]) ? 0x20 &* ones : 0
        var position = from
        while position <= last {
            let start = min(position, last &- 7)
            let starts = base.loadUnaligned(fromByteOffset: start, as: UInt64.self)
            let ends = base.loadUnaligned(fromByteOffset: start &+ span, as: UInt64.self)
            seen(starts)
            seen(ends)
            var hits = zeroBytes((starts | firstFold) ^ firsts) & zeroBytes((ends | finalFold) ^ finals)
            // The overlapping last block: its first candidates were tested with the block before.
            if start < position { hits &= ~0 << UInt64((position &- start) &* 8) }
            while hits != 0 {
                let candidate = start &+ hits.trailingZeroBitCount &>> 3
                if matches(haystack, at: candidate, needle, folding: folding) { return candidate }
                hits &= hits &- 1
            }
            position = start &+ 8
        }
        return nil
    }

    /// The high bit of each byte of `word` that is zero, and no other bit.
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low) &+ low) | word | low)
    }

    @inline(__always)
    static func isLowerLetter(_ byte: UInt8) -> Bool {
        byte &- 97 < 26
    }
}
