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
        let length = end - from
        if needle.isEmpty { return from }
        guard length >= needle.count, let base = haystack.baseAddress, let needleBase = needle.baseAddress else { return nil }
        if !folding {
            // glibc's vectorised memchr finds each candidate first byte; memcmp checks the rest.
            let first = Int32(needle[0])
            var position = from
            let last = end - needle.count
            while position <= last {
                guard let found = memchr(base + position, first, last - position + 1) else { return nil }
                let candidate = UnsafeRawPointer(found) - base
                if memcmp(base + candidate, needleBase, needle.count) == 0 { return candidate }
                position = candidate + 1
            }
            return nil
        }
        let first = needle[0]
        let last = end - needle.count
        var position = from
        // Eight bytes at a time: fold the ASCII capitals of a word, then find the bytes equal
        // to the needle's first byte with the classic zero-byte trick, and check only those.
        let pattern = UInt64(first) &* 0x0101_0101_0101_0101
        while position <= last && position &+ 8 <= end {
            let word = lowerWord(base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            let difference = word ^ pattern
            var candidates = (difference &- 0x0101_0101_0101_0101) & ~difference & 0x8080_8080_8080_8080
            while candidates != 0 {
                let candidate = position &+ candidates.trailingZeroBitCount >> 3
                if candidate > last { return nil }
                if matches(haystack, at: candidate, needle, folding: true) { return candidate }
                candidates &= candidates &- 1
            }
            position &+= 8
        }
        while position <= last {
            if lower(base.load(fromByteOffset: position, as: UInt8.self)) == first,
               matches(haystack, at: position, needle, folding: true) {
                return position
            }
            position &+= 1
        }
        return nil
    }

    /// The word with its ASCII capitals lowered (bytes of 0x80 and up are left alone).
    @inline(__always)
    static func lowerWord(_ word: UInt64) -> UInt64 {
        let low = word & 0x7F7F_7F7F_7F7F_7F7F
        let atLeastA = low &+ 0x3F3F_3F3F_3F3F_3F3F   // high bit set where byte >= 'A'
        let aboveZ = low &+ 0x2525_2525_2525_2525     // high bit set where byte > 'Z'
        let capitals = atLeastA & ~aboveZ & ~word & 0x8080_8080_8080_8080
        return word | (capitals >> 2)
    }
}
