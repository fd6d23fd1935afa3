import RealmFormat

extension StringTest {
    /// Narrows `rows` to the strings of a leaf that match, on the bytes of each selected row
    /// where the leaf stores them (short, small or big strings, or enumerated values). Returns
    /// false for a leaf of another layout.
    func narrow(_ rows: RowBitmap, _ scan: ColumnScan) throws(RealmFormatError) -> Bool {
        switch scan {
        case let .blobs(blobs):
            if let equality = shortEquality, let slots = blobs.shortSlots,
               equality.narrow(rows, slots: slots.base, width: slots.width, count: blobs.count) {
                return true
            }
            if case .beginsWith = operation, !folding, needles.count == 1, !nullConstantMatches, let slots = blobs.shortSlots,
               try ShortStringPrefix(needle: needles[0], nullMatches: nullMatches).narrow(rows, blobs, slots: slots.base, width: slots.width) {
                return true
            }
            if try narrowBySingleTest(rows, blobs) { return true }
            let count = blobs.count
            try rows.keep { row throws(RealmFormatError) in
                guard row < count else { return false }
                return matches(try blobs.element(row))
            }
        case let .enumerated(indexes, blobs):
            try rows.keep { row throws(RealmFormatError) in
                let position = indexes[row]
                guard position >= 0, position < Int64(blobs.count) else {
                    throw .elementOutOfRange(ref: 0, index: Int(truncatingIfNeeded: position), size: blobs.count)
                }
                return matches(try blobs.element(Int(position)))
            }
        default:
            return false
        }
        return true
    }

    /// One constant and one operator: the loop specialised for that byte test. False when the
    /// test needs the general per-row path (several constants, a null constant, orderings).
    private func narrowBySingleTest(_ rows: RowBitmap, _ blobs: BlobScan) throws(RealmFormatError) -> Bool {
        guard needles.count == 1, !nullConstantMatches, let needle = firstNeedle?.buffer else { return false }
        switch operation {
        case .equal: try folding ? narrow(rows, blobs, FoldedBytesTest(kind: .equal, needle: needle)) : narrow(rows, blobs, BytesEqual(needle: needle))
        case .notEqual: try folding ? narrow(rows, blobs, FoldedBytesTest(kind: .notEqual, needle: needle)) : narrow(rows, blobs, BytesNotEqual(needle: needle))
        case .beginsWith:
            if !folding, narrowByWords(rows, blobs, needle, prefix: true) { return true }
            try folding ? narrow(rows, blobs, FoldedBytesTest(kind: .prefix, needle: needle)) : narrow(rows, blobs, BytesPrefix(needle: needle))
        case .endsWith:
            if !folding, narrowByWords(rows, blobs, needle, prefix: false) { return true }
            try folding ? narrow(rows, blobs, FoldedBytesTest(kind: .suffix, needle: needle)) : narrow(rows, blobs, BytesSuffix(needle: needle))
        case .contains:
            // Most rows still in question: one search through the leaf's whole blob.
            if let small = blobs.smallLayout, rows.selectedCount * 2 >= rows.rowCount,
               BlobContains(needle: needle, folding: folding).narrow(rows, offsets: small.offsets, blob: small.blob, blobSize: small.blobSize,
                                                                     nulls: small.nulls, terminator: small.terminator) {
                return true
            }
            try folding ? narrow(rows, blobs, FoldedBytesTest(kind: .contain, needle: needle)) : narrow(rows, blobs, BytesContain(needle: needle))
        case let .like(patterns): try narrow(rows, blobs, LikeBytesTest(pattern: patterns[0], folding: folding))
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return false
        }
        return true
    }

    /// BEGINSWITH or ENDSWITH with a short needle on a leaf of medium strings, a word at a
    /// time (`SmallBlobAffix`); false for other leaves and needles.
    private func narrowByWords(_ rows: RowBitmap, _ blobs: BlobScan, _ needle: UnsafeBufferPointer<UInt8>, prefix: Bool) -> Bool {
        guard let small = blobs.smallLayout, let words = SmallBlobAffix.words(needle) else { return false }
        var loop = SmallBlobAffix(prefix: prefix, first: words.first, second: words.second, firstMask: words.firstMask,
                                  secondMask: words.secondMask, needleCount: Int64(needle.count), rows: rows, blob: small.blob,
                                  blobSize: small.blobSize, nulls: small.nulls, terminator: small.terminator,
                                  nullMatches: nullMatches, needle: needle)
        return small.offsets.visit(&loop)
    }

    private func narrow<Test: ByteTest>(_ rows: RowBitmap, _ blobs: BlobScan, _ test: Test) throws(RealmFormatError) {
        if let small = blobs.smallLayout {
            var loop = SmallBlobNarrowing(test: test, rows: rows, blob: small.blob, blobSize: small.blobSize, nulls: small.nulls,
                                          terminator: small.terminator, nullMatches: nullMatches, general: self)
            if let damaged = small.offsets.visit(&loop) {
                // Read again through the checked path, which names the damage.
                _ = try blobs.element(damaged)
                throw .unexpectedNode(ref: 0, context: "string leaf", detail: "element \(damaged) lies outside its blob")
            }
            return
        }
        let count = blobs.count
        try rows.keep { row throws(RealmFormatError) in
            guard row < count else { return false }
            switch try blobs.contiguous(row) {
            case .null: return nullMatches
            case let .bytes(bytes): return test.matches(bytes) ?? matches(bytes)
            case .chunked: return matches(try blobs.element(row))
            }
        }
    }

    var cost: KernelCost {
        switch operation {
        case .contains, .like: return .search
        default: return folding ? .search : .bytes
        }
    }
}
