/// A bounds-checked view of the mapped file.
///
/// All structure reads go through here (or through `Node`, which checks its payload once), so a
/// corrupt offset becomes a `RealmFormatError` instead of a read outside the mapping.
public struct FileBytes: @unchecked Sendable {
    let base: UnsafeRawPointer?
    public let count: Int

    init(base: UnsafeRawPointer?, count: Int) {
        self.base = base
        self.count = count
    }

    /// Creates a view over memory owned by the caller (tests, decrypted pages).
    public init(unsafeBytes: UnsafeRawBufferPointer) {
        self.base = unsafeBytes.baseAddress
        self.count = unsafeBytes.count
    }

    /// Whether `bytes` lie in this file's memory, where they stay readable as long as the file
    /// is open (a value read in place), rather than in memory a reader made for them.
    public func contains(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base, let start = bytes.baseAddress else { return false }
        return start >= base && start + bytes.count <= base + count
    }

    func contains(offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count && length <= count - offset
    }

    func pointer(at offset: Int, length: Int, context: @autoclosure () -> String) throws(RealmFormatError) -> UnsafeRawPointer {
        guard let base, contains(offset: offset, length: length) else {
            throw .badRef(ref: Int64(offset), fileSize: count, context: context())
        }
        return base + offset
    }

    public func uint8(at offset: Int) throws(RealmFormatError) -> UInt8 {
        try pointer(at: offset, length: 1, context: "a byte read").load(as: UInt8.self)
    }

    public func uint64(at offset: Int) throws(RealmFormatError) -> UInt64 {
        UInt64(littleEndian: try pointer(at: offset, length: 8, context: "a 64-bit read").loadUnaligned(as: UInt64.self))
    }

    /// Checks that a value read from the file is a usable node position and converts it.
    func validRef(_ raw: Int64, context: @autoclosure () -> String) throws(RealmFormatError) -> Int {
        guard raw >= 24, raw & 7 == 0, raw <= Int64(count) - 8 else {
            throw .badRef(ref: raw, fileSize: count, context: context())
        }
        return Int(raw)
    }

    public func node(at raw: Int64, context: @autoclosure () -> String) throws(RealmFormatError) -> Node {
        let ref = try validRef(raw, context: context())
        return try Node(ref: ref, in: self)
    }
}
