import RealmFormat

/// `value == constant` and `value != constant` over a packed node, a 64-bit word of elements at
/// a time, for element widths 1 to 32 bits.
///
/// The constant is repeated into every field of a word (a field is one element), the word is
/// XORed with it, and the fields that became zero are the elements equal to the constant. A
/// word with no zero field, by far the usual case, costs a load and four operations for its
/// 2 to 64 elements, where testing element by element costs a few operations each. realm-core
/// compares this way too; this is our own code from that description.
///
/// Two zero-field tests, for fields of W bits (`lows` has the lowest bit of every field set,
/// `highs` the highest):
/// - any field zero: `(x - lows) & ~x & highs` is non-zero exactly when one is (the lowest
///   zero field borrows; no field borrows while every field below it is non-zero);
/// - which fields: `~(((x & ~highs) + ~highs) | x) & highs` sets the high bit of exactly the
///   zero fields (adding all-but-high ones carries into the high bit of each field whose low
///   bits are non-zero, and no carry leaves a field).
enum PackedEquality {
    /// Narrows `rows` to the elements equal to `constant` (`equal`) or different from it.
    /// The caller has made sure a null element gives the answer a non-null one different
    /// from the constant gives (`!=` matches null, `==` does not) and that the constant is not
    /// the node's null value. False for a width this does not handle (64).
    static func narrow(_ rows: RowBitmap, _ integers: PackedIntegers, constant: Int64, equal: Bool) -> Bool {
        switch integers.width {
        case 0:
            // Every element is 0.
            if (constant == 0) != equal { rows.reset(rows: rows.rowCount, selected: false) }
            return true
        case 1: return narrow(rows, integers, constant, equal, Fields1.self)
        case 2: return narrow(rows, integers, constant, equal, Fields2.self)
        case 4: return narrow(rows, integers, constant, equal, Fields4.self)
        case 8: return narrow(rows, integers, constant, equal, Fields8.self)
        case 16: return narrow(rows, integers, constant, equal, Fields16.self)
        case 32: return narrow(rows, integers, constant, equal, Fields32.self)
        default: return false
        }
    }

    /// The loop for one field width: rows go by 64 (one bitmap word), and the node's words
    /// holding those rows' elements are tested; a row block with nothing selected is skipped.
    @inline(__always)
    private static func narrow<Fields: FieldWidth>(_ rows: RowBitmap, _ integers: PackedIntegers, _ constant: Int64,
                                                   _ equal: Bool, _ fields: Fields.Type) -> Bool {
        let width = Fields.bits
        let count = min(rows.rowCount, integers.count)
        guard integers.representableRange.contains(constant) else {
            // No element can hold it: all differ.
            if equal { rows.reset(rows: rows.rowCount, selected: false) }
            return true
        }
        let fieldMask: UInt64 = (1 &<< UInt64(width)) &- 1
        let lows: UInt64 = ~0 / fieldMask
        let highs = lows &<< UInt64(width &- 1)
        let pattern = (UInt64(bitPattern: constant) & fieldMask) &* lows
        let base = integers.base
        let skip = integers.offset
        let shift = Fields.log2Bits
        rows.narrowBlocks(below: count) { start, end, selected in
            // Elements `start + skip ..< end + skip`; their words lie inside the node,
            // whose payload `Node` checked whole 8-byte words of.
            let firstWord = ((start &+ skip) &* width) &>> 6
            let lastWord = ((end &- 1 &+ skip) &* width) &>> 6
            // First whether any field of the block's words is zero, without a branch per
            // word (the usual answer is no); only then which rows.
            var anyZero: UInt64 = 0
            var word = firstWord
            while word <= lastWord {
                let x = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: word &<< 3, as: UInt64.self)) ^ pattern
                anyZero |= (x &- lows) & ~x
                word &+= 1
            }
            var hits: UInt64 = 0
            word = anyZero & highs == 0 ? lastWord &+ 1 : firstWord
            while word <= lastWord {
                let x = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: word &<< 3, as: UInt64.self)) ^ pattern
                if (x &- lows) & ~x & highs != 0 {
                    var zeros = ~(((x & ~highs) &+ ~highs) | x) & highs
                    while zeros != 0 {
                        // The element of this field, as a row of this block.
                        let element = (word &<< (6 &- shift)) &+ (zeros.trailingZeroBitCount &>> shift)
                        let row = element &- skip &- start
                        if row >= 0, row < end &- start { hits |= 1 &<< UInt64(row) }
                        zeros &= zeros &- 1
                    }
                }
                word &+= 1
            }
            var kept = equal ? hits : ~hits
            if end &- start < 64 { kept &= (1 &<< UInt64(end &- start)) &- 1 }
            return selected & kept
        }
        return true
    }
}

/// The element width of a packed node, as a type, so each width gets its own loop with the
/// constants folded in.
protocol FieldWidth {
    static var bits: Int { get }
    static var log2Bits: Int { get }
}

enum Fields1: FieldWidth {
    static var bits: Int { 1 }
    static var log2Bits: Int { 0 }
}

enum Fields2: FieldWidth {
    static var bits: Int { 2 }
    static var log2Bits: Int { 1 }
}

enum Fields4: FieldWidth {
    static var bits: Int { 4 }
    static var log2Bits: Int { 2 }
}

enum Fields8: FieldWidth {
    static var bits: Int { 8 }
    static var log2Bits: Int { 3 }
}

enum Fields16: FieldWidth {
    static var bits: Int { 16 }
    static var log2Bits: Int { 4 }
}

enum Fields32: FieldWidth {
    static var bits: Int { 32 }
    static var log2Bits: Int { 5 }
}
