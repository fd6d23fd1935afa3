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
