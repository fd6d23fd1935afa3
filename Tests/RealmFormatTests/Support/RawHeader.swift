/// The 24-byte Realm header decoded by the tests themselves, independently of RealmFormat.
///
/// Layout (file format spec §1.1): top_ref[0] and top_ref[1] as little-endian u64 at 0 and 8,
/// the mnemonic "T-DB" at 16, the two format bytes at 20 and 21, flags at 23 with the select
/// bit in bit 0. Tests compare the reader's choice of top ref against this.
struct RawHeader {
    let topRefs: (UInt64, UInt64)
    let formats: (UInt8, UInt8)
    let mnemonic: [UInt8]
    let selectBit: Int

    /// Nil if fewer than 24 bytes are given.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 24 else { return nil }
        func u64(at offset: Int) -> UInt64 {
            (0..<8).reduce(UInt64(0)) { value, index in value | UInt64(bytes[offset + index]) << (8 * index) }
        }
        topRefs = (u64(at: 0), u64(at: 8))
        mnemonic = Array(bytes[16..<20])
        formats = (bytes[20], bytes[21])
        selectBit = Int(bytes[23] & 1)
    }

    /// `top_ref[select bit]`.
    var selectedTopRef: UInt64 { selectBit == 0 ? topRefs.0 : topRefs.1 }
    /// `file_format[select bit]`.
    var selectedFormat: UInt8 { selectBit == 0 ? formats.0 : formats.1 }
    var hasRealmMnemonic: Bool { mnemonic == Array("T-DB".utf8) }
    /// Files written by `writeCopy` (all of realm-core's legacy test files) keep the top ref in
    /// a footer at the end of the file and all ones in the selected slot (spec §1.2).
    var isStreamingForm: Bool { selectedTopRef == UInt64.max }
}
