/// Writing replaced lists, sets and dictionaries (`Change.replace`) in place: only the changed
/// objects' collections are written anew; the column node keeps the other objects' refs.
extension TableEditor {
    /// A new collection column node for one cluster leaf, with `changes` (row -> new content,
    /// the last staged content of a row wins) written and the replaced collections freed.
    func collectionColumn(_ oldColumn: Node, column: Column, changes: [(row: Int, change: FileEditor.Change)],
                          encoder: LeafEncoder) throws(RealmFormatError) -> Int64 {
        var rowSlots = try (0..<oldColumn.size).map { row throws(RealmFormatError) in try oldColumn.int(row) }
        var contents: [Int: NewValue] = [:]
        for (row, change) in changes { if case let .replace(content) = change { contents[row] = content } }
        for (row, content) in contents.sorted(by: { $0.key < $1.key }) {
            guard row < rowSlots.count else {
                throw .cannotWrite(path: "", reason: "internal error: row \(row) is past the \(column.name) column node")
            }
            var oldRoot: Node?
            if case let .ref(raw) = try oldColumn.slot(row) {
                oldRoot = try file.mapped.bytes.node(at: raw, context: "\(column.name) collection")
            }
            if let oldRoot, case let .list(elements) = content,
               let root = try rewritingChangedLeaves(elements, oldRoot: oldRoot, column: column, encoder: encoder) {
                rowSlots[row] = root
                continue
            }
            if let oldRoot { try freed.addSubtree(oldRoot) }
            let root = try TableWriter.collectionRoot(content, type: column.isLink ? .link : column.type,
                                                      isNullable: column.isNullable, encoder: encoder)
            if case let .ref(ref) = root { rowSlots[row] = ref } else { rowSlots[row] = 0 }
        }
        freed.add(oldColumn)
        return try writer.integers(rowSlots, hasRefs: true)
    }

    /// For a list of more than one leaf whose size stays the same (elements replaced, not
    /// added or removed): a new inner node over the old leaves, of which only those whose
    /// elements changed are written anew, so one element of a 5000-element list costs one leaf.
    /// nil when the tree has another shape (the caller writes the whole list then).
    private func rewritingChangedLeaves(_ elements: [RealmValue], oldRoot: Node, column: Column,
                                        encoder: LeafEncoder) throws(RealmFormatError) -> Int64? {
        let context = "\(column.name) list"
        guard column.type != .mixed, oldRoot.isInner, oldRoot.size >= 3,
              let encoding = LeafEncoding.collectionElement(column.type, nullable: column.isNullable, linkTarget: column.targetTableKey),
              try BPlusTree.innerCount(oldRoot, context: context) == elements.count else { return nil }
        // First decide, then write: an early nil must not leave unreferenced nodes behind.
        var changed: [(slot: Int, leaf: Node, range: Range<Int>)] = []
        var start = 0
        for slot in 1..<(oldRoot.size - 1) {
            let child = try oldRoot.requiredChild(slot, context)
            guard !child.isInner else { return nil }
            let leaf = try ValueLeaf(node: child, encoding: encoding, context: context)
            let end = start + leaf.count
            guard end <= elements.count else { return nil }
            for index in 0..<leaf.count where !TableEditor.identical(try leaf.value(at: index), elements[start + index]) {
                changed.append((slot, child, start..<end))
                break
            }
            start = end
        }
        guard start == elements.count else { return nil }
        var slots = try (0..<oldRoot.size).map { index throws(RealmFormatError) in try oldRoot.int(index) }
        for (slot, leaf, range) in changed {
            slots[slot] = try encoder.leaf(Array(elements[range]), type: column.type, nullable: column.isNullable)
            try freed.addSubtree(leaf)
        }
        freed.add(oldRoot)
        return try writer.integers(slots, hasRefs: true, isInner: true)
    }

    /// The same stored value: strings by their bytes (Swift's `==` equates canonically
    /// equivalent spellings), floating point by bit pattern (-0.0 is not 0.0 on disk).
    static func identical(_ a: RealmValue, _ b: RealmValue) -> Bool {
        switch (a, b) {
        case let (.string(x), .string(y)): return x.utf8.elementsEqual(y.utf8)
        case let (.double(x), .double(y)): return x.bitPattern == y.bitPattern
        case let (.float(x), .float(y)): return x.bitPattern == y.bitPattern
        default: return a == b
        }
    }
}
