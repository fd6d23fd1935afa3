/// What a file holds after a commit in place failed (`RealmFormatError.commitFailed`).
public enum CommitOutcome: Equatable, Sendable {
    /// Everything the commit wrote was undone: the file is the one before, byte for byte, at
    /// its old size. The editor keeps its staged changes and can commit again.
    case unchanged(version: Int64, size: Int)
    /// The select bit was never flipped, so the file still reads as `version`, but undoing the
    /// commit's writes failed too (`undoFailure`): it may keep the space the commit added and
    /// its nodes in free space. The staged changes can still be committed (on the old version).
    case oldVersionKept(version: Int64, size: Int, undoFailure: String)
    /// The select bit had been written and putting it back failed: the file may hold `version`
    /// or `newVersion`, now or after a crash. The editor publishes nothing more; reopen the file.
    case uncertain(version: Int64, newVersion: Int64, undoFailure: String)

    var message: String {
        switch self {
        case let .unchanged(version, size):
            return "the file is unchanged (version \(version), \(size) bytes)"
        case let .oldVersionKept(version, size, undoFailure):
            return "the file still holds version \(version), but giving back the space the commit used failed (\(undoFailure)); "
                + "it was \(size) bytes and may be larger now"
        case let .uncertain(version, newVersion, undoFailure):
            return "the new version was being published and putting the old one back failed (\(undoFailure)): "
                + "the file may hold version \(version) or \(newVersion); open it again to see which"
        }
    }
}

extension RealmFormatError {
    /// The cause alone (the system's words), for a message that names the file itself.
    var writeFailureReason: String {
        switch self {
        case let .cannotWrite(_, reason): return reason
        case let .encryption(_, error): return error.description
        default: return description
        }
    }
}
