/// One test of a string's bytes, made concrete so that the loop over a leaf specialises on it.
protocol ByteTest {
    /// nil when bytes cannot decide and the general rules must (a non-ASCII string under
    /// case folding or LIKE).
    func matches(_ bytes: UnsafeRawBufferPointer) -> Bool?
}

struct BytesEqual: ByteTest {
    let needle: UnsafeBufferPointer<UInt8>
    @inline(__always) func matches(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        ByteSearch.equals(bytes, needle, folding: false)
    }
}

struct BytesNotEqual: ByteTest {
    let needle: UnsafeBufferPointer<UInt8>
    @inline(__always) func matches(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        !ByteSearch.equals(bytes, needle, folding: false)
    }
}

struct BytesPrefix: ByteTest {
    let needle: UnsafeBufferPointer<UInt8>
    @inline(__always) func matches(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        ByteSearch.hasPrefix(bytes, needle, folding: false)
    }
}

struct BytesSuffix: ByteTest {
    let needle: UnsafeBufferPointer<UInt8>
    @inline(__always) func matches(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        ByteSearch.hasSuffix(bytes, needle, folding: false)
    }
}

struct BytesContain: ByteTest {
    let needle: UnsafeBufferPointer<UInt8>
    @inline(__always) func matches(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        ByteSearch.find(needle, in: bytes, from: 0, end: bytes.count, folding: false) != nil
    }
}

/// `[c]` tests: ASCII haystacks only (folded needle, letters folded on the fly).
struct FoldedBytesTest: ByteTest {
    enum Kind { case equal, notEqual, prefix, suffix, contain }
    let kind: Kind
    let needle: UnsafeBufferPointer<UInt8>

    @inline(__always) func matches(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        // CONTAINS checks the bytes for ASCII while it searches them.
        if kind == .contain { return ByteSearch.containsFolded(needle, in: bytes) }
        guard ByteSearch.isASCII(bytes) else { return nil }
        switch kind {
        case .equal: return ByteSearch.equals(bytes, needle, folding: true)
        case .notEqual: return !ByteSearch.equals(bytes, needle, folding: true)
        case .prefix: return ByteSearch.hasPrefix(bytes, needle, folding: true)
        case .suffix: return ByteSearch.hasSuffix(bytes, needle, folding: true)
        case .contain: return nil
        }
    }
}

struct LikeBytesTest: ByteTest {
    let pattern: LikePattern
    let folding: Bool
    @inline(__always) func matches(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        if !folding && !pattern.mayMatch(bytes) { return false }
        guard ByteSearch.isASCII(bytes) else { return nil }
        return pattern.matches(bytes, folding: folding)
    }
}
