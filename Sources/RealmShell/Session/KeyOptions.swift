import RealmFormat

/// The key of an encrypted realm, as a user gives it: `--key-file FILE` (64 raw bytes, or the
/// key as hex or base64 text), `--key KEY` (128 hex digits or 88 base64 characters) or, when
/// neither is given, the `REALM_BROWSER_KEY` environment variable. The key itself never
/// appears in a message: errors say what is wrong with it (its length, the position of a bad
/// character) and where it came from.
public struct KeyOptions: Equatable {
    public var keyFile: String?
    public var keyText: String?

    public init(keyFile: String? = nil, keyText: String? = nil) {
        self.keyFile = keyFile
        self.keyText = keyText
    }
    /// `--decrypt` (compact): write a plain copy of an encrypted file.
    public var decrypt = false

    public static let environmentVariable = "REALM_BROWSER_KEY"

    /// Takes `--key-file FILE`, `--key KEY` and (when `allowsDecrypt`) `--decrypt` out of a
    /// command's words.
    public static func extract(from words: inout [String], allowsDecrypt: Bool = false) throws(BrowserError) -> KeyOptions {
        var options = KeyOptions()
        var index = 0
        while index < words.count {
            switch words[index] {
            case "--key-file", "--key":
                guard index + 1 < words.count else { throw .usage("\(words[index]) needs a value") }
                if words[index] == "--key" { options.keyText = words[index + 1] } else { options.keyFile = words[index + 1] }
                words.removeSubrange(index...(index + 1))
            case "--decrypt" where allowsDecrypt:
                options.decrypt = true
                words.remove(at: index)
            default:
                index += 1
            }
        }
        if options.keyFile != nil && options.keyText != nil { throw .usage("give the key once: --key-file or --key, not both") }
        if options.decrypt && (options.keyFile != nil || options.keyText != nil) {
            throw .usage("--decrypt writes a plain copy; it takes no key")
        }
        return options
    }

    /// Opens `path` in `session` with the key given; with none, with `REALM_BROWSER_KEY` when
    /// the file turns out to be encrypted (the variable may be set for a whole shell session,
    /// and plain files must still open).
    public func open(_ path: String, in session: Session) throws(BrowserError) {
        if let key = try key() {
            try session.open(path: path, key: key)
            return
        }
        do {
            try session.open(path: path)
        } catch let error {
            guard case .file(.encryptedWithoutKey) = error, let key = try self.key(environment: session.environment) else { throw error }
            try session.open(path: path, key: key)
        }
    }

    /// The key given, read and checked; nil when none was (the environment variable counts only
    /// when `environment` is passed).
    public func key(environment: [String: String]? = nil) throws(BrowserError) -> EncryptionKey? {
        do throws(EncryptionKeyError) {
            if let keyFile { return try EncryptionKey.load(keyFile: keyFile) }
            if let keyText { return try EncryptionKey.parse(text: keyText) }
            if let text = environment?[KeyOptions.environmentVariable], !text.isEmpty { return try EncryptionKey.parse(text: text) }
            return nil
        } catch {
            let source = keyFile.map { "the key file \($0)" } ?? (keyText != nil ? "--key" : KeyOptions.environmentVariable)
            throw .invalidValue("\(source): \(error)")
        }
    }
}
