/// An int or bool column's packed integers in one cluster leaf, for the integer kernels.
///
/// The same layout `ColumnScan` gives for these columns, in a value of 26 bytes that copies
/// in registers. A `ColumnScan` is sized by its string layouts, so each copy of one went
/// through memmove and an outlined copy; three of those per leaf were a fifth of
/// `qty == 250`'s time on big.realm (perf), more than the word-at-a-time comparison itself.
public enum IntegerLeafScan: @unchecked Sendable {
    /// The leaf has no node for the column: every value reads as null.
    case absent
    /// As `ColumnScan.integers`.
    case integers(PackedIntegers, nullValue: Int64?)
    /// As `ColumnScan.bools`.
    case bools(PackedIntegers)
    /// Not a plain packed node of the row count: `ClusterLeaf.scan(_:)` reads it or names the
    /// damage.
    case other
}

extension ClusterLeaf {
    /// The layout of an int or bool column (not a collection) in this leaf, with the checks of
    /// `scan(_:)`'s fast path (`ColumnScan.scalar`); `.other` for any other column or layout.
    @inlinable
    public func integerScan(_ column: Column) throws(RealmFormatError) -> IntegerLeafScan {
        guard column.collection == nil, column.type == .int || column.type == .bool else { return .other }
        guard let node = try columnNode(leafIndex: column.leafIndex) else { return .absent }
        return IntegerLeafScan.scalar(node, isBool: column.type == .bool, nullable: column.isNullable, rows: count)
    }
}

extension IntegerLeafScan {
    /// `ColumnScan.scalar`'s int and bool cases, for a node that must hold `rows` values.
    @usableFromInline
    static func scalar(_ node: Node, isBool: Bool, nullable: Bool, rows: Int) -> IntegerLeafScan {
        guard !node.hasRefs, node.widthType == .bits else { return .other }
        if isBool {
            return node.size == rows ? .bools(PackedIntegers(bits: node, skipping: 0)) : .other
        }
        guard nullable else {
            return node.size == rows ? .integers(PackedIntegers(bits: node, skipping: 0), nullValue: nil) : .other
        }
        // An empty leaf may store no null value at all.
        guard node.size > 0 else { return rows == 0 ? .integers(PackedIntegers(bits: node, skipping: 0), nullValue: 0) : .other }
        return node.size - 1 == rows ? .integers(PackedIntegers(bits: node, skipping: 1), nullValue: node.uncheckedInt(0)) : .other
    }
}
