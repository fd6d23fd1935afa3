import RealmFormat

/// `BEGINSWITH constant` (case-sensitive) on a leaf of short strings, a slot at a time, with
/// no per-value decoding.
///
/// A short string of length n in a slot of width W is its n bytes, zero padding up to byte
/// W-2, and a last byte W-1-n (W for null). Each selected slot is read as whole 64-bit words
/// (or one narrower load for slots under 8 bytes), and three branch-free tests run on them:
/// the masked first bytes against the constant's, the length (the last byte) against the
/// constant's length, and the padding bytes, which must be zero. A slot whose last byte
/// exceeds W or whose padding is not zero is damaged: the checked reader
/// (`BlobScan.contiguous`) reads it again and names the damage, as every other read does.
struct ShortStringPrefix {
    let needle: [UInt8]
    /// The answer for a null string.
    let nullMatches: Bool

    /// Narrows `rows` to the slots that begin with the needle; false for widths this does not
    /// handle (0, where every element is null, or not a power of two up to 64).
    func narrow(_ rows: RowBitmap, _ blobs: BlobScan, slots base: UnsafeRawPointer, width: Int) throws(RealmFormatError) -> Bool {
        guard width > 0, width <= 64, width.nonzeroBitCount == 1 else { return false }
        // The needle as words of the slot's first bytes, clipped to the slot.
        let wordCount = (width + 7) / 8
        var expected = [UInt64](repeating: 0, count: wordCount)
        var masks = [UInt64](repeating: 0, count: wordCount)
        for (index, byte) in needle.enumerated() where index < width {
            expected[index / 8] |= UInt64(byte) << UInt64(8 * (index % 8))
            masks[index / 8] |= 0xFF << UInt64(8 * (index % 8))
        }
        let needleLength = needle.count
        let nullMatches = nullMatches
        var damaged = -1
        if width == 16 {
            narrowSlots(rows, blobs.count, base, width: 16, wide: true, expected, masks, &damaged)
        } else if width <= 8 {
            narrowSlots(rows, blobs.count, base, width: width, wide: false, expected, masks, &damaged)
        } else {
            expected.withUnsafeBufferPointer { expected in
                masks.withUnsafeBufferPointer { masks in
                    narrowWords(rows, blobs.count) { row in
                        let slot = base + row &* width
                        let padding = Int(slot.load(fromByteOffset: width &- 1, as: UInt8.self))
                        if padding >= width {
                            if padding == width { return nullMatches }
                            if damaged < 0, rows.contains(row) { damaged = row }
                            return false
                        }
                        let length = width &- 1 &- padding
                        var differs: UInt64 = 0
                        var dirty: UInt64 = 0
                        var word = 0
                        while word < wordCount {
                            let bits = ShortStringPrefix.load(slot, word, width)
                            differs |= (bits ^ expected[word]) & masks[word]
                            // Bytes `length ..< width - 1` of the slot, those of this word.
                            let first = word &<< 3
                            dirty |= bits & ShortStringPrefix.bytes(from: length &- first) & ShortStringPrefix.bytes(below: width &- 1 &- first)
                            word &+= 1
                        }
                        if dirty != 0 {
                            // Only a selected row is read (and so an error), as on the checked path.
                            if damaged < 0, rows.contains(row) { damaged = row }
                            return false
                        }
                        return differs == 0 && length >= needleLength
                    }
                }
            }
        }
        if damaged >= 0 {
            _ = try blobs.contiguous(damaged)
            throw .unexpectedNode(ref: 0, context: "string leaf", detail: "short string \(damaged) has a damaged length or padding")
        }
        return true
    }

    /// Slots of up to 8 bytes (one word) or of 16 (`wide`, two): the masks come from the length
    /// byte without a loop; each call site gets its own copy with `wide` fixed.
    @inline(__always)
    private func narrowSlots(_ rows: RowBitmap, _ count: Int, _ base: UnsafeRawPointer, width: Int, wide: Bool,
                             _ expected: [UInt64], _ masks: [UInt64], _ damaged: inout Int) {
        let (expected0, mask0) = (expected[0], masks[0])
        let (expected1, mask1) = wide ? (expected[1], masks[1]) : (0, 0)
        let lengthShift = UInt64(8 &* ((width &- 1) & 7))
        // The bytes before the length byte in the word that holds it.
        let paddingBelow = ShortStringPrefix.bytes(below: wide ? 7 : width &- 1)
        let needleLength = needle.count
        let nullMatches = nullMatches
        var firstDamaged = damaged
        narrowWords(rows, count) { row in
            let slot = base + row &* width
            let first = wide ? UInt64(littleEndian: slot.loadUnaligned(as: UInt64.self)) : ShortStringPrefix.load(slot, 0, width)
            let second = wide ? UInt64(littleEndian: slot.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) : 0
            let padding = Int(truncatingIfNeeded: ((wide ? second : first) &>> lengthShift) & 0xFF)
            if padding >= width {
                if padding == width { return nullMatches }
                if firstDamaged < 0, rows.contains(row) { firstDamaged = row }
                return false
            }
            let length = width &- 1 &- padding
            let dirty = wide
                ? (first & ShortStringPrefix.bytes(from: length)) | (second & ShortStringPrefix.bytes(from: length &- 8) & paddingBelow)
                : first & ShortStringPrefix.bytes(from: length) & paddingBelow
            if dirty != 0 {
                // Only a selected row is read (and so an error), as on the checked path.
                if firstDamaged < 0, rows.contains(row) { firstDamaged = row }
                return false
            }
            let differs = ((first ^ expected0) & mask0) | ((second ^ expected1) & mask1)
            // Without a branch: `&&` branched on the prefix test, which mispredicts on a
            // prefix that a sixth of the values have.
            return (differs == 0 ? 1 : 0) & (length >= needleLength ? 1 : 0) != 0
        }
        damaged = firstDamaged
    }

    /// Word `index` of a slot, never reading past the slot (slots under 8 bytes are one load).
    @inline(__always)
    private static func load(_ slot: UnsafeRawPointer, _ index: Int, _ width: Int) -> UInt64 {
        switch width {
        case 1: return UInt64(slot.load(as: UInt8.self))
        case 2: return UInt64(UInt16(littleEndian: slot.loadUnaligned(as: UInt16.self)))
        case 4: return UInt64(UInt32(littleEndian: slot.loadUnaligned(as: UInt32.self)))
        default: return UInt64(littleEndian: slot.loadUnaligned(fromByteOffset: index &<< 3, as: UInt64.self))
        }
    }

    /// The bytes of a word at positions `start` and up (all for start <= 0, none from 8).
    @inline(__always)
    private static func bytes(from start: Int) -> UInt64 {
        if start <= 0 { return ~0 }
        if start >= 8 { return 0 }
        return ~0 &<< UInt64(start &* 8)
    }

    /// The bytes of a word at positions below `end` (none for end <= 0, all from 8).
    @inline(__always)
    private static func bytes(below end: Int) -> UInt64 {
        if end <= 0 { return 0 }
        if end >= 8 { return ~0 }
        return (1 &<< UInt64(end &* 8)) &- 1
    }
}
