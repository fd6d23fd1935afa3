#if canImport(Glibc)
import Glibc
#endif

/// Nodes that a commit replaces, with their sizes, to become free space.
final class FreedSpace {
    private(set) var nodes: [(ref: Int, size: Int)] = []
    private var seen = Set<Int>()

    func add(_ node: Node) {
        if seen.insert(node.ref).inserted { nodes.append((node.ref, node.byteSize)) }
    }

    /// The node and every node below it (every even, non-zero element of a has-refs node).
    func addSubtree(_ node: Node) throws(RealmFormatError) {
        var pending = [node]
        while let current = pending.popLast() {
            guard seen.insert(current.ref).inserted else { continue }
            nodes.append((current.ref, current.byteSize))
            guard current.hasRefs else { continue }
            for index in 0..<current.size {
                if case let .ref(raw) = try current.slot(index) {
                    pending.append(try current.file.node(at: raw, context: "freed subtree"))
                }
            }
        }
    }
}
