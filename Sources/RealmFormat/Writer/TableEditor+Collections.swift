/// Writing the staged content of lists, sets and dictionaries of values: only the changed
/// objects' collections are written anew; the column node keeps the other objects' refs.
extension TableEditor {
    /// A new collection column node for one cluster leaf, with `changes` (row -> new content,
    /// the last staged content of a row wins) written and the replaced collections freed.
    func collectionColumn(_ oldColumn: Node, column: Column, changes: [(row: Int, change: FileEditor.Change)],
                          encoder: LeafEncoder) throws(RealmFormatError) -> Int64 {
        var rowSlots = try (0..<oldColumn.size).map { row throws(RealmFormatError) in try oldColumn.int(row) }
        var contents: [Int: NewValue] = [:]
        for (row, change) in changes { if case let .collection(content) = change { contents[row] = content } }
        for (row, content) in contents.sorted(by: { $0.key < $1.key }) {
            guard row < rowSlots.count else {
                throw .cannotWrite(path: "", reason: "internal error: row \(row) is past the \(column.name) column node")
            }
            if case let .ref(raw) = try oldColumn.slot(row) {
                try freed.addSubtree(try file.mapped.bytes.node(at: raw, context: "\(column.name) collection"))
            }
            rowSlots[row] = try collectionRoot(content, column: column, encoder: encoder)
        }
        freed.add(oldColumn)
        return try writer.integers(rowSlots, hasRefs: true)
    }

    /// The root of one object's collection in the layout its column uses (§6.15-§6.18), or 0
    /// for an empty one.
    private func collectionRoot(_ content: NewValue, column: Column, encoder: LeafEncoder) throws(RealmFormatError) -> Int64 {
        switch content {
        case let .dictionary(entries):
            return entries.isEmpty ? 0 : try encoder.dictionary(entries)
        case let .mixedList(elements):
            return elements.isEmpty ? 0 : try encoder.mixedTree(elements)
        case let .list(elements):
            guard !elements.isEmpty else { return 0 }
            if column.type == .mixed { return try encoder.mixedTree(elements.map(NewValue.scalar)) }
            if column.isLink {
                return try encoder.integerTree(elements.compactMap { if case let .link(_, key) = $0 { return key } else { return nil } })
            }
            return try encoder.tree(count: elements.count) { range throws(RealmFormatError) in
                try encoder.leaf(Array(elements[range]), type: column.type, nullable: column.isNullable)
            }
        case .scalar:
            throw .cannotWrite(path: "", reason: "internal error: a single value staged for the collection \(column.name)")
        }
    }
}
