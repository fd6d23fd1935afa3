/// DISTINCT: keeps, in order, the first row of each combination of the key paths' values, and
/// leaves out the rows whose path meets a null link (they have no value to be distinct by,
/// unlike a null property, which is one: Realm's rule).
///
/// Rows are hashed one column at a time (`OrderingColumn.quickHash`) into an array of hashes
/// and found again in an open-addressing table of positions, comparing values
/// (`OrderingColumn.same`) only where hashes are equal. A `Set` of row values held an array of
/// the columns in every element and hashed through it, so every insert retained and released
/// each column and the array: a third of big.realm's `DISTINCT(category, active)` (perf).
enum DistinctFilter {
    static func firstOfEach(_ order: [Int], columns: [OrderingColumn]) -> [Int] {
        let count = order.count
        guard count > 0 else { return order }
        // Seeded at random, so that no file can be made of values that all land in one slot.
        var hashes = [UInt64](repeating: UInt64.random(in: .min ... .max), count: count)
        var skipped = [Bool](repeating: false, count: count)
        for column in columns {
            for position in 0..<count {
                let row = order[position]
                if column.isBroken(row) { skipped[position] = true }
                hashes[position] = column.quickHash(row, seed: hashes[position])
            }
        }
        var capacity = 16
        while capacity < count * 2 { capacity <<= 1 }
        let mask = capacity - 1
        // Position + 1 of the first row with a slot's values; 0: free.
        var table = [Int](repeating: 0, count: capacity)
        var kept: [Int] = []
        kept.reserveCapacity(min(count, 1024))
        for position in 0..<count where !skipped[position] {
            let hash = hashes[position]
            let row = order[position]
            var slot = Int(truncatingIfNeeded: hash) & mask
            while true {
                let occupant = table[slot]
                if occupant == 0 {
                    table[slot] = position + 1
                    kept.append(row)
                    break
                }
                let other = occupant - 1
                if hashes[other] == hash && columns.allSatisfy({ $0.same(row, order[other]) }) { break }
                slot = (slot + 1) & mask
            }
        }
        return kept
    }
}
