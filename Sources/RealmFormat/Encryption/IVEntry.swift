/// One 64-byte IV-table entry (§11.1): the IV and HMAC of a data page's current ciphertext,
/// and the pair it replaced.
///
/// Two slots make a page write survive a crash: the writer stores the new entry before the
/// new page, so if the page never reaches the disk the old ciphertext still authenticates under
/// slot 2. `iv1 == 0` marks a page that was never written (it reads as zeros); `iv2 == 0` an
/// empty second slot. Integers are little-endian on disk, as realm-core writes them on every
/// platform it supports.
public struct IVEntry: Equatable, Sendable {
    /// Bytes of an HMAC-SHA224.
    public static let hmacSize = 28
    public static let byteCount = EncryptedLayout.ivEntrySize

    public var iv1: UInt32
    /// HMAC-SHA224 of the ciphertext encrypted with `iv1` (28 bytes).
    public var hmac1: [UInt8]
    public var iv2: UInt32
    /// HMAC-SHA224 of the ciphertext encrypted with `iv2` (28 bytes).
    public var hmac2: [UInt8]

    /// The entry of a page never written.
    public static let zero = IVEntry(iv1: 0, hmac1: [UInt8](repeating: 0, count: hmacSize),
                                     iv2: 0, hmac2: [UInt8](repeating: 0, count: hmacSize))

    public init(iv1: UInt32, hmac1: [UInt8], iv2: UInt32, hmac2: [UInt8]) {
        self.iv1 = iv1
        self.hmac1 = hmac1
        self.iv2 = iv2
        self.hmac2 = hmac2
    }

    /// Reads an entry from its 64 on-disk bytes; nil when fewer than 64 are given.
    public init?(bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= IVEntry.byteCount else { return nil }
        iv1 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
        hmac1 = Array(bytes[4..<32])
        iv2 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 32, as: UInt32.self))
        hmac2 = Array(bytes[36..<64])
    }

    /// `init(bytes:)` over an array.
    public init?(bytes: [UInt8]) {
        guard let entry = bytes.withUnsafeBytes({ IVEntry(bytes: $0) }) else { return nil }
        self = entry
    }

    /// True for a page that was never written (read as zeros).
    public var isNeverWritten: Bool { iv1 == 0 }

    /// The 64 on-disk bytes (HMACs cut or zero-padded to 28 bytes).
    public var bytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: IVEntry.byteCount)
        out.withUnsafeMutableBytes { store(into: $0) }
        return out
    }

    /// Writes the 64 on-disk bytes at the start of `destination` (which holds at least 64).
    func store(into destination: UnsafeMutableRawBufferPointer) {
        guard destination.count >= IVEntry.byteCount else { return }
        destination.storeBytes(of: iv1.littleEndian, toByteOffset: 0, as: UInt32.self)
        destination.storeBytes(of: iv2.littleEndian, toByteOffset: 32, as: UInt32.self)
        for index in 0..<IVEntry.hmacSize {
            destination[4 + index] = index < hmac1.count ? hmac1[index] : 0
            destination[36 + index] = index < hmac2.count ? hmac2[index] : 0
        }
    }
}
