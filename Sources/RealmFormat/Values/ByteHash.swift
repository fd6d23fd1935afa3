/// The 64-bit hash of the hash tables that take a whole column at once (DISTINCT's rows,
/// `stats`' value counts and charts, verify's link tallies): SplitMix64's finaliser for one
/// word, a multiply-and-fold over two words at a time for byte strings.
///
/// Swift's `Hasher` (SipHash, set up per value) was a quarter of a DISTINCT and most of counting
/// a million distinct strings. This mix is not keyed against chosen collisions by itself; tables
/// that hold a file's values pass a random `seed` per table, so a file cannot be made to collide.
public enum ByteHash {
    /// A bijective mix of 64 bits (SplitMix64's finaliser): every input bit moves every output bit.
    @inlinable @inline(__always)
    public static func mix(_ value: UInt64) -> UInt64 {
        var x = value &+ 0x9E37_79B9_7F4A_7C15
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 31)
    }

    /// The hash of `bytes` mixed into `seed`: equal byte strings, equal hashes.
    ///
    /// Two words at a time through one multiplication: the full 128-bit product of the words
    /// (each XORed with the seed's state), its halves XORed (the multiply-and-fold step of fast
    /// hashes such as wyhash). Word by word through `mix` took 40 ns for a 36-byte UUID, half of
    /// a chart of a million distinct strings (perf); this takes 8-10. Every byte is read: up to
    /// 16 bytes as two words that may overlap (the length is in the state, so strings of two
    /// lengths whose words are the same still hash apart), longer ones 16 bytes a step and then
    /// their last 16. The seed is in both factors of every product, so no chosen word can zero
    /// a product without knowing it.
    @inlinable
    public static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let count = bytes.count
        let secret = seed ^ 0xE703_7ED1_A0B4_28DB
        var state = seed ^ fold(seed ^ 0xA076_1D64_78BD_642F, UInt64(truncatingIfNeeded: count) ^ secret)
        guard let base = bytes.baseAddress, count > 0 else { return state }
        let first: UInt64
        let second: UInt64
        if count <= 16 {
            if count >= 8 {
                first = word(base, 0)
                second = word(base, count &- 8)
            } else if count >= 4 {
                first = UInt64(UInt32(littleEndian: base.loadUnaligned(as: UInt32.self)))
                second = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
            } else {
                // 1 to 3 bytes: the first, the middle and the last (the same byte twice for
                // shorter ones).
                first = UInt64(base.load(as: UInt8.self)) << 16 | UInt64(base.load(fromByteOffset: count >> 1, as: UInt8.self)) << 8
                    | UInt64(base.load(fromByteOffset: count &- 1, as: UInt8.self))
                second = 0
            }
        } else {
            var offset = 0
            while offset &+ 16 < count {
                state = fold(word(base, offset) ^ secret, word(base, offset &+ 8) ^ state)
                offset &+= 16
            }
            first = word(base, count &- 16)
            second = word(base, count &- 8)
        }
        return fold(secret ^ UInt64(truncatingIfNeeded: count), fold(first ^ secret, second ^ state))
    }

    /// The halves of the full product of `a` and `b`, XORed.
    @inlinable @inline(__always)
    static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return high ^ low
    }

    @inlinable @inline(__always)
    static func word(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
