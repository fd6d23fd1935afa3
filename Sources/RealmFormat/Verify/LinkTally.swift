/// Links counted from both ends for the backlink check: per (origin table, origin column,
/// target table, target object), how many links and a sum of their origins' mixed keys. Forward
/// links counted while values are read and backlinks counted while backlink columns are read
/// must give equal tallies; counting instead of listing keeps the memory per linked object
/// fixed, so a file of millions of links is checked without a list per target.
struct LinkTally {
    struct Target: Hashable {
        let originTable: UInt32
        let originColumn: Int64
        let targetTable: UInt32
        let targetKey: Int64
    }

    struct Count: Equatable {
        var links = 0
        var originSum: UInt64 = 0
    }

    private(set) var counts: [Target: Count] = [:]

    mutating func add(_ target: Target, origin: Int64) {
        counts[target, default: Count()].links += 1
        counts[target, default: Count()].originSum &+= LinkTally.mix(origin)
    }

    /// A bijective mix, so sums of different key multisets collide only by accident.
    static func mix(_ key: Int64) -> UInt64 { ByteHash.mix(UInt64(bitPattern: key)) }
}
