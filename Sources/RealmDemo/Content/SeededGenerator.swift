import RealmFormat

/// A small, fast, seedable random number generator (SplitMix64), so that `generate demo --seed`
/// writes the same data every time on every machine.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// SplitMix64: the state steps by the golden ratio and each step is mixed (`ByteHash.mix`
    /// adds the step itself before mixing, so it is given the state before the step).
    public mutating func next() -> UInt64 {
        defer { state &+= 0x9E37_79B9_7F4A_7C15 }
        return ByteHash.mix(state)
    }
}
