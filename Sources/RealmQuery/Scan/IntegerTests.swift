/// A test of one stored integer, made concrete so that scan loops specialise on it: the loop
/// over a leaf is generic over the test and the element width, and the compiler emits one
/// tight loop per pair.
protocol IntegerTest {
    func matches(_ value: Int64) -> Bool
}

struct IntegerEqual: IntegerTest {
    let constant: Int64
    @inline(__always) func matches(_ value: Int64) -> Bool { value == constant }
}

struct IntegerNotEqual: IntegerTest {
    let constant: Int64
    @inline(__always) func matches(_ value: Int64) -> Bool { value != constant }
}

struct IntegerLess: IntegerTest {
    let constant: Int64
    @inline(__always) func matches(_ value: Int64) -> Bool { value < constant }
}

struct IntegerLessOrEqual: IntegerTest {
    let constant: Int64
    @inline(__always) func matches(_ value: Int64) -> Bool { value <= constant }
}

struct IntegerGreater: IntegerTest {
    let constant: Int64
    @inline(__always) func matches(_ value: Int64) -> Bool { value > constant }
}

struct IntegerGreaterOrEqual: IntegerTest {
    let constant: Int64
    @inline(__always) func matches(_ value: Int64) -> Bool { value >= constant }
}

/// `lower <= value <= upper` in one unsigned comparison.
struct IntegerRange: IntegerTest {
    let lower: Int64
    let span: UInt64

    init(_ lower: Int64, _ upper: Int64) {
        self.lower = lower
        span = UInt64(bitPattern: upper &- lower)
    }

    @inline(__always) func matches(_ value: Int64) -> Bool {
        UInt64(bitPattern: value &- lower) <= span
    }
}

/// `value IN {...}` with many constants.
struct IntegerMembership: IntegerTest {
    let constants: Set<Int64>
    @inline(__always) func matches(_ value: Int64) -> Bool { constants.contains(value) }
}

/// An integer against a floating-point constant: compared as Doubles, as the general rules
/// compare mixed numbers (NaN matches only `!=`, by IEEE rules).
struct IntegerAsDouble: IntegerTest {
    let test: DoubleCondition
    @inline(__always) func matches(_ value: Int64) -> Bool { test.matches(Double(value)) }
}

/// One comparison of a Double with a constant; IEEE semantics are exactly the general rules
/// (NaN is unordered: `==` and `<` fail, `!=` holds).
struct DoubleCondition {
    enum Operator { case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual }
    let op: Operator
    let constant: Double

    @inline(__always) func matches(_ value: Double) -> Bool {
        switch op {
        case .equal: return value == constant
        case .notEqual: return value != constant
        case .less: return value < constant
        case .lessOrEqual: return value <= constant
        case .greater: return value > constant
        case .greaterOrEqual: return value >= constant
        }
    }
}
