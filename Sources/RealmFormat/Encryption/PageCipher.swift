import CCrypto

/// Encrypts and decrypts single 4096-byte data pages the way realm-core does (§11.2, §11.3).
///
/// AES-256-CBC without padding, keyed with the key's first half; HMAC-SHA224 over the
/// ciphertext with its second half. The AES IV of a page is
/// `u32le(iv) ‖ u64le(page * 4096) ‖ 00 00 00 00`: the counter from the IV table and the page's
/// logical position, so two pages never share an IV even when their counters agree.
///
/// The OpenSSL contexts are keyed once here and reused for every page (only the IV changes),
/// which keeps the key schedule out of the per-page cost; the contexts hold their own copies of
/// the key and wipe them when freed, so the `EncryptionKey` need not outlive the cipher. A cipher
/// is not thread-safe: use one per thread.
public final class PageCipher {
    /// How the first IV of a page that was never written (entry `iv1 == 0`) is chosen.
    public enum FreshIV: Sendable {
        /// A random non-zero counter (`RAND_bytes`). A file rewritten whole with the same key
        /// (compact, generate) would otherwise encrypt each position's first page under IV 1
        /// again, and CBC under a reused IV shows which leading 16-byte blocks are equal.
        /// Readers take the IV from the table, so any counter is as valid as 1.
        case random
        /// Counter 1, as realm-core starts: the same plaintext gives the same file, byte for byte
        /// (for tests comparing outputs).
        case sequential
    }

    /// Which slot a page was read through.
    public enum Source: Equatable, Sendable {
        /// The current IV (`iv1`): the normal case.
        case current
        /// The previous IV (`iv2`): the last write of this page did not reach the disk, so the
        /// page still holds its earlier content (an interrupted write, §11.2).
        case previous
        /// `iv1 == 0`: the page was never written; it reads as zeros.
        case neverWritten
        /// The ciphertext is all zeros but the entry says it was written: a file shrunk and grown
        /// again; it reads as zeros.
        case staleZeros
    }

    public static let pageSize = EncryptedLayout.pageSize
    /// A second HMAC collision in a row cannot happen by chance; the bound only keeps a bug
    /// from looping forever.
    private static let collisionRetries = 64

    private let encryptContext: OpaquePointer
    private let decryptContext: OpaquePointer
    private let mac: OpaquePointer
    private let macContext: OpaquePointer
    private let freshIV: FreshIV

    public init(key: EncryptionKey, freshIV: FreshIV = .random) throws(EncryptionError) {
        self.freshIV = freshIV
        var encryptContext: OpaquePointer?
        var decryptContext: OpaquePointer?
        var mac: OpaquePointer?
        var macContext: OpaquePointer?
        var succeeded = false
        defer {
            if !succeeded {
                EVP_CIPHER_CTX_free(encryptContext)
                EVP_CIPHER_CTX_free(decryptContext)
                EVP_MAC_CTX_free(macContext)
                EVP_MAC_free(mac)
            }
        }
        let aesKey = key.aesKey.assumingMemoryBound(to: UInt8.self)
        for encrypting in [true, false] {
            guard let context = EVP_CIPHER_CTX_new() else { throw PageCipher.failure("EVP_CIPHER_CTX_new") }
            if encrypting { encryptContext = context } else { decryptContext = context }
            guard EVP_CipherInit_ex(context, EVP_aes_256_cbc(), nil, aesKey, nil, encrypting ? 1 : 0) == 1,
                  EVP_CIPHER_CTX_set_padding(context, 0) == 1 else {
                throw PageCipher.failure("EVP_CipherInit_ex")
            }
        }
        mac = EVP_MAC_fetch(nil, "HMAC", nil)
        guard let mac else { throw PageCipher.failure("EVP_MAC_fetch(HMAC)") }
        macContext = EVP_MAC_CTX_new(mac)
        guard let macContext else { throw PageCipher.failure("EVP_MAC_CTX_new") }
        let keyed = "digest".withCString { name in
            "SHA224".withCString { digest in
                let params = [OSSL_PARAM_construct_utf8_string(name, UnsafeMutablePointer(mutating: digest), 0),
                              OSSL_PARAM_construct_end()]
                return EVP_MAC_init(macContext, key.hmacKey.assumingMemoryBound(to: UInt8.self),
                                    EncryptionKey.halfCount, params)
            }
        }
        guard keyed == 1 else { throw PageCipher.failure("EVP_MAC_init(SHA224)") }
        guard let encryptContext, let decryptContext else { throw PageCipher.failure("EVP_CIPHER_CTX_new") }
        self.encryptContext = encryptContext
        self.decryptContext = decryptContext
        self.mac = mac
        self.macContext = macContext
        succeeded = true
    }

    deinit {
        EVP_CIPHER_CTX_free(encryptContext)
        EVP_CIPHER_CTX_free(decryptContext)
        EVP_MAC_CTX_free(macContext)
        EVP_MAC_free(mac)
    }

    // MARK: Decrypting (§11.2)

    /// Decrypts data page `page` from its 4096-byte `ciphertext` and IV-table `entry` into
    /// `plaintext` (4096 bytes).
    ///
    /// The HMAC is checked (in constant time) against slot 1, then slot 2 when it is in use;
    /// an all-zero ciphertext matching neither is a stale page and reads as zeros. Anything else
    /// throws: `.wrongKey` for page 0 (whose failure is what a wrong key looks like), otherwise
    /// `.damagedPage` with the page's physical offset. `plaintext` is untouched on failure.
    @discardableResult
    public func decrypt(page: Int, ciphertext: UnsafeRawBufferPointer, entry: IVEntry,
                        into plaintext: UnsafeMutableRawBufferPointer) throws(EncryptionError) -> Source {
        try PageCipher.checkPage(page, ciphertext.count, plaintext.count)
        guard let output = plaintext.baseAddress else { throw .invalidRequest("no plaintext buffer") }
        if entry.iv1 == 0 {
            output.initializeMemory(as: UInt8.self, repeating: 0, count: PageCipher.pageSize)
            return .neverWritten
        }
        let source = try withUnsafeTemporaryAllocation(byteCount: IVEntry.hmacSize, alignment: 8) {
            (digest) throws(EncryptionError) -> Source? in
            try hmac(ciphertext, into: digest)
            let computed = UnsafeRawBufferPointer(digest)
            if PageCipher.equal(computed, entry.hmac1) { return .current }
            if entry.iv2 != 0, PageCipher.equal(computed, entry.hmac2) { return .previous }
            return nil
        }
        guard let source else {
            if PageCipher.isAllZero(ciphertext) {
                output.initializeMemory(as: UInt8.self, repeating: 0, count: PageCipher.pageSize)
                return .staleZeros
            }
            throw page == 0 ? .wrongKey : .damagedPage(page: page, fileOffset: EncryptedLayout.physicalOffset(page: page))
        }
        try crypt(decryptContext, iv: source == .current ? entry.iv1 : entry.iv2, page: page,
                  input: ciphertext, output: plaintext)
        return source
    }

    /// Whether `ciphertext` authenticates under either slot of `entry` (used to tell a wrong
    /// key from a damaged first page).
    public func authenticates(ciphertext: UnsafeRawBufferPointer, entry: IVEntry) throws(EncryptionError) -> Bool {
        guard entry.iv1 != 0, ciphertext.count == PageCipher.pageSize else { return false }
        return try withUnsafeTemporaryAllocation(byteCount: IVEntry.hmacSize, alignment: 8) {
            (digest) throws(EncryptionError) -> Bool in
            try hmac(ciphertext, into: digest)
            let computed = UnsafeRawBufferPointer(digest)
            return PageCipher.equal(computed, entry.hmac1) || (entry.iv2 != 0 && PageCipher.equal(computed, entry.hmac2))
        }
    }

    // MARK: Encrypting (§11.3)

    /// Encrypts `plaintext` (4096 bytes) as data page `page` into `ciphertext` (4096 bytes) and
    /// returns the page's new IV-table entry.
    ///
    /// Slot 1 of `previous` moves to slot 2, so the ciphertext on disk stays readable until the
    /// new page is written; the new counter is the old one plus one (skipping 0, which means
    /// "never written"), or for a never-written page the `FreshIV` choice. Should the new HMAC
    /// equal slot 2's, a reader could not tell the versions apart, so the counter moves on again.
    public func encrypt(page: Int, plaintext: UnsafeRawBufferPointer, previous: IVEntry,
                        into ciphertext: UnsafeMutableRawBufferPointer) throws(EncryptionError) -> IVEntry {
        try PageCipher.checkPage(page, plaintext.count, ciphertext.count)
        var entry = IVEntry(iv1: 0, hmac1: [], iv2: previous.iv1, hmac2: PageCipher.normalized(previous.hmac1))
        var iv = previous.iv1 == 0 && freshIV == .random ? try PageCipher.randomCounter() : PageCipher.next(previous.iv1)
        for _ in 0..<PageCipher.collisionRetries {
            try crypt(encryptContext, iv: iv, page: page, input: plaintext, output: ciphertext)
            let digest = try withUnsafeTemporaryAllocation(byteCount: IVEntry.hmacSize, alignment: 8) {
                (raw) throws(EncryptionError) -> [UInt8] in
                try hmac(UnsafeRawBufferPointer(ciphertext), into: raw)
                return Array(UnsafeRawBufferPointer(raw))
            }
            if digest != entry.hmac2 {
                entry.iv1 = iv
                entry.hmac1 = digest
                return entry
            }
            iv = PageCipher.next(iv)
        }
        throw .cryptoFailed(operation: "HMAC-SHA224", detail: "the new HMAC kept equalling the previous one")
    }

    /// The counter after `iv`, skipping 0 on wrap-around.
    static func next(_ iv: UInt32) -> UInt32 {
        let next = iv &+ 1
        return next == 0 ? 1 : next
    }

    // MARK: Primitives

    /// HMAC-SHA224 of `data` into `digest` (28 bytes), with the key set in `init`.
    func hmac(_ data: UnsafeRawBufferPointer, into digest: UnsafeMutableRawBufferPointer) throws(EncryptionError) {
        guard digest.count >= IVEntry.hmacSize, let out = digest.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw .invalidRequest("HMAC buffer too small")
        }
        var length = 0
        // A null key re-initialises the context with the key it already holds.
        guard EVP_MAC_init(macContext, nil, 0, nil) == 1,
              EVP_MAC_update(macContext, data.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count) == 1,
              EVP_MAC_final(macContext, out, &length, IVEntry.hmacSize) == 1,
              length == IVEntry.hmacSize else {
            throw PageCipher.failure("EVP_MAC (HMAC-SHA224)")
        }
    }

    /// One AES-256-CBC pass over a page with the page's IV.
    private func crypt(_ context: OpaquePointer, iv: UInt32, page: Int, input: UnsafeRawBufferPointer,
                       output: UnsafeMutableRawBufferPointer) throws(EncryptionError) {
        var aesIV = [UInt8](repeating: 0, count: 16)
        aesIV.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: iv.littleEndian, toByteOffset: 0, as: UInt32.self)
            raw.storeBytes(of: UInt64(page * PageCipher.pageSize).littleEndian, toByteOffset: 4, as: UInt64.self)
        }
        guard let inBase = input.baseAddress?.assumingMemoryBound(to: UInt8.self),
              let outBase = output.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw .invalidRequest("no page buffer")
        }
        var written: Int32 = 0
        var finalWritten: Int32 = 0
        guard EVP_CipherInit_ex(context, nil, nil, nil, aesIV, -1) == 1,
              EVP_CipherUpdate(context, outBase, &written, inBase, Int32(PageCipher.pageSize)) == 1,
              written == Int32(PageCipher.pageSize),
              EVP_CipherFinal_ex(context, outBase + Int(written), &finalWritten) == 1,
              finalWritten == 0 else {
            throw PageCipher.failure("EVP_Cipher (AES-256-CBC)")
        }
    }

    private static func checkPage(_ page: Int, _ inputCount: Int, _ outputCount: Int) throws(EncryptionError) {
        guard page >= 0, page <= Int.max / EncryptedLayout.blockSize else { throw .invalidRequest("page \(page) is out of range") }
        guard inputCount == pageSize, outputCount == pageSize else {
            throw .invalidRequest("a page is 4096 bytes, not \(inputCount) in and \(outputCount) out")
        }
    }

    /// Constant-time comparison of a computed HMAC with a stored one (`CRYPTO_memcmp`), so the
    /// time taken says nothing about how many leading bytes matched.
    private static func equal(_ computed: UnsafeRawBufferPointer, _ stored: [UInt8]) -> Bool {
        guard stored.count == IVEntry.hmacSize, computed.count >= IVEntry.hmacSize else { return false }
        return stored.withUnsafeBytes { CRYPTO_memcmp(computed.baseAddress, $0.baseAddress, IVEntry.hmacSize) == 0 }
    }

    private static func normalized(_ hmac: [UInt8]) -> [UInt8] {
        hmac.count == IVEntry.hmacSize ? hmac
            : Array(hmac.prefix(IVEntry.hmacSize)) + [UInt8](repeating: 0, count: max(0, IVEntry.hmacSize - hmac.count))
    }

    static func isAllZero(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index + 8 <= bytes.count {
            if bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) != 0 { return false }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] != 0 { return false }
            index += 1
        }
        return true
    }

    private static func randomCounter() throws(EncryptionError) -> UInt32 {
        var value: UInt32 = 0
        let status = withUnsafeMutableBytes(of: &value) { raw in
            RAND_bytes(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(raw.count))
        }
        guard status == 1 else { throw failure("RAND_bytes") }
        return value == 0 ? 1 : value
    }

    /// An error naming the OpenSSL call, with OpenSSL's reason when it left one.
    static func failure(_ operation: String) -> EncryptionError {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return .cryptoFailed(operation: operation, detail: "") }
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &text, text.count)
        let detail = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .cryptoFailed(operation: operation, detail: detail)
    }
}
