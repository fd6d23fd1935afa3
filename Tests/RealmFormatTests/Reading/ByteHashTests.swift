import RealmFormat
import Testing

/// `ByteHash.hash`, which places every distinct string of `stats`, the charts and DISTINCT in
/// their tables: equal bytes hash equally; every byte of every length counts (a byte left out
/// would make all strings differing only there one value's chain); lengths are told apart even
/// where the words read overlap; and a hundred thousand distinct strings spread over the
/// table's slots as random values would (the top 32 bits place a value and filter its probes).
@Suite("Hashing byte strings")
struct ByteHashTests {
    static func hash(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
        bytes.withUnsafeBytes { ByteHash.hash($0, seed: seed) }
    }

    @Test("equal bytes at different addresses, equal hashes; the seed changes them")
    func equalBytesEqualHashes() {
        for length in 0...70 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let copy = Array(bytes)
            #expect(Self.hash(bytes, seed: 9) == Self.hash(copy, seed: 9), "length \(length)")
            #expect(Self.hash(bytes, seed: 9) != Self.hash(bytes, seed: 10), "length \(length)")
        }
    }

    @Test("changing any one byte of a string of 1 to 70 bytes changes its hash")
    func everyByteCounts() {
        for seed: UInt64 in [0, 1, 0xDEAD_BEEF] {
            for length in 1...70 {
                let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
                let original = Self.hash(bytes, seed: seed)
                for position in 0..<length {
                    for flip: UInt8 in [1, 0x80, 0xFF] {
                        var changed = bytes
                        changed[position] ^= flip
                        #expect(Self.hash(changed, seed: seed) != original, "seed \(seed), length \(length), byte \(position) ^ \(flip)")
                    }
                }
            }
        }
    }

    @Test("strings that are prefixes of one another, or all zero bytes, hash apart by length")
    func lengthsApart() {
        for seed: UInt64 in [0, 7] {
            var zeros: Set<UInt64> = []
            var prefixes: Set<UInt64> = []
            let text = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
            for length in 0...text.count {
                zeros.insert(Self.hash(Array(repeating: 0, count: length), seed: seed))
                prefixes.insert(Self.hash(Array(text.prefix(length)), seed: seed))
            }
            #expect(zeros.count == text.count + 1)
            #expect(prefixes.count == text.count + 1)
        }
    }

    @Test("100,000 distinct strings: no two hashes equal, and the top bits fill 1024 slots evenly")
    func spread() {
        var hashes: Set<UInt64> = []
        var slots = Array(repeating: 0, count: 1024)
        let count = 100_000
        for index in 0..<count {
            // Short numbers, long names sharing a prefix, and UUID-like text: what columns hold.
            let text: String
            switch index % 3 {
            case 0: text = String(index)
            case 1: text = "Customer name number \(index) of the demo"
            default: text = String(index &* 2_654_435_761 & 0xFFFF_FFFF, radix: 16, uppercase: true) + "-0000-4000-8000-" + String(index, radix: 16)
            }
            let hash = Self.hash(Array(text.utf8), seed: 0x5EED)
            hashes.insert(hash)
            slots[Int(hash >> 54)] += 1
        }
        #expect(hashes.count == count)
        // About 98 a slot. Inputs and seed are fixed, so this is the same check every run; a
        // random function keeps all 1024 slots within ±45 (4.5 standard deviations) but for
        // odds of a few in a thousand.
        let expected = Double(count) / 1024
        #expect(slots.allSatisfy { abs(Double($0) - expected) < 45 }, "\(slots.min() ?? 0)...\(slots.max() ?? 0)")
    }
}
