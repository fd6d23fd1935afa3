/// A set of object keys answering membership in a few instructions: what a link kernel tests
/// each followed link against.
///
/// Keys of tables without a primary key are sequence numbers "squeezed" into 16-bit-aligned
/// leaves (0..255, 65536..65791, ...); undoing the squeeze makes them dense, so a bitmap over
/// their range is small. Other keys get a bitmap when their range is small or dense enough, a
/// sorted array when there are few, and a hash set otherwise.
struct KeySet {
    private enum Storage {
        case sorted([Int64])
        case bitmap(words: [UInt64], first: Int64, last: Int64, squeezed: Bool)
        case hashed(Set<Int64>)
    }

    private let storage: Storage
    let count: Int

    /// `keys` in ascending order, as a scan finds them.
    init(ascending keys: [Int64]) {
        count = keys.count
        guard keys.count > 16, let lowest = keys.first, let highest = keys.last else {
            storage = .sorted(keys)
            return
        }
        let squeezed = lowest >= 0 && keys.allSatisfy { ($0 >> 8) & 0xFF == 0 }
        let first = squeezed ? KeySet.unsqueeze(lowest) : lowest
        let last = squeezed ? KeySet.unsqueeze(highest) : highest
        let span = last.subtractingReportingOverflow(first)
        // A bitmap answers in one load; it is used while it stays small: up to 2 MiB (a range
        // of 16 Mi keys, a whole table of that many objects) or 64 bits per key.
        if !span.overflow, span.partialValue < max(Int64(keys.count) * 64, 1 << 24) {
            var words = [UInt64](repeating: 0, count: Int(span.partialValue / 64) + 1)
            for key in keys {
                let index = (squeezed ? KeySet.unsqueeze(key) : key) - first
                words[Int(index >> 6)] |= 1 << UInt64(index & 63)
            }
            storage = .bitmap(words: words, first: first, last: last, squeezed: squeezed)
        } else {
            storage = .hashed(Set(keys))
        }
    }

    @inline(__always)
    private static func unsqueeze(_ key: Int64) -> Int64 {
        (key >> 16) << 8 | (key & 0xFF)
    }

    @inline(__always)
    func contains(_ key: Int64) -> Bool {
        switch storage {
        case let .bitmap(words, first, last, squeezed):
            var index = key
            if squeezed {
                guard key >= 0, (key >> 8) & 0xFF == 0 else { return false }
                index = KeySet.unsqueeze(key)
            }
            guard index >= first, index <= last else { return false }
            let offset = index &- first
            return words[Int(offset >> 6)] & (1 << UInt64(offset & 63)) != 0
        case let .sorted(keys):
            var low = 0
            var high = keys.count
            while low < high {
                let middle = (low + high) >> 1
                if keys[middle] < key { low = middle + 1 } else { high = middle }
            }
            return low < keys.count && keys[low] == key
        case let .hashed(keys):
            return keys.contains(key)
        }
    }
}
