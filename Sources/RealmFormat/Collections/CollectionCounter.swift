/// Counts the elements of a list, set or dictionary from its root, without reading them.
enum CollectionCounter {
    static func count(rootRef: Int64, kind: CollectionKind, elementType: ColumnType, nullable: Bool,
                      legacyDictionary: Bool, file: FileBytes) throws(RealmFormatError) -> Int {
        // Made only for an error: counting runs once per object in scans.
        func context() -> String { "\(kind) at offset \(rootRef)" }
        let root = try file.node(at: rootRef, context: context())
        guard kind == .dictionary else {
            return try bPlusTreeCount(root, encoding: LeafEncoding.collectionElement(elementType, nullable: nullable, linkTarget: 0) ?? .int(nullable: false), context: context())
        }
        if legacyDictionary {
            // Formats 21 and 22 keep dictionaries in a cluster tree.
            return try ClusterTree.subtreeCount(root, context: context())
        }
        try root.require(root.hasRefs && !root.isInner && root.size >= 2, context(), "a dictionary holds refs to its keys and values")
        let keys = try root.requiredChild(0, "\(context()) keys")
        return try bPlusTreeCount(keys, encoding: .string, context: context())
    }

    static func bPlusTreeCount(_ root: Node, encoding: LeafEncoding, context: @autoclosure () -> String) throws(RealmFormatError) -> Int {
        if root.isInner { return try BPlusTree.innerCount(root, context: context()) }
        return try ValueLeaf(node: root, encoding: encoding, context: context()).count
    }
}
