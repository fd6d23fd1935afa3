/// Everything that can go wrong while decrypting or encrypting a Realm file's pages.
///
/// Messages name pages and file offsets so a damaged file can be located, and never include
/// key material. Page numbers are data-page indexes (logical offset / 4096); file offsets are
/// physical, as `cmp` or a hex editor shows them.
public enum EncryptionError: Error, Equatable, CustomStringConvertible {
    /// Data page 0 authenticates under neither IV slot, and no other page does either: the
    /// key is not this file's (or the file is damaged throughout).
    case wrongKey
    /// Page 0 authenticates (the HMAC half of the key is right) but does not decrypt to a Realm
    /// header: the AES half (bytes 0-31) is not this file's.
    case wrongAESKey
    /// A data page's ciphertext authenticates under neither IV slot, while the key is right.
    case damagedPage(page: Int, fileOffset: Int)
    /// An encrypted file is a whole number of 4096-byte pages; this size is not.
    case notWholePages(size: Int)
    /// Smaller than an IV table and one data page (8192 bytes).
    case tooSmall(size: Int)
    /// The file starts with a plain Realm header ("T-DB" at byte 16): it is not encrypted.
    case notEncrypted
    /// The descriptor is not a regular file (a directory, a pipe...).
    case notARegularFile
    /// The file could not be opened.
    case cannotOpen(path: String, reason: String)
    /// A read failed or came up short (the file shrank while it was read).
    case readFailed(offset: Int, reason: String)
    /// A write, truncation or sync failed (disk full, no permission...).
    case writeFailed(offset: Int, reason: String)
    /// An OpenSSL call failed (out of memory, a provider missing): `operation` names the call.
    case cryptoFailed(operation: String, detail: String)
    /// The caller asked for something impossible: a negative page, a plaintext that is not 4096
    /// bytes, the same page twice in one batch. A bug in the caller, not in the file.
    case invalidRequest(String)

    public var description: String {
        switch self {
        case .wrongKey:
            return "wrong key or damaged file (the first page's HMAC does not match)"
        case .wrongAESKey:
            return "wrong key: its second half authenticates the file but its first half (the AES key) does not decrypt it"
        case let .damagedPage(page, fileOffset):
            return "encrypted page \(page) (file offset \(fileOffset)) is damaged: its HMAC matches neither IV slot"
        case let .notWholePages(size):
            return "not an encrypted Realm file: its size (\(size) bytes) is not a whole number of 4096-byte pages"
        case let .tooSmall(size):
            return "not an encrypted Realm file: it has \(size) bytes, and the smallest encrypted Realm file has 8192 (an IV table and one page)"
        case .notEncrypted:
            return "the file is not encrypted (it starts with a plain Realm header); open it without a key"
        case .notARegularFile:
            return "not a regular file"
        case let .cannotOpen(path, reason):
            return "cannot open \(path): \(reason)"
        case let .readFailed(offset, reason):
            return "cannot read the encrypted file at offset \(offset): \(reason)"
        case let .writeFailed(offset, reason):
            return "cannot write the encrypted file at offset \(offset): \(reason)"
        case let .cryptoFailed(operation, detail):
            return detail.isEmpty ? "encryption failed: OpenSSL's \(operation) failed"
                : "encryption failed: OpenSSL's \(operation) failed: \(detail)"
        case let .invalidRequest(reason):
            return "invalid encryption request: \(reason)"
        }
    }
}
