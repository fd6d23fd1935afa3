#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCrypto

/// A Realm encryption key: 64 bytes, 0-31 the AES-256 key, 32-63 the HMAC-SHA224 key (§11).
///
/// The key lives in one page of its own, allocated here and never copied into Swift arrays or
/// strings by this type: the page is `mlock`ed where the system allows (so it is not swapped
/// out; a refusal, e.g. a low `RLIMIT_MEMLOCK`, is ignored since the key still works), kept out
/// of core dumps, and wiped with `OPENSSL_cleanse` (which the compiler may not drop as a dead
/// store) before it is freed. A page of its own also means `munlock` never unlocks anything
/// else's memory. `description` names the type only, so printing a key by mistake shows nothing.
///
/// The parsers accept what users keep keys in: 128 hex digits, 88 base64 characters, or a key
/// file with the 64 raw bytes or either text form. Their errors (`EncryptionKeyError`) give
/// lengths and positions, never key material.
public final class EncryptionKey: @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// A Realm key is always 64 bytes.
    public static let byteCount = 64
    /// Bytes of the AES-256 half (the first) and of the HMAC-SHA224 half (the second).
    static let halfCount = 32
    /// Key files are tiny; anything larger than this is refused without being read whole.
    static let keyFileLimit = 64 * 1024

    private let storage: UnsafeMutableRawPointer
    private let allocationSize: Int
    private let isLocked: Bool

    /// A zeroed key page; the parsers fill it. Every key object, even one whose parsing fails
    /// half way, is wiped by `deinit`.
    private init() {
        let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), EncryptionKey.byteCount)
        allocationSize = page
        storage = UnsafeMutableRawPointer.allocate(byteCount: page, alignment: page)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: page)
        isLocked = mlock(storage, page) == 0
        #if os(Linux)
        _ = madvise(storage, page, MADV_DONTDUMP)
        #endif
    }

    deinit {
        OPENSSL_cleanse(storage, allocationSize)
        if isLocked { munlock(storage, allocationSize) }
        storage.deallocate()
    }

    public var description: String { "EncryptionKey(64 bytes, not shown)" }
    public var debugDescription: String { description }

    /// The AES-256 key (bytes 0-31), valid while `self` is alive.
    var aesKey: UnsafeRawPointer { UnsafeRawPointer(storage) }
    /// The HMAC-SHA224 key (bytes 32-63), valid while `self` is alive.
    var hmacKey: UnsafeRawPointer { UnsafeRawPointer(storage + EncryptionKey.halfCount) }

    /// Lends the 64 key bytes (for tests comparing parsed keys, and for handing the key to
    /// code that needs it whole); the buffer must not escape the closure.
    func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: storage, count: EncryptionKey.byteCount))
    }

    // MARK: Parsing

    /// A key from its 64 raw bytes (the bytes are copied into the key's locked page; wiping the
    /// caller's copy is the caller's business).
    public convenience init(bytes: UnsafeRawBufferPointer) throws(EncryptionKeyError) {
        guard bytes.count == EncryptionKey.byteCount, let base = bytes.baseAddress else {
            throw .wrongByteCount(bytes.count)
        }
        self.init()
        storage.copyMemory(from: base, byteCount: EncryptionKey.byteCount)
    }

    /// A key typed or pasted as text: 128 hex digits (either case) or 88 base64 characters
    /// (with its `==` padding), surrounding whitespace and newlines ignored.
    public static func parse(text: String) throws(EncryptionKeyError) -> EncryptionKey {
        var scalars = Array(text.unicodeScalars)
        defer { wipe(&scalars) }
        return try parse(scalars: scalars)
    }

    /// A key from a key file's contents: exactly 64 bytes are the raw key; anything else must
    /// be UTF-8 text holding the key as `parse(text:)` reads it (a trailing newline is fine).
    public static func parse(keyFile contents: UnsafeRawBufferPointer) throws(EncryptionKeyError) -> EncryptionKey {
        if contents.count == byteCount {
            return try EncryptionKey(bytes: contents)
        }
        var scalars: [Unicode.Scalar] = []
        defer { wipe(&scalars) }
        scalars.reserveCapacity(contents.count)
        var decoder = UTF8()
        var iterator = contents.makeIterator()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar): scalars.append(scalar)
            case .emptyInput: break decoding
            case .error: throw .keyFileNotAKey(byteCount: contents.count)
            }
        }
        return try parse(scalars: scalars)
    }

    /// `parse(keyFile:)` over an array of the file's bytes.
    public static func parse(keyFile contents: [UInt8]) throws(EncryptionKeyError) -> EncryptionKey {
        let result = contents.withUnsafeBytes { raw in
            Result { () throws(EncryptionKeyError) -> EncryptionKey in try parse(keyFile: raw) }
        }
        return try result.get()
    }

    /// Reads a key file (a regular file, or a pipe such as `<(pass show realm-key)`) and parses
    /// it with `parse(keyFile:)`. The bytes read are wiped once parsed.
    public static func load(keyFile path: String) throws(EncryptionKeyError) -> EncryptionKey {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotReadKeyFile(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        let capacity = keyFileLimit + 1
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        defer {
            OPENSSL_cleanse(buffer, capacity)
            buffer.deallocate()
        }
        var count = 0
        while count < capacity {
            let got = read(fd, buffer + count, capacity - count)
            if got < 0 {
                if errno == EINTR { continue }
                throw .cannotReadKeyFile(path: path, reason: String(cString: strerror(errno)))
            }
            if got == 0 { break }
            count += got
        }
        guard count <= keyFileLimit else { throw .keyFileTooLarge(path: path) }
        return try parse(keyFile: UnsafeRawBufferPointer(start: buffer, count: count))
    }

    // MARK: Text forms

    private static let hexLength = 128
    private static let base64Length = 88

    /// Trims whitespace, then reads hex or base64 by the length; other lengths are refused
    /// with the length found.
    private static func parse(scalars: [Unicode.Scalar]) throws(EncryptionKeyError) -> EncryptionKey {
        var start = 0
        var end = scalars.count
        while start < end, isTrimmed(scalars[start]) { start += 1 }
        while end > start, isTrimmed(scalars[end - 1]) { end -= 1 }
        let length = end - start
        switch length {
        case 0:
            throw .empty
        case hexLength:
            return try parseHex(scalars, from: start)
        case base64Length:
            return try parseBase64(scalars, from: start)
        default:
            let allHex = scalars[start..<end].allSatisfy { hexValue($0) != nil }
            throw .wrongLength(found: length, allHexDigits: allHex)
        }
    }

    /// Whitespace around a key: spaces, tabs, line ends, and a byte-order mark some editors
    /// put at the start of a text file.
    private static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0xFEFF: return true
        default: return false
        }
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0x30...0x39: return UInt8(scalar.value - 0x30)
        case 0x41...0x46: return UInt8(scalar.value - 0x41 + 10)
        case 0x61...0x66: return UInt8(scalar.value - 0x61 + 10)
        default: return nil
        }
    }

    private static func parseHex(_ scalars: [Unicode.Scalar], from start: Int) throws(EncryptionKeyError) -> EncryptionKey {
        let key = EncryptionKey()
        let out = key.storage.assumingMemoryBound(to: UInt8.self)
        for index in 0..<byteCount {
            let position = start + 2 * index
            guard let high = hexValue(scalars[position]) else { throw .notHexDigit(position: 2 * index + 1) }
            guard let low = hexValue(scalars[position + 1]) else { throw .notHexDigit(position: 2 * index + 2) }
            out[index] = high << 4 | low
        }
        return key
    }

    private static func base64Value(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x41...0x5A: return scalar.value - 0x41
        case 0x61...0x7A: return scalar.value - 0x61 + 26
        case 0x30...0x39: return scalar.value - 0x30 + 52
        case 0x2B: return 62  // +
        case 0x2F: return 63  // /
        default: return nil
        }
    }

    /// Standard base64 (RFC 4648 alphabet). 64 bytes take 88 characters ending in `==`; one
    /// `=` or none would mean 65 or 66 bytes, which is reported as such.
    private static func parseBase64(_ scalars: [Unicode.Scalar], from start: Int) throws(EncryptionKeyError) -> EncryptionKey {
        let equals: UInt32 = 0x3D
        let last = scalars[start + base64Length - 1].value == equals
        let beforeLast = scalars[start + base64Length - 2].value == equals
        if beforeLast && !last {
            // "=x" at the end: the padding is misplaced.
            throw .notBase64(position: base64Length - 1)
        }
        let dataLength = base64Length - (last ? 1 : 0) - (beforeLast ? 1 : 0)
        for offset in 0..<dataLength where base64Value(scalars[start + offset]) == nil {
            throw .notBase64(position: offset + 1)
        }
        let decodedCount = dataLength * 6 / 8
        guard decodedCount == byteCount else { throw .base64DecodesTo(byteCount: decodedCount) }
        let key = EncryptionKey()
        let out = key.storage.assumingMemoryBound(to: UInt8.self)
        var accumulator: UInt32 = 0
        var bits = 0
        var written = 0
        for offset in 0..<dataLength {
            guard let value = base64Value(scalars[start + offset]) else { throw .notBase64(position: offset + 1) }
            accumulator = (accumulator << 6 | value) & 0xFFFF
            bits += 6
            if bits >= 8 {
                bits -= 8
                if written < byteCount {
                    out[written] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bits))
                    written += 1
                }
            }
        }
        return key
    }

    /// Overwrites a working copy of key text before its memory is released.
    private static func wipe(_ scalars: inout [Unicode.Scalar]) {
        scalars.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { OPENSSL_cleanse(base, raw.count) }
        }
    }
}
