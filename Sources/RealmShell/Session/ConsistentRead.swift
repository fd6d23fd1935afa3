import RealmFormat

/// A read session sees one consistent version of the file even while another process commits.
///
/// realm-browser is not registered as a reader in Realm's lock file, so a Realm app may commit
/// while we read, and a commit after that may reuse the space of the version we read. But a
/// writer only reuses the space of version V after a newer version has been published, so a
/// command that finds the same live version (`FileVersion`, read with fresh system calls) after
/// it ran has read one intact version. If the version changed, its output and any error are
/// discarded (output is buffered meanwhile), the file is reopened at the new version and the
/// command runs again, a bounded number of times. Before every command the session also
/// catches up with commits made since the last one and says so. Inside a transaction nothing is
/// checked: the session then holds Realm's lock file, so no one else can commit.
public enum ConsistentRead {
    static let attempts = 4

    /// Runs `command` so that what it prints comes from one version of the file.
    static func run(_ command: CommandSpec, arguments: String, session: Session) throws(BrowserError) {
        try run(command.name, access: command.access, session: session) { () throws(BrowserError) in try command.run(arguments, session) }
    }

    /// Runs `body`, named `name` in what the user is told, with the guarantees of `access`
    /// (`serve`'s answers read one version as "api").
    public static func run(_ name: String, access: FileAccess, session: Session, _ body: () throws(BrowserError) -> Void) throws(BrowserError) {
        guard session.transaction == nil, session.catalog != nil else {
            try body()
            return
        }
        switch access {
        case .none, .runsCommands:
            try body()
            return
        case .newestVersion:
            try? catchUp(session)
            try body()
            return
        case .oneVersion:
            break
        }
        // A Realm app has the file open: read the version registered for this command, once.
        if let pinned = try PinnedRead.begin(session) {
            defer { pinned.end(session) }
            try body()
            return
        }
        try catchUp(session)
        try VersionRetry.run(attempts: attempts, { () throws(BrowserError) -> VersionRetry.Outcome<Void> in
            let catalog = try session.requireCatalog()
            // What the command may change in the session and must undo before it runs again.
            let saved = session.navigation
            session.router.hold()
            var failure: BrowserError?
            session.versionConfirmed = false
            do throws(BrowserError) {
                try body()
            } catch {
                failure = error
            }
            session.beforeVersionCheck?()
            // A command that confirmed its read before writing a file is done whatever happens later.
            if session.versionConfirmed || (try? catalog.file.liveVersion()) == catalog.file.openedVersion {
                session.router.release(deliver: true)
                if let failure { throw failure }
                return .done(())
            }
            session.router.release(deliver: false)
            session.navigation = saved
            try reload(session, during: name)
            return .overtaken
        }, exhausted: { .fileChanged(path: session.file?.path ?? "", attempts: attempts) })
    }

    /// Opens the newest version if another process committed since the file was opened.
    static func catchUp(_ session: Session) throws(BrowserError) {
        guard let file = session.file else { return }
        if (try? file.liveVersion()) == file.openedVersion { return }
        try reload(session, during: nil)
    }

    /// Reopens the file, keeping where the user stands, and tells the user.
    static func reload(_ session: Session, during command: String?, pinned: PinnedVersion? = nil) throws(BrowserError) {
        guard let old = session.file?.openedVersion else { return }
        try session.reloadKeepingNavigation(pinned: pinned)
        guard let new = session.file?.openedVersion, session.announcesReloads else { return }
        var message = new.inode == old.inode && new.device == old.device
            ? "reloaded: another process committed version \(new.version)"
            : "reloaded: the file was replaced (now at version \(new.version))"
        if let command { message += " while '\(command)' was reading; ran it again" }
        (session.notices ?? session.output).line(message)
        (session.notices ?? session.output).flush()
    }
}
