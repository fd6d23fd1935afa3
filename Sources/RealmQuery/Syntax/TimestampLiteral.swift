/// A point in time as Realm stores it: seconds and nanoseconds since 1970-01-01 00:00:00 UTC.
///
/// Before 1970 both parts are negative or zero (so -0.5 s is `(0, -500_000_000)`), which is
/// Realm's own invariant; the parser normalises readable dates to it so that the evaluator can
/// compare timestamps field by field.
public struct TimestampLiteral: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let seconds: Int64
    /// In -999_999_999 ... 999_999_999, with the same sign as `seconds` (or either sign when
    /// `seconds` is zero).
    public let nanoseconds: Int32

    /// Fails when the parts have opposite signs or the nanoseconds are a second or more.
    public init?(seconds: Int64, nanoseconds: Int32) {
        guard nanoseconds > -1_000_000_000, nanoseconds < 1_000_000_000 else { return nil }
        guard !(seconds > 0 && nanoseconds < 0), !(seconds < 0 && nanoseconds > 0) else { return nil }
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// Realm's `T<seconds>:<nanoseconds>` form, which reads back exactly.
    public var description: String { "T\(seconds):\(nanoseconds)" }
}
