import RealmFormat

/// The window's test over a date leaf with the loop specialised for the width of the seconds
/// node: two interval tests per row and no branch; the rows on a bound's own second (rare)
/// are settled afterwards by the nanoseconds.
struct WindowNarrowing: PackedIntegerVisitor {
    let window: SecondsWindow
    let condition: TimestampCondition
    let nanoseconds: PackedIntegers
    let count: Int
    let rows: RowBitmap
    /// The null value, when a null row could pass for a match or an edge by its seconds:
    /// then its rows are settled with the edges.
    let nullValue: Int64?

    func visit<Width: PackedWidth>(_ seconds: PackedIntegers, _ width: Width.Type) {
        let base = seconds.base
        let skip = seconds.offset
        let window = self.window
        let condition = self.condition
        let nanoseconds = self.nanoseconds
        if Width.self == PackedWidth32.self, let lanes = SecondsWindow32(window, null: nullValue) {
            return narrow32(base, skip, lanes)
        }
        guard let nullValue else { return narrow(base, skip, Width.self, window, condition, nanoseconds, checksNull: false, null: 0) }
        narrow(base, skip, Width.self, window, condition, nanoseconds, checksNull: true, null: nullValue)
    }

    @inline(__always)
    private func narrow<Width: PackedWidth>(_ base: UnsafeRawPointer, _ skip: Int, _ width: Width.Type, _ window: SecondsWindow,
                                            _ condition: TimestampCondition, _ nanoseconds: PackedIntegers,
                                            checksNull: Bool, null: Int64) {
        let limit = min(count, rows.rowCount)
        let words = rows.words
        // Every test as 0 or 1 combined with `&`, `|` and `^`: with `||` and `&&` the
        // compiler branched on each row, and on dates in random order those branches
        // mispredicted about half the time (perf: the loop was half the query, 4 ns a row).
        var start = 0
        var index = 0
        while start < limit {
            let selected = words[index]
            if selected != 0 {
                let end = min(start &+ 64, limit)
                var sure: UInt64 = 0
                var edges: UInt64 = 0
                for row in start..<end {
                    let second = Width.load(base, row &+ skip)
                    let isNull: UInt64 = checksNull && second == null ? 1 : 0
                    let outer = (window.outer(contains: second) ? 1 : 0) | isNull
                    // Sure only inside the outer interval too: an empty inner interval is
                    // kept as one second outside the outer one, which must not match.
                    let inner = (window.inner(contains: second) ? 1 : 0) & outer & (isNull ^ 1)
                    let shift = UInt64(row &- start)
                    sure |= inner &<< shift
                    edges |= (outer ^ inner) &<< shift
                }
                var kept = selected & sure
                var pending = selected & edges
                while pending != 0 {
                    let row = start &+ pending.trailingZeroBitCount
                    let second = Width.load(base, row &+ skip)
                    let match = checksNull && second == null ? condition.nullMatches : condition.matches(second, nanoseconds[row])
                    if match { kept |= 1 &<< UInt64(row &- start) }
                    pending &= pending &- 1
                }
                words[index] = kept
            }
            start &+= 64
            index &+= 1
        }
    }

    /// The loop for 32-bit seconds (every date from 1902 to 2038), in two passes over each
    /// block of 64 rows: one byte of flags per row from 32-bit interval tests (a loop the
    /// compiler turns into vector instructions: four rows per compare even at the baseline
    /// x86-64 instruction set, where 64-bit compares have no vector form), then eight rows'
    /// bytes packed into eight bits by one multiplication. Same answers as `narrow`: the
    /// window's intervals clamped to 32 bits hold exactly the 32-bit seconds the 64-bit ones do.
    private func narrow32(_ base: UnsafeRawPointer, _ skip: Int, _ lanes: SecondsWindow32) {
        let limit = min(count, rows.rowCount)
        let words = rows.words
        let condition = self.condition
        let nanoseconds = self.nanoseconds
        withUnsafeTemporaryAllocation(byteCount: 64, alignment: 8) { buffer in
            // Written a byte at a time and read 8 at a time, so only through a raw pointer.
            guard let flags = buffer.baseAddress else { return }
            var start = 0
            var index = 0
            while start < limit {
                let selected = words[index]
                if selected != 0 {
                    let end = min(start &+ 64, limit)
                    let rowsHere = end &- start
                    let first = base + (start &+ skip) &* 4
                    for row in 0..<rowsHere {
                        let second = Int32(littleEndian: first.loadUnaligned(fromByteOffset: row &* 4, as: Int32.self))
                        flags.storeBytes(of: lanes.flags(second), toByteOffset: row, as: UInt8.self)
                    }
                    for row in rowsHere..<64 { flags.storeBytes(of: 0, toByteOffset: row, as: UInt8.self) }
                    var sure: UInt64 = 0
                    var edges: UInt64 = 0
                    for group in 0..<8 {
                        let bytes = UInt64(littleEndian: flags.load(fromByteOffset: group &* 8, as: UInt64.self))
                        sure |= Self.packBits(bytes & 0x0101_0101_0101_0101) &<< UInt64(group &* 8)
                        edges |= Self.packBits((bytes &>> 1) & 0x0101_0101_0101_0101) &<< UInt64(group &* 8)
                    }
                    var kept = selected & sure
                    var pending = selected & edges
                    while pending != 0 {
                        let row = start &+ pending.trailingZeroBitCount
                        let second = PackedWidth32.load(base, row &+ skip)
                        let match = second == lanes.null ? condition.nullMatches : condition.matches(second, nanoseconds[row])
                        if match { kept |= 1 &<< UInt64(row &- start) }
                        pending &= pending &- 1
                    }
                    words[index] = kept
                }
                start &+= 64
                index &+= 1
            }
        }
    }

    /// Eight bytes of 0 or 1 as eight bits, byte `i` to bit `i`: the multiplier's term for
    /// byte `i` (bit `56 - 7i`) moves it to bit `56 + i`, and no two terms meet in a bit, so
    /// nothing carries into the top byte.
    @inline(__always)
    static func packBits(_ bytes: UInt64) -> UInt64 { (bytes &* 0x0102_0408_1020_4080) &>> 56 }
}

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
