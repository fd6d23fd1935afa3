import RealmFormat
import RealmLegacy

/// Opens the newest version of a file another process may be committing to.
///
/// Until the session has opened the file it is registered nowhere, so a Realm app committing
/// meanwhile may reuse the space of the very version being read: the read then fails
/// (a node that is no longer what the top says). Such a failure while the file's version moved
/// is no damage: the newest version is read again, as `ConsistentRead` runs a command again.
/// A failure with the version standing still is the file's own, and is reported. The session's
/// `open` uses it, and so do `verify FILE` and `diff A B`, which open files of their own.
enum OpeningBesideAWriter {
    static let attempts = 4

    static func newest(path: String, key: EncryptionKey?) throws(RealmFormatError) -> RealmFile {
        var lastFailure: RealmFormatError?
        return try VersionRetry.run(attempts: attempts, { () throws(RealmFormatError) -> VersionRetry.Outcome<RealmFile> in
            let before = try? FileVersion.current(path: path, key: key)
            do throws(RealmFormatError) {
                return .done(try FileOpening.open(path: path, key: key))
            } catch {
                guard (try? FileVersion.current(path: path, key: key)) != before else { throw error }
                lastFailure = error
                return .overtaken
            }
        }, exhausted: { lastFailure ?? .notARealmFile(reason: "\(path) kept changing while it was opened") })
    }
}
