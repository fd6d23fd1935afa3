/// The nodes reachable from a top array, with their byte ranges: the space a commit must never
/// overwrite, because the current version (which stays live until the select bit flips) still
/// uses it.
///
/// Every ref in a Realm file lives in a has-refs node (an even, non-zero element), so following
/// those from the top reaches every live node, the free-list nodes and history included, exactly
/// as `Group::verify` counts them (format document §8.5).
enum LiveNodeWalk {
    /// Files up to this logical size are walked before every commit, to check each placement
    /// against the live nodes themselves and not only against the file's free list. The walk
    /// touches every node, so for bigger files it would dominate a one-field edit (hundreds of
    /// milliseconds for a 400 MiB file against ~10 ms); there the commit trusts the free list,
    /// as realm-core does, and still checks against every node it replaces.
    static let sizeLimit = 64 << 20

    /// The byte range of every node reachable from `top`, each once.
    static func ranges(from top: Node, in file: FileBytes) throws(RealmFormatError) -> [FreeSpaceAllocator.Entry] {
        var ranges: [FreeSpaceAllocator.Entry] = []
        var visited = Set<Int>()
        var pending = [top]
        while let node = pending.popLast() {
            guard visited.insert(node.ref).inserted else { continue }
            ranges.append(FreeSpaceAllocator.Entry(position: node.ref, length: node.byteSize, version: 0))
            guard node.hasRefs else { continue }
            for index in 0..<node.size {
                if case let .ref(raw) = try node.slot(index) {
                    pending.append(try file.node(at: raw, context: "a node reachable from the top"))
                }
            }
        }
        return ranges
    }
}
