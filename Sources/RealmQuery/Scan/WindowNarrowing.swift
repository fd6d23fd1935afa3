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
        if Width.self == PackedWidth32.self, let lanes = SecondsWindow32(window, null: nullValue) {
            return narrow32(base, skip, lanes)
        }
        guard let nullValue else { return narrow(base, skip, Width.self, window, checksNull: false, null: 0) }
        narrow(base, skip, Width.self, window, checksNull: true, null: nullValue)
    }

    @inline(__always)
    private func narrow<Width: PackedWidth>(_ base: UnsafeRawPointer, _ skip: Int, _ width: Width.Type, _ window: SecondsWindow,
                                            checksNull: Bool, null: Int64) {
        // Every test as 0 or 1 combined with `&`, `|` and `^`: with `||` and `&&` the
        // compiler branched on each row, and on dates in random order those branches
        // mispredicted about half the time (perf: the loop was half the query, 4 ns a row).
        rows.narrowBlocks(below: count) { start, end, selected in
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
            return settle(selected & edges, kept: selected & sure, from: start, base, skip, Width.self, null: checksNull ? null : nil)
        }
    }

    /// The loop for 32-bit seconds (every date from 1902 to 2038), in two passes over each
    /// block of 64 rows: one byte of flags per row from 32-bit interval tests (a loop the
    /// compiler turns into vector instructions: four rows per compare even at the baseline
    /// x86-64 instruction set, where 64-bit compares have no vector form), then eight rows'
    /// bytes packed into eight bits by one multiplication. Same answers as `narrow`: the
    /// window's intervals clamped to 32 bits hold exactly the 32-bit seconds the 64-bit ones do.
    private func narrow32(_ base: UnsafeRawPointer, _ skip: Int, _ lanes: SecondsWindow32) {
        withUnsafeTemporaryAllocation(byteCount: 64, alignment: 8) { buffer in
            // Written a byte at a time and read 8 at a time, so only through a raw pointer.
            guard let flags = buffer.baseAddress else { return }
            rows.narrowBlocks(below: count) { start, end, selected in
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
                return settle(selected & edges, kept: selected & sure, from: start, base, skip, PackedWidth32.self, null: lanes.null)
            }
        }
    }

    /// `kept` with the rows of `pending` that match: rows of the block from `start` on a
    /// bound's own second, settled by their nanoseconds, or holding `null` (the null value,
    /// when its rows are settled here), settled by the answer for null.
    @inline(__always)
    private func settle<Width: PackedWidth>(_ pending: UInt64, kept: UInt64, from start: Int, _ base: UnsafeRawPointer, _ skip: Int,
                                            _ width: Width.Type, null: Int64?) -> UInt64 {
        var pending = pending
        var kept = kept
        while pending != 0 {
            let row = start &+ pending.trailingZeroBitCount
            let second = Width.load(base, row &+ skip)
            let match = second == null ? condition.nullMatches : condition.matches(second, nanoseconds[row])
            if match { kept |= 1 &<< UInt64(row &- start) }
            pending &= pending &- 1
        }
        return kept
    }

    /// Eight bytes of 0 or 1 as eight bits, byte `i` to bit `i`: the multiplier's term for
    /// byte `i` (bit `56 - 7i`) moves it to bit `56 + i`, and no two terms meet in a bit, so
    /// nothing carries into the top byte.
    @inline(__always)
    static func packBits(_ bytes: UInt64) -> UInt64 { (bytes &* 0x0102_0408_1020_4080) &>> 56 }
}
