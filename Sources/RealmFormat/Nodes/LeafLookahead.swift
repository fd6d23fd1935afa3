/// What a walk over a cluster tree starts loading into the cache before it reaches it.
///
/// A scan that does little per object (`qty == 250` over packed 16-bit values, a quarter of a
/// microsecond a leaf) spends much of its time waiting for memory at three places per leaf: the
/// leaf's header, its key node's header and the header of each column it compares, each found
/// only through the one before (perf: two thirds of `Node.init`'s time on the first load of a
/// header). Prefetch instructions cost nothing to wait for, so the walk asks for them ahead of
/// time: while a leaf is scanned, the header of the leaf two places on, and the nodes of the
/// next leaf's keys and scanned columns, whose refs that header (asked for a leaf earlier) holds
/// by then. A prefetch of a damaged ref is ignored, and the reads that follow check everything
/// as before, so lookahead changes when bytes arrive, never what is read.
public struct LeafLookahead: Sendable {
    /// Slots of the next leaf whose nodes are loaded ahead (0: the keys; a column's
    /// `leafIndex + 1`); empty: headers only.
    let slots: [Int]

    /// The next child's header only: for walks whose work per leaf is unknown.
    public static let headers = LeafLookahead(slots: [])

    /// The headers ahead, and in the next leaf its keys and the columns of `leafIndexes`.
    public init(columns leafIndexes: [Int]) {
        var slots = [0]
        for index in leafIndexes where index >= 0 && !slots.contains(index + 1) { slots.append(index + 1) }
        self.slots = slots
    }

    private init(slots: [Int]) { self.slots = slots }

    /// Called by the walk before it visits child `index` of `inner`.
    @inline(__always)
    func load(after index: Int, of inner: InnerClusterNode) {
        let node = inner.node
        guard node.widthType == .bits else { return }
        let file = node.file
        // The children are slots 3 and on.
        let next = 3 &+ index &+ 1
        guard next < node.size else { return }
        guard !slots.isEmpty else {
            file.prefetch(at: Int(truncatingIfNeeded: node.uncheckedInt(next)))
            return
        }
        if next &+ 1 < node.size { file.prefetch(at: Int(truncatingIfNeeded: node.uncheckedInt(next &+ 1))) }
        // The next child's header was asked for one child ago, so reading it now rarely waits.
        guard let child = try? file.node(at: node.uncheckedInt(next), context: ""),
              !child.isInner, child.hasRefs, child.widthType == .bits else { return }
        for slot in slots where slot < child.size {
            let raw = child.uncheckedInt(slot)
            if raw > 0, raw & 1 == 0 { file.prefetch(at: Int(truncatingIfNeeded: raw)) }
        }
    }
}
