/// Everything that can go wrong while reading a Realm file.
///
/// Each case names the offset (a "ref") where the problem was found, so a user who reports a
/// broken file can tell us exactly which node is damaged, and so tests can assert that corrupt
/// input ends in a precise error rather than a crash.
public enum RealmFormatError: Error, CustomStringConvertible, Equatable {
    /// The file could not be opened or mapped at all (missing, unreadable, a directory...).
    case cannotOpen(path: String, reason: String)
    /// The first bytes are not a Realm header: wrong mnemonic, too short, or encrypted.
    case notARealmFile(reason: String)
    /// A valid header names a file format this reader does not understand.
    case unsupportedFileFormat(Int)
    /// A ref points outside the file, is not 8-byte aligned, or is below the header.
    case badRef(ref: Int64, fileSize: Int, context: String)
    /// A node header claims a payload that runs past the end of the file.
    case nodeOverrunsFile(ref: Int, byteSize: Int, fileSize: Int)
    /// A node header has a width type or width that cannot occur.
    case invalidNodeHeader(ref: Int, detail: String)
    /// An element index past the node's size (the node is shorter than its parent implies).
    case elementOutOfRange(ref: Int, index: Int, size: Int)
    /// The node is well formed, but is not what the structure around it requires.
    case unexpectedNode(ref: Int, context: String, detail: String)
    /// A tree revisits a node or nests deeper than any valid file can.
    case cycle(ref: Int, context: String)
    /// A new file could not be written (disk full, no permission, target exists...).
    case cannotWrite(path: String, reason: String)
    /// An edit that does not fit the file's objects or schema (an unknown key, a value of the
    /// wrong type, a duplicate primary key, a name taken): the user's request, not the file,
    /// is at fault and nothing was written, so the message is the reason alone. Problems of
    /// the file itself (lock held, not writable, format refused, damage) stay `cannotWrite`,
    /// where the path helps.
    case refusedEdit(String)
    /// The file is encrypted (no Realm header, whole 4096-byte pages) and was opened without
    /// a key. The caller says how to give one.
    case encryptedWithoutKey(path: String)
    /// Decrypting or encrypting failed: a wrong key, a damaged page (named), a failed write.
    case encryption(path: String, EncryptionError)
    /// A commit in place failed while writing (a full disk, a failed write or sync, a file that
    /// cannot grow): `reason` is the cause and the step, `outcome` what the file holds now.
    case commitFailed(path: String, reason: String, outcome: CommitOutcome)
    /// The work was stopped on request (`Cancellation`, Ctrl-C): nothing is wrong with the file.
    case interrupted

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason):
            return "cannot open \(path): \(reason)"
        case let .notARealmFile(reason):
            return "not a Realm file (or an encrypted one): \(reason)"
        case let .unsupportedFileFormat(version):
            return "unsupported Realm file format \(version) (this tool reads formats 5 to 11 and 20 to 24)"
        case let .badRef(ref, fileSize, context):
            return "corrupt file: \(context) refers to offset \(ref), which is not a valid node position in a file of \(fileSize) bytes"
        case let .nodeOverrunsFile(ref, byteSize, fileSize):
            return "corrupt file: node at offset \(ref) needs \(byteSize) bytes, past the end of the file (\(fileSize) bytes)"
        case let .invalidNodeHeader(ref, detail):
            return "corrupt file: node header at offset \(ref): \(detail)"
        case let .elementOutOfRange(ref, index, size):
            return "corrupt file: element \(index) requested from the node at offset \(ref), which has only \(size)"
        case let .unexpectedNode(ref, context, detail):
            return "corrupt file: \(context) at offset \(ref): \(detail)"
        case let .cycle(ref, context):
            return "corrupt file: \(context) revisits the node at offset \(ref) (a cycle or a shared subtree)"
        case let .cannotWrite(path, reason):
            return path.isEmpty ? "cannot write: \(reason)" : "cannot write \(path): \(reason)"
        case let .refusedEdit(reason):
            return reason
        case let .encryptedWithoutKey(path):
            return "\(path) is encrypted: it opens with its 64-byte key"
        case let .encryption(path, error):
            return "\(path): \(error)"
        case let .commitFailed(path, reason, outcome):
            return "commit failed: \(path): \(reason); \(outcome.message)"
        case .interrupted:
            return "interrupted"
        }
    }
}
