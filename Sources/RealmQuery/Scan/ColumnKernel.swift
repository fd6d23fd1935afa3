import RealmFormat

/// A comparison on one single-valued column of the scanned table, run on the column's node in
/// each leaf by the condition's specialised loop.
final class ColumnKernel: ScanKernel {
    let column: Column
    let condition: ValueCondition
    /// The condition on an int or bool column, which reads its leaves as `IntegerLeafScan`s
    /// (dates as `DateLeafScan`s, floats and doubles as `FloatingLeafScan`s): taken out of
    /// `condition` once here, not per leaf.
    private let integer: IntegerCondition?
    private let date: TimestampCondition?
    private let floating: FloatingCondition?

    init(column: Column, condition: ValueCondition) {
        self.column = column
        self.condition = condition
        var integer: IntegerCondition?
        var date: TimestampCondition?
        var floating: FloatingCondition?
        switch condition {
        case let .integer(condition), let .bool(condition): integer = condition
        case let .timestamp(condition): date = condition
        case let .floating(condition): floating = condition
        case .string: break
        }
        self.integer = integer
        self.date = date
        self.floating = floating
    }

    var cost: KernelCost { condition.cost }
    func copy() -> ScanKernel { self }

    func narrow(_ rows: RowBitmap, in scope: LeafScope) throws(RealmFormatError) {
        if let integer, let leaf = scope.leaf {
            // Straight from the leaf, past the scope's cache of `ColumnScan`s (see
            // `IntegerLeafScan`); other layouts (links, damage) go the general way below.
            switch try leaf.integerScan(column) {
            case .absent:
                return rows.keepAll(integer.nullMatches)
            case let .integers(integers, nullValue):
                integer.narrow(rows, integers: integers, nullValue: nullValue)
                return
            case let .bools(integers):
                integer.narrow(rows, bools: integers)
                return
            case .other:
                break
            }
        } else if let date, let leaf = scope.leaf {
            switch try leaf.dateScan(column) {
            case .absent:
                return rows.keepAll(date.nullMatches)
            case let .dates(seconds, nullValue, nanoseconds):
                date.narrow(rows, seconds: seconds, nullValue: nullValue, nanoseconds: nanoseconds)
                return
            case .other:
                break
            }
        } else if let floating, let leaf = scope.leaf {
            switch try leaf.floatingScan(column) {
            case .absent:
                return rows.keepAll(floating.nullMatches)
            case let .floats(elements):
                floating.narrow(rows, floats: elements)
                return
            case let .doubles(elements):
                floating.narrow(rows, doubles: elements)
                return
            case .other:
                break
            }
        }
        guard try condition.narrow(rows, try scope.scan(column)) else {
            throw .unexpectedNode(ref: 0, context: "column \"\(column.name)\"", detail: "a \(column.type) comparison met a leaf of another layout")
        }
    }
}

extension ColumnKernel {
    /// The parts of an AND with the float and double comparisons on one column made one
    /// kernel (`price >= 100 AND price < 200`): one pass over the column's values per leaf
    /// instead of one per comparison, with the bounds tested together. The joined kernel
    /// stands where the first of them stood; the order of the others is kept.
    static func joiningRanges(_ parts: [ScanKernel]) -> [ScanKernel] {
        var joined: [ScanKernel] = []
        var floating: [ColumnKey: (index: Int, condition: FloatingCondition)] = [:]
        for part in parts {
            guard let kernel = part as? ColumnKernel, case let .floating(condition) = kernel.condition,
                  kernel.column.collection == nil else {
                joined.append(part)
                continue
            }
            let key = kernel.column.key
            if let earlier = floating[key] {
                let both = earlier.condition.and(condition)
                floating[key] = (earlier.index, both)
                joined[earlier.index] = ColumnKernel(column: kernel.column, condition: .floating(both))
            } else {
                floating[key] = (joined.count, condition)
                joined.append(part)
            }
        }
        return joined
    }
}

extension ValueCondition {
    /// Narrows `rows` to the elements of `scan` that match; false when the layout is not one
    /// this condition reads (the caller decides whether that is damage).
    func narrow(_ rows: RowBitmap, _ scan: ColumnScan) throws(RealmFormatError) -> Bool {
        if case .absent = scan {
            // No node in this leaf: every value is null.
            rows.keepAll(nullMatches)
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
