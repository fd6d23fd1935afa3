import Glibc
import RealmFormat

/// The writer's side of the version list (realm-file-format.md §10.1, "What the writer keeps"
/// and "Growth"), for the app double that commits beside the reader under test.
extension LockFileInitiator {
    /// What the writer found at the start of a commit: the versions readers still hold.
    public struct Reachable: Equatable, Sendable {
        /// The oldest version any reader may still read: space freed after it stays untouched.
        public let oldestVersion: UInt64
        /// Versions other than the newest that a reader holds.
        public let heldVersions: [UInt64]
    }

    /// Frees every active entry that no count holds, except the newest, as a realm-core writer
    /// does at each commit, and returns what stays reachable.
    public func releaseUnreachableVersions() -> Reachable {
        var oldest = UInt64.max
        var held: [UInt64] = []
        withVersionList {
            let newest = Int(load(UInt32.self, at: SharedInfoLayout.newest))
            let entries = Int(load(UInt32.self, at: SharedInfoLayout.entries))
            for index in 0..<entries {
                let offset = SharedInfoLayout.entryOffset(index)
                let version = load(UInt64.self, at: offset + SharedInfoLayout.Entry.version)
                guard version != 0 else { continue }
                let counts = [SharedInfoLayout.Entry.countLive, SharedInfoLayout.Entry.countFrozen, SharedInfoLayout.Entry.countFull]
                    .map { load(UInt32.self, at: offset + $0) }
                if index == newest || counts.contains(where: { $0 > 0 }) {
                    oldest = min(oldest, version)
                    if index != newest { held.append(version) }
                } else {
                    clearEntry(index)
                }
            }
        }
        return Reachable(oldestVersion: oldest, heldVersions: held.sorted())
    }

    /// Publishes a committed version: into a free entry (the list grows by 32 entries when all
    /// are active), made the newest, and recorded as the latest version number.
    public func publishCommit(version: UInt64, topRef: UInt64, fileSize: UInt64) throws {
        var free: Int?
        withVersionList {
            let entries = Int(load(UInt32.self, at: SharedInfoLayout.entries))
            free = (0..<entries).first { load(UInt64.self, at: SharedInfoLayout.entryOffset($0) + SharedInfoLayout.Entry.version) == 0 }
        }
        if free == nil {
            let entries = Int(load(UInt32.self, at: SharedInfoLayout.entries))
            try grow(to: entries + 32)
            free = entries
        }
        guard let index = free else { return }
        publish(index, version: version, topRef: topRef, fileSize: fileSize)
        let control = mutex(at: SharedInfoLayout.controlMutex)
        if pthread_mutex_lock(control) == EOWNERDEAD { pthread_mutex_consistent(control) }
        store(version, at: SharedInfoLayout.latestVersionNumber)
        pthread_mutex_unlock(control)
    }

    /// Counts of every active entry, for reports: (version, count_live, count_frozen).
    public func activeEntries() -> [(version: UInt64, live: UInt32, frozen: UInt32)] {
        var result: [(UInt64, UInt32, UInt32)] = []
        withVersionList {
            let entries = Int(load(UInt32.self, at: SharedInfoLayout.entries))
            for index in 0..<entries {
                let offset = SharedInfoLayout.entryOffset(index)
                let version = load(UInt64.self, at: offset + SharedInfoLayout.Entry.version)
                guard version != 0 else { continue }
                result.append((version, load(UInt32.self, at: offset + SharedInfoLayout.Entry.countLive),
                               load(UInt32.self, at: offset + SharedInfoLayout.Entry.countFrozen)))
            }
        }
        return result
    }
}
