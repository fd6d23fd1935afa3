/// The object keys of one cluster leaf, read in place: what a scan turns matching rows into.
public struct LeafKeys: @unchecked Sendable {
    /// Added to every stored key.
    public let offset: Int64
    /// The explicit key node, or nil when the keys are `offset + row` (compact form).
    public let explicit: PackedIntegers?
    public let count: Int

    @inlinable @inline(__always)
    public subscript(row: Int) -> Int64 {
        guard let explicit else { return offset &+ Int64(row) }
        return offset &+ Int64(bitPattern: explicit.unsigned(row))
    }
}

extension ClusterLeaf {
    /// This leaf's keys for reading in bulk; rows `0..<count` are valid indexes.
    public func keyScan() throws(RealmFormatError) -> LeafKeys {
        guard let keys else { return LeafKeys(offset: keyOffset, explicit: nil, count: count) }
        return LeafKeys(offset: keyOffset, explicit: try PackedIntegers(keys, context: "cluster leaf keys"), count: count)
    }
}
