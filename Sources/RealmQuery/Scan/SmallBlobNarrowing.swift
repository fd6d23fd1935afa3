import RealmFormat

/// A byte test over a leaf of small blobs (medium strings), with the loop specialised for the
/// width of the offsets node: each selected row's bytes are found from two offsets read at
/// that width, with no switch on the width or the layout per row.
struct SmallBlobNarrowing<Test: ByteTest>: PackedIntegerVisitor {
    let test: Test
    let rows: RowBitmap
    let blob: UnsafeRawPointer
    let blobSize: Int64
    let nulls: PackedIntegers?
    let terminator: Int64
    let nullMatches: Bool
    /// The whole test, by the general rules, for strings the byte test cannot decide (held
    /// as a value: a stored closure would allocate its context for every leaf).
    let general: StringTest

    /// Narrows the rows; returns the first row whose offsets lie outside the blob (damage),
    /// or nil.
    func visit<Width: PackedWidth>(_ offsets: PackedIntegers, _ width: Width.Type) -> Int? {
        let base = offsets.base
        let skip = offsets.offset
        let count = offsets.count
        var damaged: Int?
        rows.keep { row in
            guard row < count, damaged == nil else { return false }
            if let nulls, nulls[row] != 0 { return nullMatches }
            let start = row == 0 ? 0 : Width.load(base, row &- 1 &+ skip)
            let end = Width.load(base, row &+ skip)
            guard start >= 0, end >= terminator, end &- terminator >= start, end <= blobSize else {
                damaged = row
                return false
            }
            let bytes = UnsafeRawBufferPointer(start: blob + Int(start), count: Int(end &- terminator &- start))
            return test.matches(bytes) ?? general.matches(bytes)
        }
        return damaged
    }
}
