#if canImport(Glibc)
import Glibc
#endif
import RealmFormat

extension OrderingColumn {
    /// Whether a link on the way to match `index`'s value was null or led nowhere.
    @inline(__always)
    func isBroken(_ index: Int) -> Bool {
        if kind == .general { return values[index] == nil }
        return !broken.isEmpty && broken[index]
    }

    /// The ascending order where a link on the way was null, nil when both values exist.
    /// Realm's rule (realm-core `BaseDescriptor::Sorter`): an object whose path meets a null
    /// link goes after the other when the key is ascending and before it when descending, so
    /// it compares as larger than any value; two such objects are equal on this key and the
    /// next key decides. (A null value at the end of the path is the smallest, `compare`.)
    @inline(__always)
    func brokenLinkOrder(_ a: Int, _ b: Int) -> Int? {
        switch (isBroken(a), isBroken(b)) {
        case (true, true): return 0
        case (true, false): return 1
        case (false, true): return -1
        case (false, false): return nil
        }
    }

    /// `SortOrder.compare` of the values of matches `a` and `b`: null first, NaN before every
    /// other number, strings by their bytes.
    @inline(__always)
    func compare(_ a: Int, _ b: Int) -> Int {
        if kind == .general {
            guard let x = values[a], let y = values[b] else { return 0 }
            return SortOrder.compare(x, y)
        }
        let nullA = nulls[a]
        let nullB = nulls[b]
        if nullA || nullB { return nullA == nullB ? 0 : (nullA ? -1 : 1) }
        switch kind {
        case .integer, .bool:
            let x = integers[a], y = integers[b]
            return x < y ? -1 : (x > y ? 1 : 0)
        case .double:
            let x = doubles[a], y = doubles[b]
            if x < y { return -1 }
            if x > y { return 1 }
            let nanA = x.isNaN, nanB = y.isNaN
            return nanA == nanB ? 0 : (nanA ? -1 : 1)
        case .timestamp:
            if seconds[a] != seconds[b] { return seconds[a] < seconds[b] ? -1 : 1 }
            let x = nanoseconds[a], y = nanoseconds[b]
            return x < y ? -1 : (x > y ? 1 : 0)
        case .string:
            return strings[a].withBytes { x in strings[b].withBytes { y in OrderingColumn.order(x, y) } }
        case .general:
            return 0
        }
    }

    static func order(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Int {
        let common = min(x.count, y.count)
        if common > 0, let xBase = x.baseAddress, let yBase = y.baseAddress {
            let order = memcmp(xBase, yBase, common)
            if order != 0 { return order < 0 ? -1 : 1 }
        }
        return x.count < y.count ? -1 : (x.count > y.count ? 1 : 0)
    }

    /// Whether DISTINCT takes the values of matches `a` and `b` for the same (as `DistinctKey`
    /// does: numbers by value with -0 equal to 0, NaNs of one sign and kind alike, null alike).
    @inline(__always)
    func same(_ a: Int, _ b: Int) -> Bool {
        if kind == .general { return distinctKeys[a] == distinctKeys[b] }
        if nulls[a] || nulls[b] { return nulls[a] == nulls[b] }
        switch kind {
        case .integer, .bool: return integers[a] == integers[b]
        case .double: return OrderingColumn.distinctBits(doubles[a]) == OrderingColumn.distinctBits(doubles[b])
        case .timestamp: return seconds[a] == seconds[b] && nanoseconds[a] == nanoseconds[b]
        case .string: return strings[a].withBytes { x in strings[b].withBytes { y in OrderingColumn.order(x, y) == 0 } }
        case .general: return false
        }
    }

    /// A hash of the value at `index` mixed into `seed`, consistent with `same` (equal values,
    /// equal hashes), for `DistinctFilter`'s table: a 64-bit mix (splitmix64's finaliser) per
    /// word instead of a SipHash `Hasher` per value, which was a quarter of a DISTINCT.
    func quickHash(_ index: Int, seed: UInt64) -> UInt64 {
        if kind == .general { return ByteHash.mix(seed ^ UInt64(bitPattern: Int64(distinctKeys[index].hashValue))) }
        if nulls[index] { return ByteHash.mix(seed ^ 0x6E75_6C6C) }
        switch kind {
        case .integer, .bool: return ByteHash.mix(seed ^ UInt64(bitPattern: integers[index]))
        case .double: return ByteHash.mix(seed ^ OrderingColumn.distinctBits(doubles[index]))
        case .timestamp: return ByteHash.mix(ByteHash.mix(seed ^ UInt64(bitPattern: seconds[index])) ^ UInt64(bitPattern: Int64(nanoseconds[index])))
        case .string: return strings[index].withBytes { bytes in ByteHash.hash(bytes, seed: seed) }
        case .general: return seed
        }
    }

    /// Bits equal exactly when `DistinctKey` texts are: -0 is 0, and a NaN keeps only its
    /// sign and whether it signals (Swift prints "nan", "-nan", "snan", "-snan").
    static func distinctBits(_ value: Double) -> UInt64 {
        if value == 0 { return 0 }
        guard value.isNaN else { return value.bitPattern }
        return (value.sign == .minus ? 1 << 63 : 0) | (value.isSignalingNaN ? 1 : 2)
    }
}
