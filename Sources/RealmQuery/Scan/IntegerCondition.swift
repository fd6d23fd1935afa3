import RealmFormat

/// What an integer comparison tests, with the answer for null fixed when the query is compiled.
///
/// Ints, bools (0 and 1, anything else null), single links (stored as key + 1) and collection
/// sizes all compile to one of these, and `IntegerKernel` runs them over packed nodes.
struct IntegerCondition {
    enum Form {
        case equal(Int64)
        case notEqual(Int64)
        case less(Int64)
        case lessOrEqual(Int64)
        case greater(Int64)
        case greaterOrEqual(Int64)
        /// Inclusive at both ends.
        case range(Int64, Int64)
        case membership(Set<Int64>)
        /// Every non-null value matches, or none does.
        case always(Bool)
    }

    var form: Form
    /// The answer for a null value (a null int, a null link, a missing leaf).
    var nullMatches: Bool

    /// The form `value op constant` takes, or nil when the operator does not order integers.
    static func form(_ op: ComparisonOperator, _ constant: Int64) -> Form? {
        switch op {
        case .equal, .in: return .equal(constant)
        case .notEqual: return .notEqual(constant)
        case .less: return .less(constant)
        case .lessOrEqual: return .lessOrEqual(constant)
        case .greater: return .greater(constant)
        case .greaterOrEqual: return .greaterOrEqual(constant)
        default: return nil
        }
    }

    /// The form `value op constant` takes for a double constant, by exact value (Realm compares
    /// an int with a double exactly, see `NumericOrder`): `x < 2.5` is `x <= 2`, `x == 2.5`
    /// never holds, and no int reaches 2^63 (which Int64.max would round to). NaN comes
    /// before every int.
    static func form(_ op: ComparisonOperator, exactly constant: Double) -> Form? {
        guard op.ordersValues else { return nil }
        let written = op == .in ? ComparisonOperator.equal : op
        if constant.isNaN || constant < -0x1p63 {
            return .always([.greater, .greaterOrEqual, .notEqual].contains(written))
        }
        if constant >= 0x1p63 { return .always([.less, .lessOrEqual, .notEqual].contains(written)) }
        if constant == constant.rounded(.towardZero) { return form(written, Int64(constant)) }
        switch written {
        case .equal: return .always(false)
        case .notEqual: return .always(true)
        case .less, .lessOrEqual: return .lessOrEqual(Int64(constant.rounded(.down)))
        default: return .greaterOrEqual(Int64(constant.rounded(.up)))
        }
    }

    /// Calls `visitor` with the concrete test, so the loop it runs is specialised for it.
    @inline(__always)
    func dispatch<Visitor: IntegerTestVisitor>(_ visitor: inout Visitor) -> Visitor.Result {
        switch form {
        case let .equal(value): return visitor.visit(IntegerEqual(constant: value))
        case let .notEqual(value): return visitor.visit(IntegerNotEqual(constant: value))
        case let .less(value): return visitor.visit(IntegerLess(constant: value))
        case let .lessOrEqual(value): return visitor.visit(IntegerLessOrEqual(constant: value))
        case let .greater(value): return visitor.visit(IntegerGreater(constant: value))
        case let .greaterOrEqual(value): return visitor.visit(IntegerGreaterOrEqual(constant: value))
        case let .range(lower, upper): return visitor.visit(IntegerRange(lower, upper))
        case let .membership(values): return visitor.visit(IntegerMembership(constants: values))
        case let .always(value): return visitor.visit(IntegerAlways(value: value))
        }
    }

    /// One value, for the rare callers outside a leaf loop.
    func matches(_ value: Int64?) -> Bool {
        guard let value else { return nullMatches }
        var visitor = SingleIntegerTest(value: value)
        return dispatch(&visitor)
    }
}

struct IntegerAlways: IntegerTest {
    let value: Bool
    @inline(__always) func matches(_ value: Int64) -> Bool { self.value }
}

/// Receives the concrete test of an `IntegerCondition`.
protocol IntegerTestVisitor {
    associatedtype Result
    mutating func visit<Test: IntegerTest>(_ test: Test) -> Result
}

private struct SingleIntegerTest: IntegerTestVisitor {
    let value: Int64
    func visit<Test: IntegerTest>(_ test: Test) -> Bool { test.matches(value) }
}

/// Narrows a bitmap by a test over a packed node: the loop for one (test, width) pair.
/// Words with no selected row are skipped; within a word every row is tested without a
/// branch and the results are ANDed into the selection.
struct PackedIntegerNarrowing<Test: IntegerTest>: PackedIntegerVisitor {
    let test: Test
    let nullValue: Int64?
    let nullMatches: Bool
    let rows: RowBitmap

    @inline(__always)
    func visit<Width: PackedWidth>(_ integers: PackedIntegers, _ width: Width.Type) {
        let base = integers.base
        let offset = integers.offset
        rows.narrowBlocks(below: integers.count) { start, end, selected in
            var word: UInt64 = 0
            if let nullValue {
                for row in start..<end {
                    let value = Width.load(base, row &+ offset)
                    let match = value == nullValue ? nullMatches : test.matches(value)
                    word |= UInt64(match ? 1 : 0) &<< UInt64(row &- start)
                }
            } else {
                for row in start..<end {
                    word |= UInt64(test.matches(Width.load(base, row &+ offset)) ? 1 : 0) &<< UInt64(row &- start)
                }
            }
            return selected & word
        }
    }
}

/// Dispatches an `IntegerCondition` to the packed loop for its test and the node's width.
struct IntegerNarrowing: IntegerTestVisitor {
    let integers: PackedIntegers
    let nullValue: Int64?
    let nullMatches: Bool
    let rows: RowBitmap

    @inline(__always)
    func visit<Test: IntegerTest>(_ test: Test) {
        var loop = PackedIntegerNarrowing(test: test, nullValue: nullValue, nullMatches: nullMatches, rows: rows)
        integers.visit(&loop)
    }
}
