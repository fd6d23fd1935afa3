import RealmFormat

/// A comparison on one single-valued column of the scanned table, run on the column's node in
/// each leaf by the condition's specialised loop.
final class ColumnKernel: ScanKernel {
    let column: Column
    let condition: ValueCondition

    init(column: Column, condition: ValueCondition) {
        self.column = column
        self.condition = condition
    }

    var cost: KernelCost { condition.cost }
    func copy() -> ScanKernel { self }

    func narrow(_ rows: RowBitmap, in scope: LeafScope) throws(RealmFormatError) {
        guard try condition.narrow(rows, try scope.scan(column)) else {
            throw .unexpectedNode(ref: 0, context: "column \"\(column.name)\"", detail: "a \(column.type) comparison met a leaf of another layout")
        }
    }
}

extension ValueCondition {
    /// Narrows `rows` to the elements of `scan` that match; false when the layout is not one
    /// this condition reads (the caller decides whether that is damage).
    func narrow(_ rows: RowBitmap, _ scan: ColumnScan) throws(RealmFormatError) -> Bool {
        if case .absent = scan {
            // No node in this leaf: every value is null.
            if !nullMatches { rows.reset(rows: rows.rowCount, selected: false) }
            return true
        }
        switch self {
        case let .integer(condition), let .bool(condition): return condition.narrow(rows, scan)
        case let .floating(condition): return condition.narrow(rows, scan)
        case let .timestamp(condition): return condition.narrow(rows, scan)
        case let .string(test): return try test.narrow(rows, scan)
        }
    }

    var cost: KernelCost {
        if case let .string(test) = self { return test.cost }
        return .numeric
    }
}
