import RealmFormat

/// `list.@min`, `@max`, `@sum` or `@avg` compared with constants, for a list or set of ints,
/// floats or doubles: each object's aggregate is computed from its elements read in place,
/// exactly as `Aggregator` computes it from values (nulls and NaNs skipped; ints summed,
/// wrapping, into an int; everything else summed and averaged as Doubles in element order;
/// no elements: null, or 0 for a sum), then tested by the condition for the result's type.
/// That condition compares in Realm's Mixed order (`NumericMode.mixedOrder`, as every
/// aggregate comparison does), so a NaN result (inf plus -inf) is below every number.
final class AggregateKernel: ScanKernel {
    let column: Column
    let function: AggregateFunction
    let elements: CollectionElements
    let condition: ValueCondition

    private init(column: Column, function: AggregateFunction, elements: CollectionElements, condition: ValueCondition) {
        self.column = column
        self.function = function
        self.elements = elements
        self.condition = condition
    }

    /// The kernel, or nil where only the general evaluator can say (other element types,
    /// string options, constants the result's condition does not take).
    static func make(_ column: Column, _ function: AggregateFunction, _ op: ComparisonOperator, _ options: StringOptions,
                     _ constants: [RealmValue], file: RealmFile) -> ScanKernel? {
        guard options.isEmpty, column.collection == .list || column.collection == .set,
              [.int, .float, .double].contains(column.type),
              let elements = CollectionElements(column: column, file: file) else { return nil }
        let result: ColumnType
        switch (column.type, function) {
        case (.int, .min), (.int, .max), (.int, .sum): result = .int
        case (.float, .min), (.float, .max): result = .float
        default: result = .double
        }
        guard let condition = ValueCondition.comparison(result, op, [], constants) else { return nil }
        return AggregateKernel(column: column, function: function, elements: elements, condition: condition)
    }

    var cost: KernelCost { .search }
    func copy() -> ScanKernel { self }

    func narrow(_ rows: RowBitmap, in scope: LeafScope) throws(RealmFormatError) {
        let refs: PackedIntegers?
        switch try scope.scan(column) {
        case let .collections(stored, _): refs = stored
        case .absent: refs = nil
        default: throw .unexpectedNode(ref: 0, context: "column \"\(column.name)\"", detail: "a collection of an unexpected layout")
        }
        try rows.keep { row throws(RealmFormatError) in
            var accumulator = Accumulator(function: function, integers: column.type == .int)
            if let refs, row < refs.count, let root = ColumnScan.collectionRoot(refs, row) {
                try elements.forEachLeaf(root: root) { scan throws(RealmFormatError) in
                    try accumulator.add(scan, column)
                    return true
                }
            }
            return accumulator.matches(condition)
        }
    }

    /// One object's aggregate, element by element.
    private struct Accumulator {
        let function: AggregateFunction
        let integers: Bool
        var count = 0
        var integer: Int64 = 0
        var number: Double = 0

        init(function: AggregateFunction, integers: Bool) {
            self.function = function
            self.integers = integers
        }

        mutating func add(_ scan: ColumnScan, _ column: Column) throws(RealmFormatError) {
            switch scan {
            case let .integers(values, nullValue):
                for index in 0..<values.count {
                    let value = values[index]
                    if value != nullValue { add(integer: value) }
                }
            case let .doubles(values):
                for index in 0..<values.count where values.doubleBits(index) != FloatingScan.doubleNull {
                    add(number: Double(bitPattern: values.doubleBits(index)))
                }
            case let .floats(values):
                for index in 0..<values.count where values.floatBits(index) != FloatingScan.floatNull {
                    add(number: Double(Float(bitPattern: values.floatBits(index))))
                }
            default:
                throw .unexpectedNode(ref: 0, context: "elements of \"\(column.name)\"", detail: "a number leaf of an unexpected layout")
            }
        }

        private mutating func add(integer value: Int64) {
            switch function {
            case .min: integer = count == 0 ? value : Swift.min(integer, value)
            case .max: integer = count == 0 ? value : Swift.max(integer, value)
            case .sum: integer &+= value
            case .average: number += Double(value)
            }
            count += 1
        }

        private mutating func add(number value: Double) {
            guard !value.isNaN else { return }
            switch function {
            // The first of equal values stays (-0 and 0 included), as in `Aggregator`.
            case .min: if count == 0 || value < number { number = value }
            case .max: if count == 0 || value > number { number = value }
            case .sum, .average: number += value
            }
            count += 1
        }

        func matches(_ condition: ValueCondition) -> Bool {
            switch condition {
            case let .integer(test):
                return test.matches(count == 0 && function != .sum ? nil : integer)
            case let .floating(test):
                if count == 0 {
                    // A sum of nothing is the int 0; the other aggregates are null.
                    return function == .sum ? test.matches(0) : test.nullMatches
                }
                let result = function == .average ? number / Double(count) : number
                return test.matches(result)
            default:
                return false
            }
        }
    }
}
