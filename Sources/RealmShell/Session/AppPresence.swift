import RealmFormat

/// Whether a Realm app had the open file open when the last command started, as `info` tells.
public enum AppPresence: Equatable, Sendable {
    /// Not looked yet (no read command ran since the file was opened).
    case unknown
    /// No process held the lock file: read unregistered, with today's detect-and-retry.
    case none
    /// Joined the app's session: the participants it reported and the version we registered.
    case joined(participants: UInt32, version: UInt64)
    /// An app has the file open, but its lock file is not one we join (the reason says which
    /// field differed); read unregistered, with detect-and-retry.
    case notJoined(reason: String)
}
