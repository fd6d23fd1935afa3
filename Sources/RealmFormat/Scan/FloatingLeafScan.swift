/// A float or double column's node in one cluster leaf, for the floating-point kernels: the
/// layout `ColumnScan` gives for these columns in a value that copies in registers (see
/// `DateLeafScan` for what the copies of a `ColumnScan` cost).
public enum FloatingLeafScan: @unchecked Sendable {
    /// The leaf has no node for the column: every value reads as null.
    case absent
    /// As `ColumnScan.floats`.
    case floats(FloatingScan)
    /// As `ColumnScan.doubles`.
    case doubles(FloatingScan)
    /// Not a node of 4- or 8-byte elements of the row count: `ClusterLeaf.scan(_:)` reads it
    /// or names the damage.
    case other
}

extension ClusterLeaf {
    /// The layout of a float or double column (not a collection) in this leaf, with the checks
    /// of `scan(_:)`'s fast path; `.other` for any other column or layout.
    public func floatingScan(_ column: Column) throws(RealmFormatError) -> FloatingLeafScan {
        guard column.collection == nil, column.type == .float || column.type == .double else { return .other }
        guard let node = try columnNode(leafIndex: column.leafIndex) else { return .absent }
        guard let elements = FloatingScan(node, width: column.type == .float ? 4 : 8), elements.count == count else { return .other }
        return column.type == .float ? .floats(elements) : .doubles(elements)
    }
}

extension FloatingScan {
    /// A node's elements of `width` bytes, or nil when it holds another width (an empty node
    /// may declare any).
    @inline(__always)
    init?(_ node: Node, width: Int) {
        guard node.widthType == .multiply, node.width == width || node.size == 0 else { return nil }
        self.init(base: node.payload, count: node.size)
    }
}
