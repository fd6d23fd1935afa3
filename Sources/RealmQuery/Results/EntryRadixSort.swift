/// A whole sort on numbers alone: a stable least-significant-digit radix sort over the
/// entries' (group, major, minor), a byte at a time, skipping the bytes every entry shares.
/// The entries come in place order and the sort is stable, so ties keep that order; it
/// allocates the result and one buffer, whatever the number of entries.
enum EntryRadixSort {
    static func sorted(_ entries: [SortEntry], ascending: Bool) -> [SortEntry] {
        guard entries.count > 1 else { return entries }
        var result = entries
        var buffer = entries
        result.withUnsafeMutableBufferPointer { result in
            buffer.withUnsafeMutableBufferPointer { buffer in
                var from = result
                var to = buffer
                // Least significant first: minor, major, then the group's one byte.
                for field in 0..<3 {
                    for shift in stride(from: 0, to: field == 2 ? 8 : 64, by: 8)
                    where pass(from, to, field: field, shift: UInt64(shift), ascending: ascending) {
                        swap(&from, &to)
                    }
                }
                if from.baseAddress != result.baseAddress, let source = from.baseAddress, let target = result.baseAddress {
                    target.update(from: source, count: result.count)
                }
            }
        }
        return result
    }

    /// The key whose unsigned order is the wanted order: descending flips every field (the
    /// null-link group, the largest, then comes first).
    @inline(__always)
    private static func key(_ entry: SortEntry, _ field: Int, _ ascending: Bool) -> UInt64 {
        switch field {
        case 0: return ascending ? entry.minor : ~entry.minor
        case 1: return ascending ? entry.major : ~entry.major
        default:
            let group = UInt64(entry.group)
            return ascending ? group : UInt64(SortEntry.brokenLink) - group
        }
    }

    /// One counting pass on the byte at `shift` of `field`, from `from` into `to`; false (and
    /// nothing moved) when every entry has the same byte there.
    private static func pass(_ from: UnsafeMutableBufferPointer<SortEntry>, _ to: UnsafeMutableBufferPointer<SortEntry>,
                             field: Int, shift: UInt64, ascending: Bool) -> Bool {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { counts in
            counts.initialize(repeating: 0)
            for entry in from { counts[Int(truncatingIfNeeded: key(entry, field, ascending) >> shift) & 0xFF] += 1 }
            if counts.contains(from.count) { return false }
            var start = 0
            for index in 0..<256 {
                let count = counts[index]
                counts[index] = start
                start += count
            }
            for entry in from {
                let byte = Int(truncatingIfNeeded: key(entry, field, ascending) >> shift) & 0xFF
                to[counts[byte]] = entry
                counts[byte] += 1
            }
            return true
        }
    }
}
