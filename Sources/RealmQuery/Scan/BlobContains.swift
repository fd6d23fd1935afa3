import RealmFormat

/// CONTAINS (and `[c]` CONTAINS on ASCII text) over a whole leaf of medium strings at once.
///
/// A leaf of small blobs keeps its strings one after the other in one blob, each ended by a
/// zero byte. A needle without a zero byte can only occur inside one string, so one search
/// over the blob finds every string that holds it, skipping to the next string after each
/// match: the text is read a word at a time with no start-up per string, and a string
/// without the needle costs nothing of its own.
struct BlobContains {
    let needle: UnsafeBufferPointer<UInt8>
    let folding: Bool

    /// Narrows `rows` to the strings holding the needle; false, with the rows untouched, when
    /// the leaf is not one this reads whole (binaries, text that is not ASCII under `[c]`,
    /// offsets that are not in order inside the blob: the per-string path decides those, and
    /// names the damage).
    func narrow(_ rows: RowBitmap, offsets: PackedIntegers, blob: UnsafeRawPointer, blobSize: Int64,
                nulls: PackedIntegers?, terminator: Int64) -> Bool {
        let count = offsets.count
        guard terminator == 1, count > 0, count == rows.rowCount, !needle.isEmpty, !needle.contains(0) else { return false }
        // Every string must lie inside the blob, after the one before, with its zero byte.
        var start: Int64 = 0
        for row in 0..<count {
            let end = offsets[row]
            guard end >= start &+ 1, end <= blobSize else { return false }
            start = end
        }
        let text = UnsafeRawBufferPointer(start: blob, count: Int(start))
        if folding && !ByteSearch.isASCII(text) { return false }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (count + 63) / 64) { found in
            found.initialize(repeating: 0)
            var position = 0
            var row = 0
            while let match = ByteSearch.find(needle, in: text, from: position, end: text.count, folding: folding) {
                while Int(offsets[row]) <= match { row &+= 1 }
                // A match must end before the string's zero byte; anything else is damage.
                let stringEnd = Int(offsets[row])
                guard match &+ needle.count <= stringEnd &- 1 else { return false }
                if nulls.map({ $0[row] == 0 }) ?? true { found[row >> 6] |= 1 << UInt64(row & 63) }
                position = stringEnd
                row &+= 1
                if row == count { break }
            }
            rows.formIntersection(words: UnsafeBufferPointer(found))
            return true
        }
    }
}
