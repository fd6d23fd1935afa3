/// Which 8-byte units of the file the current version's nodes occupy: the space a commit must
/// never overwrite, because that version stays live until the select bit flips.
///
/// Every ref in a Realm file lives in a has-refs node (an even, non-zero element), so following
/// those from the top reaches every live node, the free-list nodes and history included, exactly
/// as `Group::verify` counts them (format document §8.5). A bitmap (one bit per 8 bytes, 1/64 of
/// the logical size) makes the walk a single pass without sorting or hashing, and a node met
/// twice (a shared or cyclic ref, which realm-core never writes) is caught as it is marked.
struct LiveNodeMap {
    /// Files up to this logical size are walked before every commit, to check each placement
    /// against the live nodes themselves and not only against the file's free list. The walk
    /// touches every node: about 5 ms for big.realm (20 MiB, 162,000 nodes) in a release build,
    /// so for the 4 million nodes of a 400 MiB file it would cost ten times the rest of a
    /// one-field edit; above the limit the commit trusts the free list, as realm-core does, and
    /// still checks against every node it replaces.
    static let sizeLimit = 64 << 20

    private var words: [UInt64]
    let logicalSize: Int

    /// An empty map of `[0, logicalSize)`.
    init(logicalSize: Int) {
        self.logicalSize = logicalSize
        words = [UInt64](repeating: 0, count: (logicalSize / 8 + 63) / 64)
    }

    /// The map of every node reachable from `top`.
    init(top: Node, in file: FileBytes, logicalSize: Int) throws(RealmFormatError) {
        self.init(logicalSize: logicalSize)
        var pending = [top]
        while let node = pending.popLast() {
            guard node.ref >= 24, node.byteSize <= logicalSize - node.ref else {
                throw .unexpectedNode(ref: node.ref, context: "a node reachable from the top", detail: "it ends past the logical file size \(logicalSize)")
            }
            guard mark(position: node.ref, length: node.byteSize) else {
                throw .unexpectedNode(ref: node.ref, context: "a node reachable from the top", detail: "it is reached twice or overlaps another node")
            }
            guard node.hasRefs else { continue }
            for index in 0..<node.size {
                if case let .ref(raw) = try node.slot(index) {
                    pending.append(try file.node(at: raw, context: "a node reachable from the top"))
                }
            }
        }
    }

    /// Marks `[position, position + length)` (8-aligned, inside the map); false if any of it
    /// was marked already.
    mutating func mark(position: Int, length: Int) -> Bool {
        var clear = true
        var unit = max(0, position / 8)
        let end = min(words.count * 64, (position + length + 7) / 8)
        while unit < end {
            let (index, mask, count) = LiveNodeMap.step(unit: unit, end: end)
            if words[index] & mask != 0 { clear = false }
            words[index] |= mask
            unit += count
        }
        return clear
    }

    /// Whether any byte of `[position, position + length)` belongs to a live node.
    func overlaps(position: Int, length: Int) -> Bool {
        var unit = max(0, position / 8)
        let end = min(words.count * 64, (position + length + 7) / 8)
        while unit < end {
            let (index, mask, count) = LiveNodeMap.step(unit: unit, end: end)
            if words[index] & mask != 0 { return true }
            unit += count
        }
        return false
    }

    /// The word holding `unit`, the mask of the units from it up to `end` in that word, and
    /// how many units that is.
    @inline(__always)
    private static func step(unit: Int, end: Int) -> (index: Int, mask: UInt64, count: Int) {
        let bit = unit % 64
        let count = min(64 - bit, end - unit)
        let mask: UInt64 = count == 64 ? ~0 : ((UInt64(1) << UInt64(count)) - 1) << UInt64(bit)
        return (unit / 64, mask, count)
    }
}
