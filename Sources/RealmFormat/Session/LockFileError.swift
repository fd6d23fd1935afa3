/// Why realm-browser did not join (or could not stay in) a Realm session through its lock file.
///
/// Joining is optional: every case here means "read the file as an unregistered reader, as
/// before", never "the Realm file is damaged". The cases name the exact field that differed so a
/// user (or a test) can tell a layout we do not cover (another realm-core version, Apple's
/// emulated mutexes) from a lock file that is still being initialised.
public enum LockFileError: Error, Equatable, CustomStringConvertible {
    /// The lock file exists but could not be opened, locked or mapped.
    case cannotOpen(path: String, reason: String)
    /// Someone kept the lock file locked exclusively (a Realm app initialising a session, or a
    /// writer such as realm-browser's own transaction); we did not wait for it.
    case heldExclusively(path: String)
    /// A `SharedInfo` field differs from what layout 14 on Linux x86-64 requires; nothing was
    /// written and no lock is held.
    case refused(path: String, field: SharedInfoField, found: String, expected: String)
    /// A process-shared mutex in the lock file could not be taken (`code` is the errno value
    /// `pthread_mutex_lock` or `pthread_mutex_consistent` returned).
    case mutexFailed(path: String, mutex: SharedInfoMutex, code: Int32)
    /// The version list does not look the way the writer keeps it (an index past `entries`,
    /// the newest entry free); we joined, but take no version from it.
    case versionListDamaged(path: String, detail: String)
    /// A version we registered is no longer in its entry when we release it. The entry is left
    /// alone: decrementing someone else's count would let the writer reuse space still read.
    case pinLost(path: String, entry: Int, version: UInt64)
    /// The session was already left; nothing can be registered through it.
    case notJoined(path: String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason):
            return "cannot use the lock file \(path): \(reason)"
        case let .heldExclusively(path):
            return "not joining the session in \(path): it is locked exclusively (an app opening it, or another writer)"
        case let .refused(path, field, found, expected):
            return "not joining the session in \(path): \(field.rawValue) is \(found), expected \(expected)"
        case let .mutexFailed(path, mutex, code):
            return "cannot take the \(mutex.rawValue) mutex in \(path): error \(code)"
        case let .versionListDamaged(path, detail):
            return "the version list in \(path) is unusable: \(detail)"
        case let .pinLost(path, entry, version):
            return "version \(version) is no longer in entry \(entry) of \(path); it was left untouched"
        case let .notJoined(path):
            return "the session in \(path) was already left"
        }
    }

    /// The field a refusal names, for callers that report or test it.
    public var refusedField: SharedInfoField? {
        if case let .refused(_, field, _, _) = self { return field }
        return nil
    }
}

/// The `SharedInfo` fields checked before joining (realm-file-format.md §10.1).
public enum SharedInfoField: String, Sendable, CaseIterable {
    case platform = "platform"
    case fileSize = "lock file size"
    case initComplete = "init_complete"
    case mutexSize = "size_of_mutex"
    case condvarSize = "size_of_condvar"
    case layoutVersion = "shared_info_version"
    case mutexKind = "mutex kind"
    case participants = "num_participants"
    case entries = "entries"
}

/// The two mutexes a reader takes; it never takes the write mutex.
public enum SharedInfoMutex: String, Sendable {
    case control = "control"
    case versionList = "version-list"
}
