/// A tiny deterministic pseudo-random generator (Steele, Lea & Flood's SplitMix64).
///
/// The corruption tests must flip the same bytes on every run and every toolchain so that a
/// failure can be reproduced from its seed and offset; the standard library's
/// `random(in:using:)` does not promise a stable mapping from generator output to values, so
/// the bounded helper below is spelled out here.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// A seed derived from a name (FNV-1a), so each fixture gets its own fixed sequence.
    public init(seed: UInt64, name: String) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        self.init(seed: seed ^ hash)
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (the modulo bias is irrelevant for test input selection).
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next() % UInt64(bound))
    }
}
