/// A version of the Realm file registered in the lock file's version list.
///
/// While it is held, the app's writer treats the version as reachable and never reuses the
/// space of its nodes, so `topRef` and `fileSize` describe an intact snapshot however many
/// commits happen meanwhile (realm-file-format.md §10.1). Read it with
/// `RealmFile(mapped:pinned:)`; the file header may already name a newer version.
public struct PinnedVersion: Sendable, Equatable {
    /// The transaction number (the top array's version slot).
    public let version: UInt64
    /// The version's top array.
    public let topRef: Int64
    /// The logical file size of that version: its nodes all lie below it.
    public let fileSize: Int64
    /// Which entry of the version list holds the registration.
    public let entry: Int

    public init(version: UInt64, topRef: Int64, fileSize: Int64, entry: Int) {
        self.version = version
        self.topRef = topRef
        self.fileSize = fileSize
        self.entry = entry
    }
}
