import RealmFormat

/// Enumerated-string columns of formats 10 and 11 damaged by realm-core 6's upgrade from
/// format 9 (L§9.9, L§10): the Realm SDKs of 2020 (Realm Cocoa 5, Java 7, JS 6) left such
/// columns with integer leaves holding string bytes or stale refs where enum indexes belong,
/// and Realm's engine aborts on them. Found before converting, so that every other value reads
/// and the damaged ones show as null.
struct EnumeratedColumnDamage: Sendable {
    /// One column's leaf in one cluster whose values are unknown.
    struct DamagedLeaf: Sendable {
        let column: Column
        /// The column's node in the cluster leaf.
        let nodeRef: Int
        let firstKey: Int64
        let count: Int
        let reason: String
    }

    let leaves: [DamagedLeaf]
    private let refs: Set<Int>

    /// Checks every enumerated column of `table` over its cluster leaves `clusters`.
    init(table: Table, clusters: [ClusterLeaf], file: FileBytes) throws(RealmFormatError) {
        var found: [DamagedLeaf] = []
        let stringPrimaryKey = table.primaryKey?.type == .string
        for column in table.columns where column.type == .string && column.collection == nil {
            guard let valuesRef = column.enumValuesRef else { continue }
            let context = "\(table.name).\(column.name)"
            let values = try BlobLeaf(node: try file.node(at: valuesRef, context: "\(context) enumerated values"), isString: true)
            var integerLeaves: [(ClusterLeaf, Node)] = []
            var hasStringLeaf = false
            for cluster in clusters {
                guard let node = try cluster.columnNode(leafIndex: column.leafIndex) else { continue }
                // M§6.5: a string leaf is a has-refs or byte-width node; an enum-index leaf is integers.
                if node.hasRefs || node.widthType != .bits { hasStringLeaf = true } else { integerLeaves.append((cluster, node)) }
            }
            for (cluster, node) in integerLeaves {
                var reason: String?
                // L§10: after core 6's upgrade (a string leaf is its trace) a table with a string
                // primary key had its clusters split in the middle: every integer leaf is suspect.
                if hasStringLeaf && stringPrimaryKey {
                    reason = "an enum-index leaf written by realm-core 6's upgrade from format 9 in a class with a string primary key, "
                        + "whose split clusters hold string bytes or stale refs instead of indexes"
                }
                for row in 0..<node.size where reason == nil {
                    let index = try node.int(row)
                    if index < 0 || index >= Int64(values.count) {
                        reason = "holds the index \(index), beyond the \(values.count) enumerated values"
                    }
                }
                guard let reason else { continue }
                found.append(DamagedLeaf(column: column, nodeRef: node.ref,
                                         firstKey: cluster.count > 0 ? try cluster.key(at: 0) : 0, count: node.size, reason: reason))
            }
        }
        leaves = found
        refs = Set(found.map(\.nodeRef))
    }

    /// Whether the column node at `ref` is one of the damaged leaves.
    func isDamaged(nodeRef ref: Int) -> Bool {
        refs.contains(ref)
    }

    /// Columns with damaged leaves, by leaf index.
    var damagedColumns: Set<Int> { Set(leaves.map(\.column.leafIndex)) }
}
