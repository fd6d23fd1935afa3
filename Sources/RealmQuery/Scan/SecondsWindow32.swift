/// `SecondsWindow` for a leaf of 32-bit seconds: its intervals clamped to 32 bits, and the
/// flags of one value as a byte (bit 0: sure to match; bit 1: on a bound's own second or null,
/// to be settled by the nanoseconds).
struct SecondsWindow32 {
    let outerLow: Int32
    let outerSpan: UInt32
    let innerLow: Int32
    let innerSpan: UInt32
    /// The null value whose rows are settled apart (one no 32-bit second equals when none).
    let nullValue: Int32
    let checksNull: UInt8
    /// The null value as the row loop reads it, or nil.
    let null: Int64?

    /// Nil when an interval holds no 32-bit second (the 64-bit loop handles those leaves).
    init?(_ window: SecondsWindow, null: Int64?) {
        guard let outer = Self.clamped(low: window.outerLow, span: window.outerSpan),
              let inner = Self.clamped(low: window.innerLow, span: window.innerSpan) else { return nil }
        (outerLow, outerSpan) = outer
        (innerLow, innerSpan) = inner
        if let null, let value = Int32(exactly: null) {
            nullValue = value
            checksNull = 1
        } else {
            nullValue = 0
            checksNull = 0
        }
        self.null = checksNull == 1 ? null : nil
    }

    /// The interval `low ... low + span` cut to the 32-bit values, or nil when none is in it.
    static func clamped(low: Int64, span: UInt64) -> (low: Int32, span: UInt32)? {
        // The interval's end is an Int64, which the wrapping sum of the bit patterns gives
        // exactly even where `span` exceeds Int64.max.
        let high = low &+ Int64(bitPattern: span)
        let lowest = max(low, Int64(Int32.min))
        let highest = min(high, Int64(Int32.max))
        guard lowest <= highest else { return nil }
        return (Int32(lowest), UInt32(highest - lowest))
    }

    @inline(__always)
    func flags(_ second: Int32) -> UInt8 {
        let isNull: UInt8 = (second == nullValue ? 1 : 0) & checksNull
        let outer: UInt8 = (UInt32(bitPattern: second &- outerLow) <= outerSpan ? 1 : 0) | isNull
        let inner: UInt8 = (UInt32(bitPattern: second &- innerLow) <= innerSpan ? 1 : 0) & outer & (isNull ^ 1)
        return inner | (outer ^ inner) &<< 1
    }
}
