/// Why a text or a key file is not a Realm encryption key.
///
/// A key is a secret, so no case carries key material: the descriptions give lengths and
/// 1-based positions only, never the characters found. A user who typed one digit too few or
/// pasted a stray character learns where to look without the key landing in a terminal
/// scroll-back, a log or a bug report.
public enum EncryptionKeyError: Error, Equatable, CustomStringConvertible {
    /// Nothing but whitespace was given.
    case empty
    /// The text (trimmed) has a length no key encoding has. `allHexDigits` says whether every
    /// character was a hex digit, so the message can speak of digits rather than characters.
    case wrongLength(found: Int, allHexDigits: Bool)
    /// The text has the length of a hex key (128) but the character at this 1-based position
    /// (counted after leading whitespace) is not a hex digit.
    case notHexDigit(position: Int)
    /// The text has the length of a base64 key (88) but the character at this 1-based position
    /// is not a base64 character (or is a `=` before the final padding).
    case notBase64(position: Int)
    /// 88 valid base64 characters that do not decode to 64 bytes (wrong padding).
    case base64DecodesTo(byteCount: Int)
    /// Raw key bytes of another length than 64.
    case wrongByteCount(Int)
    /// A key file that is neither 64 raw bytes nor UTF-8 text.
    case keyFileNotAKey(byteCount: Int)
    /// The key file could not be read (missing, a directory, no permission...).
    case cannotReadKeyFile(path: String, reason: String)
    /// The key file is far larger than any key encoding; it is not read whole.
    case keyFileTooLarge(path: String)

    public var description: String {
        let expected = "a Realm key is 64 bytes: 128 hex digits or 88 base64 characters"
        switch self {
        case .empty:
            return "the key is empty; \(expected)"
        case let .wrongLength(found, allHexDigits):
            let unit = allHexDigits ? (found == 1 ? "hex digit" : "hex digits") : (found == 1 ? "character" : "characters")
            return "the key has \(found) \(unit); \(expected)"
        case let .notHexDigit(position):
            return "character \(position) of the key is not a hex digit"
        case let .notBase64(position):
            return "character \(position) of the key is not a base64 character"
        case let .base64DecodesTo(byteCount):
            return "the key's 88 base64 characters decode to \(byteCount) bytes; a Realm key is 64 bytes (base64 ending in \"==\")"
        case let .wrongByteCount(count):
            return "the key has \(count) bytes; a Realm key is 64 bytes"
        case let .keyFileNotAKey(byteCount):
            return "the key file has \(byteCount) bytes and is not text; a key file holds the key's 64 raw bytes, or the key as 128 hex digits or 88 base64 characters"
        case let .cannotReadKeyFile(path, reason):
            return "cannot read the key file \(path): \(reason)"
        case let .keyFileTooLarge(path):
            return "the key file \(path) is too large to hold a key; a key file holds the key's 64 raw bytes, or the key as 128 hex digits or 88 base64 characters"
        }
    }
}
