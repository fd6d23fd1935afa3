/// The 64-bit hash of the hash tables that take a whole column at once (DISTINCT's rows,
/// `stats`' value counts, verify's link tallies): SplitMix64's finaliser per 8-byte word.
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
    @inlinable
    public static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let count = bytes.count
        var hash = mix(seed ^ UInt64(truncatingIfNeeded: count))
        guard let base = bytes.baseAddress, count > 0 else { return hash }
        var offset = 0
        if count >= 32 {
            // Four words at a time in four independent chains: one chain waits for each mix to
            // finish before the next word (latency: 0.7 GB/s, most of counting the demo's
            // strings of 10 KB); four keep the multipliers busy.
            var lanes = (hash, hash ^ 1, hash ^ 2, hash ^ 3)
            while offset &+ 32 <= count {
                lanes.0 = mix(lanes.0 ^ UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                lanes.1 = mix(lanes.1 ^ UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)))
                lanes.2 = mix(lanes.2 ^ UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset &+ 16, as: UInt64.self)))
                lanes.3 = mix(lanes.3 ^ UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset &+ 24, as: UInt64.self)))
                offset &+= 32
            }
            hash = mix(lanes.0 ^ mix(lanes.1 ^ mix(lanes.2 ^ mix(lanes.3))))
        }
        while offset &+ 8 <= count {
            hash = mix(hash ^ UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset &+= 8
        }
        guard offset < count else { return hash }
        // The last 1 to 7 bytes. With 8 or more in all, the last whole word ending at the end
        // covers them (overlapping bytes already mixed; the length is in the seed).
        if count >= 8 {
            return mix(hash ^ UInt64(littleEndian: base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)))
        }
        var tail: UInt64 = 0
        while offset < count {
            tail |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) << UInt64(truncatingIfNeeded: offset &* 8)
            offset &+= 1
        }
        return mix(hash ^ tail)
    }
}
