import RealmFormat

/// One read command's registration in a running app's session (realm-file-format.md §10.1).
///
/// While a Realm app has the file open, a command pins the newest version before it reads and
/// releases it when it ends, whatever way it ends (a thrown error, `defer`; Ctrl-C and SIGTERM
/// through `TerminationRelease`). The app's writer keeps that version's space meanwhile, so the
/// command reads one intact version however fast the app commits and needs no retry. Held only
/// for one command: a pin holds back the reuse of the app's free space.
struct PinnedRead {
    let reader: LockFileReader
    let pin: PinnedVersion

    /// Joins and pins when an app has the file open, reopening the session at the pinned
    /// version if it reads another; nil when there is no app or its lock file is refused.
    static func begin(_ session: Session) throws(BrowserError) -> PinnedRead? {
        // An older file (formats 5-11) has no app to join: any app that opened it would have
        // upgraded it. Its lock file is neither created nor locked.
        guard let file = session.file, file.source == nil else { return nil }
        let reader: LockFileReader
        do {
            guard let joined = try LockFileReader.join(realmPath: file.path) else {
                session.appPresence = .none
                return nil
            }
            reader = joined
        } catch {
            session.appPresence = .notJoined(reason: error.description)
            return nil
        }
        let pin: PinnedVersion
        do {
            pin = try reader.pinNewest()
            session.appPresence = .joined(participants: try reader.participants(), version: pin.version)
        } catch {
            try? reader.leave()
            session.appPresence = .notJoined(reason: error.description)
            return nil
        }
        let pinned = PinnedRead(reader: reader, pin: pin)
        if !pinned.matches(file) {
            do throws(BrowserError) {
                try ConsistentRead.reload(session, during: nil, pinned: pin)
            } catch {
                pinned.end(session)
                throw error
            }
        }
        session.readsPinnedVersion = true
        return pinned
    }

    /// Whether `file` already reads the pinned version (same file, same top and version).
    private func matches(_ file: RealmFile) -> Bool {
        guard file.topRef == pin.topRef, UInt64(file.top?.version ?? 1) == pin.version,
              let current = try? file.liveVersion() else { return false }
        return current.inode == file.mapped.inode && current.device == file.mapped.device
    }

    /// Releases the version and leaves the session.
    func end(_ session: Session) {
        session.readsPinnedVersion = false
        try? reader.release(pin)
        try? reader.leave()
    }
}
