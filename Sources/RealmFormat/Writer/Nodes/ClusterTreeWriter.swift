/// Builds a table's cluster tree bottom-up: leaves of at most 256 objects, then inner nodes with
/// explicit child offsets until one root remains.
struct ClusterTreeWriter {
    let writer: NodeWriter
    static let leafCapacity = 256

    /// Writes a leaf for objects with `keys` whose column nodes are `columnRefs` (by leaf index).
    /// `offset` is what the leaf's keys are relative to: 0 for a leaf that is the root.
    func leaf(keys: [Int64], columnRefs: [Int64], offset: Int64) throws(RealmFormatError) -> (ref: Int64, offset: Int64, count: Int) {
        let relative = keys.map { $0 - offset }
        let isCompact = relative.enumerated().allSatisfy { Int64($0.offset) == $0.element }
        let keySlot: NodeWriter.Slot = isCompact ? .number(Int64(keys.count)) : .ref(try writer.integers(relative, unsigned: true))
        let ref = try writer.refs([keySlot] + columnRefs.map { .ref($0) })
        return (ref, offset, keys.count)
    }

    /// The root over `leaves` (in key order); the root's offset is 0, so its child offsets
    /// are absolute.
    func root(over leaves: [(ref: Int64, offset: Int64, count: Int)]) throws(RealmFormatError) -> Int64? {
        guard !leaves.isEmpty else { return nil }
        if leaves.count == 1 && leaves[0].offset == 0 { return leaves[0].ref }
        var level = leaves
        var depth: Int64 = 1
        while true {
            if level.count <= ClusterTreeWriter.leafCapacity {
                return try inner(level, offset: 0, depth: depth)
            }
            var next: [(ref: Int64, offset: Int64, count: Int)] = []
            var start = 0
            while start < level.count {
                let children = Array(level[start..<min(start + ClusterTreeWriter.leafCapacity, level.count)])
                let offset = children[0].offset
                next.append((try inner(children, offset: offset, depth: depth), offset, children.reduce(0) { $0 + $1.count }))
                start += ClusterTreeWriter.leafCapacity
            }
            level = next
            depth += 1
        }
    }

    private func inner(_ children: [(ref: Int64, offset: Int64, count: Int)], offset: Int64, depth: Int64) throws(RealmFormatError) -> Int64 {
        let keys = try writer.integers(children.map { $0.offset - offset }, unsigned: true)
        let total = children.reduce(0) { $0 + $1.count }
        let slots: [NodeWriter.Slot] = [.ref(keys), .number(depth), .number(Int64(total))] + children.map { .ref($0.ref) }
        return try writer.refs(slots, isInner: true)
    }
}
