import RealmFormat

/// The rows of one cluster leaf that are still in question, one bit per row.
///
/// Kernels narrow a bitmap instead of returning arrays of booleans, so a scan allocates its
/// bitmaps once per query (not per leaf, never per row) and AND, OR and NOT are word
/// operations on 64 rows at a time. Bits past `rowCount` are always zero.
final class RowBitmap {
    // Read in every kernel's inner loop; a bitmap belongs to one scan on one thread, so the
    // run-time exclusivity checks are dropped.
    @exclusivity(unchecked) private(set) var words: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private(set) var rowCount = 0
    /// Where `appendKeys` gathers a leaf's keys before copying them out (allocated on first use).
    @exclusivity(unchecked) private var keyBuffer = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
    @exclusivity(unchecked) private var keyCapacity = 0

    /// Release builds of realm-core put up to 256 objects in a cluster leaf.
    init(capacityRows: Int = 256) {
        capacity = max(1, (capacityRows + 63) / 64)
        words = .allocate(capacity: capacity)
        words.initialize(repeating: 0, count: capacity)
    }

    deinit {
        words.deallocate()
        keyBuffer.deallocate()
    }

    var wordCount: Int { (rowCount + 63) >> 6 }

    /// Makes the bitmap cover `rows` rows, all selected or none.
    func reset(rows: Int, selected: Bool) {
        resize(rows)
        let count = wordCount
        guard count > 0 else { return }
        words.update(repeating: selected ? ~0 : 0, count: count)
        if selected { clearTail() }
    }

    /// Narrows the rows below `limit` a block of 64 (one word) at a time: `block` is given each
    /// block with a selected row (its first row, its end, its selected rows as bits) and
    /// returns the rows to keep; blocks with none selected are skipped. The loop the
    /// word-at-a-time kernels share; it inlines into each, so their tests stay unrolled.
    @inline(__always)
    func narrowBlocks(below limit: Int, _ block: (_ start: Int, _ end: Int, _ selected: UInt64) -> UInt64) {
        let limit = min(limit, rowCount)
        let words = self.words
        var start = 0
        var index = 0
        while start < limit {
            let selected = words[index]
            if selected != 0 { words[index] = block(start, min(start &+ 64, limit), selected) }
            start &+= 64
            index &+= 1
        }
    }

    /// Keeps every selected row, or (`false`) none: what a test gives that answers the same
    /// for every row, such as a comparison on a leaf without the column's node (all null).
    func keepAll(_ answer: Bool) {
        if !answer { reset(rows: rowCount, selected: false) }
    }

    /// The same rows as `other`.
    func copy(_ other: RowBitmap) {
        resize(other.rowCount)
        words.update(from: other.words, count: other.wordCount)
    }

    func formIntersection(_ other: RowBitmap) {
        for index in 0..<min(wordCount, other.wordCount) { words[index] &= other.words[index] }
    }

    /// Keeps the rows also set in `other` (one bit per row, as many words as this bitmap has).
    func formIntersection(words other: UnsafeBufferPointer<UInt64>) {
        for index in 0..<min(wordCount, other.count) { words[index] &= other[index] }
    }

    func formUnion(_ other: RowBitmap) {
        for index in 0..<min(wordCount, other.wordCount) { words[index] |= other.words[index] }
    }

    func subtract(_ other: RowBitmap) {
        for index in 0..<min(wordCount, other.wordCount) { words[index] &= ~other.words[index] }
    }

    var isEmpty: Bool {
        for index in 0..<wordCount where words[index] != 0 { return false }
        return true
    }

    var selectedCount: Int {
        var total = 0
        for index in 0..<wordCount { total += words[index].nonzeroBitCount }
        return total
    }

    /// Whether every row is selected.
    var isFull: Bool { selectedCount == rowCount }

    @inline(__always)
    func contains(_ row: Int) -> Bool {
        words[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    @inline(__always)
    func insert(_ row: Int) {
        words[row >> 6] |= 1 << UInt64(row & 63)
    }

    @inline(__always)
    func remove(_ row: Int) {
        words[row >> 6] &= ~(1 << UInt64(row & 63))
    }

    /// Calls `body` with every selected row, in ascending order.
    @inline(__always)
    func forEachSelected<Failure: Error>(_ body: (Int) throws(Failure) -> Void) throws(Failure) {
        for index in 0..<wordCount {
            var word = words[index]
            while word != 0 {
                let bit = word.trailingZeroBitCount
                try body(index << 6 | bit)
                word &= word &- 1
            }
        }
    }

    /// Appends the keys of the selected rows to `keys`, in row order: written first into
    /// this bitmap's own buffer by a plain loop (compact keys by addition, no lookup), then
    /// copied in one block. Through a `Sequence`, the array's generic append took an optional
    /// per key and was 7% of the cheap scans (perf, big.realm).
    func appendKeys(_ leafKeys: LeafKeys, to keys: inout [Int64]) {
        let rows = min(rowCount, leafKeys.count)
        guard rows > 0 else { return }
        if keyCapacity < rows {
            keyBuffer.deallocate()
            keyCapacity = capacity * 64
            keyBuffer = .allocate(capacity: keyCapacity)
        }
        let buffer = keyBuffer
        var count = 0
        let lastWord = (rows + 63) >> 6
        if leafKeys.explicit == nil {
            let offset = leafKeys.offset
            for index in 0..<lastWord {
                var word = words[index]
                while word != 0 {
                    buffer[count] = offset &+ Int64(index << 6 | word.trailingZeroBitCount)
                    count &+= 1
                    word &= word &- 1
                }
            }
        } else {
            for index in 0..<lastWord {
                var word = words[index]
                while word != 0 {
                    let row = index << 6 | word.trailingZeroBitCount
                    // Rows past the leaf's keys (a damaged leaf) have no key to give.
                    if row < rows {
                        buffer[count] = leafKeys[row]
                        count &+= 1
                    }
                    word &= word &- 1
                }
            }
        }
        guard count > 0 else { return }
        keys.append(contentsOf: UnsafeBufferPointer(start: buffer, count: count))
    }

    /// Keeps the selected rows for which `matches` is true.
    @inline(__always)
    func keep<Failure: Error>(where matches: (Int) throws(Failure) -> Bool) throws(Failure) {
        for index in 0..<wordCount {
            var word = words[index]
            var kept = word
            while word != 0 {
                let bit = word.trailingZeroBitCount
                if !(try matches(index << 6 | bit)) { kept &= ~(1 << UInt64(bit)) }
                word &= word &- 1
            }
            words[index] = kept
        }
    }

    private func resize(_ rows: Int) {
        let needed = (rows + 63) / 64
        if needed > capacity {
            words.deallocate()
            capacity = needed
            words = .allocate(capacity: capacity)
            words.initialize(repeating: 0, count: capacity)
        }
        rowCount = rows
    }

    private func clearTail() {
        let tail = rowCount & 63
        if tail != 0 { words[wordCount - 1] &= (1 << UInt64(tail)) &- 1 }
    }
}
