extension ClusterTree {
    /// A run of consecutive subtrees of a cluster tree, in key order: what one thread of a
    /// split scan walks.
    public struct Part: Sendable {
        struct Subtree: Sendable {
            let node: Node
            let offset: Int64
            let depth: Int
            /// The position of its first object, from the counts the tree stores.
            let firstPosition: Int
        }

        let subtrees: [Subtree]
        /// The objects in the part, by the counts the tree stores.
        public let count: Int
    }

    /// The tree cut into at most `parts` runs of subtrees with about as many objects each, in
    /// key order: walking the runs one after the other visits every leaf once, in the order
    /// `forEachLeaf` does. The stored object counts only balance the runs; which leaves a run
    /// holds depends on the tree's nodes alone, so a damaged count cannot make a leaf be read
    /// twice or not at all.
    public func split(into parts: Int) throws(RealmFormatError) -> [Part] {
        guard let root else { return [] }
        func context() -> String { "cluster tree of \"\(tableName)\"" }
        // Go down level by level until there are enough subtrees to balance the runs.
        var level = [Part.Subtree(node: root, offset: 0, depth: 0, firstPosition: 0)]
        var counts = [count]
        var visited = Set<Int>()
        while level.count < 16 * parts, level.contains(where: { $0.node.isInner }) {
            var next: [Part.Subtree] = []
            var nextCounts: [Int] = []
            for (index, subtree) in level.enumerated() {
                guard subtree.node.isInner else {
                    next.append(subtree)
                    nextCounts.append(counts[index])
                    continue
                }
                guard subtree.depth < ClusterTree.maximumDepth, visited.insert(subtree.node.ref).inserted else {
                    throw .cycle(ref: subtree.node.ref, context: context())
                }
                let inner = try InnerClusterNode(subtree.node, keyShift: keyShift, tableName: tableName)
                var position = subtree.firstPosition
                for child in 0..<inner.childCount {
                    let node = try inner.child(child)
                    let objects = try ClusterTree.subtreeCount(node, context: context())
                    next.append(Part.Subtree(node: node, offset: subtree.offset &+ (try inner.keyOffset(child)),
                                             depth: subtree.depth + 1, firstPosition: position))
                    nextCounts.append(objects)
                    position += objects
                }
            }
            level = next
            counts = nextCounts
        }
        // Consecutive runs, each closed once it reaches its share of the objects.
        let total = max(1, counts.reduce(0, +))
        var result: [Part] = []
        var run: [Part.Subtree] = []
        var runCount = 0
        var done = 0
        for (index, subtree) in level.enumerated() {
            run.append(subtree)
            runCount += counts[index]
            done += counts[index]
            let share = total * (result.count + 1) / max(1, parts)
            if result.count < parts - 1, done >= share, index < level.count - 1 {
                result.append(Part(subtrees: run, count: runCount))
                run = []
                runCount = 0
            }
        }
        if !run.isEmpty { result.append(Part(subtrees: run, count: runCount)) }
        return result
    }

    /// Calls `body` with every leaf of `part`, in key order, checking the current
    /// `Cancellation` once per leaf as `forEachLeaf` does.
    public func forEachLeaf(in part: Part, _ body: (ClusterLeaf) throws(RealmFormatError) -> Void) throws(RealmFormatError) {
        let cancellation = Cancellation.current
        var visited = Set<Int>()
        do {
            for subtree in part.subtrees {
                var position = subtree.firstPosition
                try visit(subtree.node, offset: subtree.offset, depth: subtree.depth, position: &position, visited: &visited,
                          cancellation) { leaf in try body(leaf) }
            }
        } catch let error as RealmFormatError {
            throw error
        } catch {
            throw .unexpectedNode(ref: root?.ref ?? 0, context: tableName, detail: "\(error)")
        }
    }
}
