import RealmFormat

extension IntegerCondition {
    /// Narrows `rows` to the elements of an int, bool or single-link node that match, on the
    /// packed node with the loop specialised for the test and the width.
    func narrow(_ rows: RowBitmap, _ scan: ColumnScan) -> Bool {
        switch scan {
        case let .integers(integers, nullValue): narrow(rows, integers: integers, nullValue: nullValue)
        case let .bools(integers): narrow(rows, bools: integers)
        default: return false
        }
        return true
    }

    /// An int or single-link node; `nullValue` is the element that stands for null, if any.
    func narrow(_ rows: RowBitmap, integers: PackedIntegers, nullValue: Int64?) {
        if let (constant, equal) = wordEquality, constant != nullValue || nullValue == nil,
           nullValue == nil || nullMatches != equal,
           PackedEquality.narrow(rows, integers, constant: constant, equal: equal) {
            return
        }
        var narrowing = IntegerNarrowing(integers: integers, nullValue: nullValue, nullMatches: nullMatches, rows: rows)
        dispatch(&narrowing)
    }

    /// A bool node.
    func narrow(_ rows: RowBitmap, bools integers: PackedIntegers) {
        // A stored value other than 0 or 1 (null) differs from either constant, which is
        // what `==` and `!=` give null too.
        if let (constant, equal) = wordEquality, nullMatches != equal,
           PackedEquality.narrow(rows, integers, constant: constant, equal: equal) {
            return
        }
        // Bools compile to tests of the stored 0 or 1; the condition says what null gives.
        var narrowing = BoolNarrowing(integers: integers, nullMatches: nullMatches, rows: rows)
        dispatch(&narrowing)
    }
}

extension IntegerCondition {
    /// `== constant` or `!= constant`: what `PackedEquality` tests a word at a time.
    var wordEquality: (constant: Int64, equal: Bool)? {
        switch form {
        case let .equal(constant): return (constant, true)
        case let .notEqual(constant): return (constant, false)
        default: return nil
        }
    }
}

/// Bools: a stored value other than 0 or 1 is null.
private struct BoolNarrowing: IntegerTestVisitor {
    let integers: PackedIntegers
    let nullMatches: Bool
    let rows: RowBitmap

    func visit<Test: IntegerTest>(_ test: Test) {
        var loop = PackedIntegerNarrowing(test: BoolTest(inner: test, nullMatches: nullMatches),
                                          nullValue: nil, nullMatches: nullMatches, rows: rows)
        integers.visit(&loop)
    }
}

private struct BoolTest<Inner: IntegerTest>: IntegerTest {
    let inner: Inner
    let nullMatches: Bool
    @inline(__always) func matches(_ value: Int64) -> Bool {
        UInt64(bitPattern: value) <= 1 ? inner.matches(value) : nullMatches
    }
}
