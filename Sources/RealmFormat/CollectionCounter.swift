/// Counts the elements of a list, set or dictionary from its root, without reading them.
enum CollectionCounter {
    static func count(rootRef: Int64, column: Column, file: FileBytes) throws(RealmFormatError) -> Int {
        let context = "collection of \"\(column.name)\""
        let root = try file.node(at: rootRef, context: context)
        if column.collection == .dictionary {
            try root.require(root.hasRefs && root.size >= 1, context, "a dictionary top has a keys slot")
            if root.isInner {
                // Formats 21 and 22 keep dictionaries in a cluster tree.
                return try ClusterTree.subtreeCount(root, context: context)
            }
            let keys = try root.requiredChild(0, "\(context) keys")
            return try bPlusTreeCount(keys, elementType: .string, nullable: true, context: context)
        }
        return try bPlusTreeCount(root, elementType: column.type, nullable: column.isNullable, context: context)
    }

    static func bPlusTreeCount(_ root: Node, elementType: ColumnType, nullable: Bool,
                               context: String) throws(RealmFormatError) -> Int {
        if root.isInner {
            try root.require(root.size >= 2, context, "a B+tree inner node needs at least 2 slots")
            let total = try root.tagged(root.size - 1, context)
            try root.require(total >= 0 && total <= Int64(Int32.max), context, "element count \(total) is impossible")
            return Int(total)
        }
        switch elementType {
        case .int where nullable:
            return max(0, root.size - 1)
        case .string, .binary:
            return try BlobLeaf(node: root, isString: elementType == .string).count
        case .timestamp:
            return max(0, try root.requiredChild(0, "\(context) seconds").size - 1)
        case .mixed:
            guard let composite = try root.child(0, "\(context) mixed values") else { return 0 }
            return composite.size
        case .typedLink:
            return root.size / 2
        case .objectId, .uuid:
            let elementBytes = elementType == .objectId ? 12 : 16
            let blockBytes = 8 * elementBytes + 1
            let blocks = (root.size + blockBytes - 1) / blockBytes
            return (root.size - blocks) / elementBytes
        default:
            return root.size
        }
    }
}
