/// A date column's two packed nodes in one cluster leaf, for the date kernels.
///
/// The layout `ColumnScan.timestamps` gives, in a value that copies in registers: taking it
/// through `ColumnScan` (sized by its string layouts) and the scope's cache of those copied
/// it through memmove twice a leaf, a ninth of `created > date`'s time on big.realm (perf).
public enum DateLeafScan: @unchecked Sendable {
    /// The leaf has no node for the column: every value reads as null.
    case absent
    /// Seconds (element 0 of their node, the null value, skipped) and nanoseconds.
    case dates(seconds: PackedIntegers, nullValue: Int64, nanoseconds: PackedIntegers)
    /// Not a date leaf of the row count: `ClusterLeaf.scan(_:)` reads it or names the damage.
    case other
}

extension ClusterLeaf {
    /// The layout of a date column (not a collection) in this leaf, with the checks of
    /// `scan(_:)`'s fast path; `.other` for any other column or layout.
    public func dateScan(_ column: Column) throws(RealmFormatError) -> DateLeafScan {
        guard column.collection == nil, column.type == .timestamp else { return .other }
        guard let node = try columnNode(leafIndex: column.leafIndex) else { return .absent }
        let scan = DateLeafScan(node)
        guard case let .dates(_, _, nanoseconds) = scan, nanoseconds.count == count else { return .other }
        return scan
    }
}

extension DateLeafScan {
    /// A date node's parts, or `.other` when it is not the two plain integer nodes of equal
    /// length (the seconds one holding the null value first) that `ValueLeaf` accepts.
    @inline(__always)
    init(_ node: Node) {
        guard node.hasRefs, node.size >= 2, let seconds = try? node.child(0, ""), let nanoseconds = try? node.child(1, ""),
              seconds.size >= 1, nanoseconds.size == seconds.size - 1,
              seconds.widthType == .bits, nanoseconds.widthType == .bits else {
            self = .other
            return
        }
        self = .dates(seconds: PackedIntegers(bits: seconds, skipping: 1), nullValue: seconds.uncheckedInt(0),
                      nanoseconds: PackedIntegers(bits: nanoseconds, skipping: 0))
    }
}
