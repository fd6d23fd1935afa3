import RealmFormat

/// BEGINSWITH and ENDSWITH with a needle of 1 to 16 bytes over a leaf of medium strings
/// (small blobs), a string at a time as one or two masked 64-bit compares.
///
/// Names and titles are medium strings in most files; the byte-by-byte test cost about a
/// hundred instructions per string, mostly the loop around one or two compared bytes. Here
/// the leaf's offsets are checked once (in order, inside the blob), then each string is its
/// end offset (the previous end carried along in row order), a length test and the word(s)
/// at its start (or at its end less the needle) XORed with the needle and masked, with no
/// branch: the few strings near the end of the blob, where a word would read past its
/// checked size, are settled byte by byte afterwards.
struct SmallBlobAffix: PackedIntegerVisitor {
    let prefix: Bool
    /// The needle as up to two little-endian words, zero past its end, and their masks.
    let first, second, firstMask, secondMask: UInt64
    let needleCount: Int64
    let rows: RowBitmap
    let blob: UnsafeRawPointer
    let blobSize: Int64
    let nulls: PackedIntegers?
    let terminator: Int64
    let nullMatches: Bool
    /// The needle itself, for the byte test of strings too close to the end of the blob.
    let needle: UnsafeBufferPointer<UInt8>

    /// The word form of `needle`, or nil when it is empty or longer than 16 bytes.
    static func words(_ needle: UnsafeBufferPointer<UInt8>) -> (first: UInt64, second: UInt64, firstMask: UInt64, secondMask: UInt64)? {
        guard !needle.isEmpty, needle.count <= 16 else { return nil }
        var words: [UInt64] = [0, 0]
        var masks: [UInt64] = [0, 0]
        for (index, byte) in needle.enumerated() {
            words[index >> 3] |= UInt64(byte) << UInt64((index & 7) * 8)
            masks[index >> 3] |= 0xFF << UInt64((index & 7) * 8)
        }
        return (words[0], words[1], masks[0], masks[1])
    }

    /// Narrows the rows; false, with the rows untouched, when the offsets are not in order
    /// inside the blob (the per-string path then reads them and names the damage) or the
    /// blob is too small for a word.
    func visit<Width: PackedWidth>(_ offsets: PackedIntegers, _ width: Width.Type) -> Bool {
        switch (prefix, secondMask != 0) {
        case (true, false): return narrow(offsets, Width.self, AffixShape<Prefix, OneWord>.self)
        case (true, true): return narrow(offsets, Width.self, AffixShape<Prefix, TwoWords>.self)
        case (false, false): return narrow(offsets, Width.self, AffixShape<Suffix, OneWord>.self)
        case (false, true): return narrow(offsets, Width.self, AffixShape<Suffix, TwoWords>.self)
        }
    }

    @inline(__always)
    private func narrow<Width: PackedWidth, Shape: AffixShapeProtocol>(_ offsets: PackedIntegers, _ width: Width.Type,
                                                                         _ shape: Shape.Type) -> Bool {
        let base = offsets.base
        let skip = offsets.offset
        let limit = min(offsets.count, rows.rowCount)
        let terminator = self.terminator
        let blobSize = self.blobSize
        let needleCount = self.needleCount
        let lastWordStart = blobSize &- (Shape.twoWords ? 16 : 8)
        guard lastWordStart >= 0 else { return false }
        // Every string inside the blob, after the one before, with its terminator: checked
        // once, so the loop below reads without a check per string.
        var previous: Int64 = 0
        for row in 0..<limit {
            let end = Width.load(base, row &+ skip)
            guard end >= previous &+ terminator, end <= blobSize else { return false }
            previous = end
        }
        // Where each string's word lies grows with the row, so the strings whose word would
        // start before the blob (a suffix longer than the string) or run past its end come
        // first and last: the rows `fast` are read by words, the others byte by byte.
        func wordStart(_ row: Int) -> Int64 {
            let stringEnd = Width.load(base, row &+ skip)
            if Shape.prefix { return row == 0 ? 0 : Width.load(base, row &- 1 &+ skip) }
            return stringEnd &- terminator &- needleCount
        }
        var fastStart = 0
        while fastStart < limit, wordStart(fastStart) < 0 { fastStart += 1 }
        var fastEnd = limit
        while fastEnd > fastStart, wordStart(fastEnd - 1) > lastWordStart { fastEnd -= 1 }
        let words = rows.words
        let (first, second, firstMask, secondMask) = (self.first, self.second, self.firstMask, self.secondMask)
        let blob = self.blob
        // A string holds the needle only if its length plus terminator reaches this.
        let stored = needleCount &+ terminator
        let nullAnswer: UInt64 = nullMatches ? ~0 : 0
        // Null flags of width 0 are all zero: no row is null.
        let nullFlags = nulls.flatMap { $0.width == 0 ? nil : $0 }
        var start = 0
        var index = 0
        while start < limit {
            let selected = words[index]
            let end = min(start &+ 64, limit)
            if selected != 0 {
                var matched: UInt64 = 0
                let from = max(start, fastStart)
                let to = min(end, fastEnd)
                if from < to {
                    var previousEnd = from == 0 ? 0 : Width.load(base, from &- 1 &+ skip)
                    for row in from..<to {
                        let stringStart = previousEnd
                        let stringEnd = Width.load(base, row &+ skip)
                        previousEnd = stringEnd
                        let at = Shape.prefix ? stringStart : stringEnd &- stored
                        var match = (UInt64(littleEndian: blob.loadUnaligned(fromByteOffset: Int(at), as: UInt64.self)) ^ first) & firstMask == 0
                        if Shape.twoWords {
                            let next = UInt64(littleEndian: blob.loadUnaligned(fromByteOffset: Int(at) &+ 8, as: UInt64.self))
                            match = match && (next ^ second) & secondMask == 0
                        }
                        match = match && stringEnd &- stringStart >= stored
                        matched |= UInt64(match ? 1 : 0) &<< UInt64(row &- start)
                    }
                }
                // The strings near either end of the blob: byte by byte.
                var slow = selected & ~SmallBlobAffix.bits(from &- start, to &- start)
                while slow != 0 {
                    let row = start &+ slow.trailingZeroBitCount
                    let stringStart = row == 0 ? 0 : Width.load(base, row &- 1 &+ skip)
                    let stringEnd = Width.load(base, row &+ skip)
                    let bytes = UnsafeRawBufferPointer(start: blob + Int(stringStart), count: Int(stringEnd &- terminator &- stringStart))
                    if Shape.prefix ? ByteSearch.hasPrefix(bytes, needle, folding: false) : ByteSearch.hasSuffix(bytes, needle, folding: false) {
                        matched |= 1 &<< UInt64(row &- start)
                    }
                    slow &= slow &- 1
                }
                let nullRows = nullFlags.map { SmallBlobAffix.nullMask($0, start, end) } ?? 0
                words[index] = selected & ((matched & ~nullRows) | (nullAnswer & nullRows))
            }
            start &+= 64
            index &+= 1
        }
        return true
    }

    /// Bits `from..<to` of a word (empty when `to <= from`); `from`, `to` in 0...64.
    @inline(__always)
    private static func bits(_ from: Int, _ to: Int) -> UInt64 {
        guard to > from else { return 0 }
        let upTo: UInt64 = to >= 64 ? ~0 : (1 &<< UInt64(to)) &- 1
        let below: UInt64 = from <= 0 ? 0 : (1 &<< UInt64(from)) &- 1
        return upTo & ~below
    }

    /// The rows `start..<end` whose null flag is set, as bits from `start`.
    @inline(__always)
    private static func nullMask(_ flags: PackedIntegers, _ start: Int, _ end: Int) -> UInt64 {
        if flags.width == 1, flags.offset == 0, start < flags.count {
            // One word of flags: `start` is a multiple of 64, and the node's payload is read
            // in whole words (`Node` checked them).
            let word = UInt64(littleEndian: flags.base.loadUnaligned(fromByteOffset: start &>> 3, as: UInt64.self))
            let rows = min(end, flags.count) &- start
            return rows >= 64 ? word : word & ((1 &<< UInt64(rows)) &- 1)
        }
        var mask: UInt64 = 0
        for row in start..<min(end, flags.count) where flags[row] != 0 { mask |= 1 &<< UInt64(row &- start) }
        return mask
    }
}

/// Which end of a string `SmallBlobAffix` compares and how many words, as types, so each of
/// the four loops is compiled without the tests that do not concern it.
protocol AffixShapeProtocol {
    static var prefix: Bool { get }
    static var twoWords: Bool { get }
}

protocol AffixSide { static var prefix: Bool { get } }
protocol AffixWords { static var twoWords: Bool { get } }
enum Prefix: AffixSide { static var prefix: Bool { true } }
enum Suffix: AffixSide { static var prefix: Bool { false } }
enum OneWord: AffixWords { static var twoWords: Bool { false } }
enum TwoWords: AffixWords { static var twoWords: Bool { true } }

enum AffixShape<Side: AffixSide, Words: AffixWords>: AffixShapeProtocol {
    static var prefix: Bool { Side.prefix }
    static var twoWords: Bool { Words.twoWords }
}
