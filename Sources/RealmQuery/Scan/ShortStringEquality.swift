import RealmFormat

/// `== constant` (or `IN` several) on a leaf of short strings, a slot at a time.
///
/// A short string of length n in a slot of width W is its n bytes, padding, and a last byte
/// W-1-n (W for null). So a slot holds the constant exactly when its first n bytes and its
/// last byte are those of the constant's own slot image; the padding between is not looked
/// at. Each slot is compared as a few masked 64-bit words, with no branch on its length.
struct ShortStringEquality {
    /// One 64-bit word of a slot image that has bytes to compare.
    struct Word {
        let offset: Int
        let mask: UInt64
        let expected: UInt64
    }

    /// A constant's image in a slot of 8 or 16 bytes (the widths of most names and
    /// categories) as two masked words; the second is all zero in an 8-byte slot.
    struct SlotPair {
        let firstMask, first, secondMask, second: UInt64
    }

    /// Per slot width (1, 2, 4, ..., 64: index log2(W)), per constant, the words to compare.
    private let images: [[[Word]]]
    /// The same for widths 8 and 16 (index 0 and 1), as pairs.
    private let pairs: [[SlotPair]]

    init(_ needles: [[UInt8]]) {
        let images = (0..<7).map { exponent in
            let width = 1 << exponent
            return needles.compactMap { ShortStringEquality.image(of: $0, width: width) }
        }
        self.images = images
        pairs = [images[3], images[4]].map { constants in
            constants.map { words in
                let first = words.first { $0.offset == 0 }
                let second = words.first { $0.offset == 8 }
                return SlotPair(firstMask: first?.mask ?? 0, first: first?.expected ?? 0,
                                secondMask: second?.mask ?? 0, second: second?.expected ?? 0)
            }
        }
    }

    /// The words of `needle`'s slot image at `width`, or nil when it is too long for a slot.
    private static func image(of needle: [UInt8], width: Int) -> [Word]? {
        guard needle.count < width else { return nil }
        var bytes = [UInt8](repeating: 0, count: width)
        var mask = [UInt8](repeating: 0, count: width)
        for (index, byte) in needle.enumerated() {
            bytes[index] = byte
            mask[index] = 0xFF
        }
        bytes[width - 1] = UInt8(width - 1 - needle.count)
        mask[width - 1] = 0xFF
        var words: [Word] = []
        for offset in stride(from: 0, to: width, by: 8) {
            var wordMask: UInt64 = 0
            var wordBytes: UInt64 = 0
            for index in offset..<min(offset + 8, width) {
                wordMask |= UInt64(mask[index]) << UInt64(8 * (index - offset))
                wordBytes |= UInt64(bytes[index]) << UInt64(8 * (index - offset))
            }
            if wordMask != 0 { words.append(Word(offset: offset, mask: wordMask, expected: wordBytes)) }
        }
        return words
    }

    /// Narrows `rows` to the slots that hold one of the constants; false for a width this
    /// does not handle (0: every element is null or empty).
    func narrow(_ rows: RowBitmap, slots base: UnsafeRawPointer, width: Int, count: Int) -> Bool {
        guard width > 0, width <= 64, width.nonzeroBitCount == 1 else { return false }
        let candidates = images[width.trailingZeroBitCount]
        if candidates.isEmpty {
            rows.reset(rows: rows.rowCount, selected: false)
            return true
        }
        if width == 8 || width == 16 {
            narrowPairs(rows, slots: base, width: width, count: count)
            return true
        }
        if candidates.count == 1, candidates[0].count == 1 {
            // One constant in one word: the common case, a load, a mask and a compare per row.
            let word = candidates[0][0]
            guard width >= 8 else {
                narrowWords(rows, count) { row in
                    ShortStringEquality.load(base + row &* width, word.offset, width) & word.mask == word.expected
                }
                return true
            }
            // Slots of 8 bytes or more: one unaligned load per row, no switch on the width.
            let start = base + word.offset
            narrowWords(rows, count) { row in
                UInt64(littleEndian: start.loadUnaligned(fromByteOffset: row &* width, as: UInt64.self)) & word.mask == word.expected
            }
            return true
        }
        narrowWords(rows, count) { row in
            let slot = base + row &* width
            for words in candidates where words.allSatisfy({ ShortStringEquality.load(slot, $0.offset, width) & $0.mask == $0.expected }) {
                return true
            }
            return false
        }
        return true
    }

    /// Slots of 8 or 16 bytes: two loads per row (one for 8), tested against every constant.
    private func narrowPairs(_ rows: RowBitmap, slots base: UnsafeRawPointer, width: Int, count: Int) {
        let constants = pairs[width == 8 ? 0 : 1]
        constants.withUnsafeBufferPointer { constants in
            let wide = width == 16
            narrowWords(rows, count) { row in
                let slot = base + row &* width
                let first = UInt64(littleEndian: slot.loadUnaligned(as: UInt64.self))
                let second = wide ? UInt64(littleEndian: slot.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) : 0
                for constant in constants where first & constant.firstMask == constant.first && second & constant.secondMask == constant.second {
                    return true
                }
                return false
            }
        }
    }

    /// Whether one slot of `width` bytes holds one of the constants; false for widths this
    /// does not handle.
    @inline(__always)
    func holds(_ slot: UnsafeRawPointer, width: Int) -> Bool {
        guard width > 0, width <= 64, width.nonzeroBitCount == 1 else { return false }
        for words in images[width.trailingZeroBitCount]
        where words.allSatisfy({ ShortStringEquality.load(slot, $0.offset, width) & $0.mask == $0.expected }) {
            return true
        }
        return false
    }

    /// Up to 8 bytes of a slot at `offset`, never reading past the slot.
    @inline(__always)
    private static func load(_ slot: UnsafeRawPointer, _ offset: Int, _ width: Int) -> UInt64 {
        switch width {
        case 1: return UInt64(slot.load(as: UInt8.self))
        case 2: return UInt64(UInt16(littleEndian: slot.loadUnaligned(as: UInt16.self)))
        case 4: return UInt64(UInt32(littleEndian: slot.loadUnaligned(as: UInt32.self)))
        default: return UInt64(littleEndian: slot.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
    }
}
