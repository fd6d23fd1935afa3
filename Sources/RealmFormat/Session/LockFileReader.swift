#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// realm-browser as a reader in a running Realm app's session (realm-file-format.md §10.1).
///
/// An unregistered reader sees its snapshot overwritten as soon as the app commits twice; a
/// registered one keeps it. Joining touches only what a realm-core reader touches: a shared
/// `flock` on `x.realm.lock`, the participant count (under the control mutex) and one
/// `count_frozen` per registered version (under the version-list mutex), each undone on
/// leaving. When no app has the file open nothing is joined and the lock file is not written:
/// holding a shared lock over a `SharedInfo` that no Realm process initialised would make the
/// next app opener trust it (or loop forever on an empty one).
///
/// Not thread-safe: one session registers and releases from one thread at a time.
public final class LockFileReader {
    public let lockPath: String
    private let descriptor: Int32
    /// The fixed part (fields, mutexes, first 32 entries). Never remapped, so the mutexes keep
    /// one address for as long as we may hold them.
    private let fixed: LockFileMapping
    /// The whole version list as far as `entries` reached when last looked; replaced on growth.
    private var list: LockFileMapping
    /// Lists replaced by growth stay mapped until we leave: `TerminationRelease` may hold
    /// addresses in them.
    private var retiredLists: [LockFileMapping] = []
    private var listEntries: Int
    private let control: RobustMutex
    private let versionList: RobustMutex
    /// Our registrations: entry → version and how many `PinnedVersion`s share it. realm-core
    /// counts once per process and entry, and so do we.
    private var held: [Int: (version: UInt64, references: Int, slot: Int?)] = [:]
    /// Our participant increment's slot in `TerminationRelease`.
    private var participantSlot: Int?
    /// Set once we are counted in; until then (and after `leave`) there is nothing to undo.
    private var joined = false

    /// The target file format and history of the session, as the initiator recorded them.
    public let sessionFileFormat: UInt8
    public let sessionHistoryType: Int8

    /// How many times (10 ms apart) a shared lock is tried while someone holds it exclusively.
    static let sharedLockAttempts = 50

    /// Joins the session of the Realm app that has `realmPath` open.
    ///
    /// Returns nil when no process holds the lock file (or there is none): read the file
    /// directly then. Throws `LockFileError.refused` when the lock file is not one this reader
    /// understands; no lock is kept and nothing was written in that case either.
    public static func join(realmPath: String) throws(LockFileError) -> LockFileReader? {
        let lockPath = realmPath + ".lock"
        // Without O_CREAT: a file no app opened gets no lock file from us.
        let descriptor = open(lockPath, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .cannotOpen(path: lockPath, reason: String(cString: strerror(errno)))
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            // Nobody has it open. Let go at once: an app opening now must become the initiator.
            flock(descriptor, LOCK_UN)
            close(descriptor)
            return nil
        }
        guard errno == EWOULDBLOCK else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .cannotOpen(path: lockPath, reason: "flock: " + reason)
        }
        // An initiator holds LOCK_EX only while it writes the SharedInfo, but a writer outside
        // Realm's protocol (our own FileEditor, in this process or another) holds it for a
        // whole transaction: wait briefly, never block.
        var attempts = 0
        while flock(descriptor, LOCK_SH | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw .cannotOpen(path: lockPath, reason: "flock: " + reason)
            }
            attempts += 1
            guard attempts < sharedLockAttempts else {
                close(descriptor)
                throw .heldExclusively(path: lockPath)
            }
            usleep(10_000)
        }
        do throws(LockFileError) {
            return try LockFileReader(lockPath: lockPath, descriptor: descriptor)
        } catch {
            flock(descriptor, LOCK_UN)
            close(descriptor)
            throw error
        }
    }

    /// Validates the `SharedInfo` under our shared lock and counts us in as a participant.
    private init(lockPath: String, descriptor: Int32) throws(LockFileError) {
        #if !(os(Linux) && arch(x86_64))
        throw .refused(path: lockPath, field: .platform, found: "this platform", expected: "Linux x86-64 with glibc")
        #endif
        self.lockPath = lockPath
        self.descriptor = descriptor
        let size = try LockFileReader.fileSize(descriptor, lockPath)
        guard size >= SharedInfoLayout.size else {
            throw .refused(path: lockPath, field: .fileSize, found: "\(size) bytes", expected: "at least \(SharedInfoLayout.size)")
        }
        let fixed = try LockFileMapping(descriptor: descriptor, length: SharedInfoLayout.size, path: lockPath)
        func require<T: FixedWidthInteger>(_ field: SharedInfoField, _ type: T.Type, at offset: Int, _ expected: T) throws(LockFileError) {
            let found = fixed.load(T.self, at: offset)
            guard found == expected else {
                throw .refused(path: lockPath, field: field, found: found.map { "\($0)" } ?? "missing", expected: "\(expected)")
            }
        }
        try require(.initComplete, UInt8.self, at: SharedInfoLayout.initComplete, 1)
        try require(.layoutVersion, UInt16.self, at: SharedInfoLayout.sharedInfoVersion, SharedInfoLayout.layoutVersion)
        try require(.mutexSize, UInt8.self, at: SharedInfoLayout.sizeOfMutex, SharedInfoLayout.mutexSize)
        try require(.condvarSize, UInt8.self, at: SharedInfoLayout.sizeOfCondvar, SharedInfoLayout.condvarSize)
        control = try RobustMutex(name: .control, offset: SharedInfoLayout.controlMutex, in: fixed, path: lockPath)
        versionList = try RobustMutex(name: .versionList, offset: SharedInfoLayout.versionListMutex, in: fixed, path: lockPath)
        sessionFileFormat = fixed.load(UInt8.self, at: SharedInfoLayout.fileFormatVersion) ?? 0
        sessionHistoryType = fixed.load(Int8.self, at: SharedInfoLayout.historyType) ?? 0
        self.fixed = fixed
        list = fixed
        listEntries = SharedInfoLayout.initialEntries
        // Zero participants means the session ended and the next opener will rebuild the
        // file (discarding registrations): counting ourselves in there would mislead it.
        let control = control
        participantSlot = try TerminationRelease.deferringSignals { () throws(LockFileError) -> Int? in
            try control.withLock { () throws(LockFileError) in
                let participants = fixed.load(UInt32.self, at: SharedInfoLayout.numParticipants) ?? 0
                guard participants > 0, participants < UInt32.max else {
                    throw .refused(path: lockPath, field: .participants, found: "\(participants)", expected: "at least 1")
                }
                fixed.store(participants + 1, at: SharedInfoLayout.numParticipants)
            }
            guard let counter = fixed.pointer(at: SharedInfoLayout.numParticipants, count: 4) else { return nil }
            return TerminationRelease.add(mutex: control.rawAddress, counter: counter)
        }
        joined = true
    }

    deinit {
        try? leave()
    }

    /// The number of participants the lock file reports now (ourselves included).
    public func participants() throws(LockFileError) -> UInt32 {
        guard joined else { throw .notJoined(path: lockPath) }
        let fixed = fixed
        let control = control
        return try TerminationRelease.deferringSignals { () throws(LockFileError) -> UInt32 in
            try control.withLock { () throws(LockFileError) in
                fixed.load(UInt32.self, at: SharedInfoLayout.numParticipants) ?? 0
            }
        }
    }

    /// Registers the latest version, so the app keeps its space until `release` is called.
    public func pinNewest() throws(LockFileError) -> PinnedVersion {
        guard joined else { throw .notJoined(path: lockPath) }
        return try TerminationRelease.deferringSignals { () throws(LockFileError) -> PinnedVersion in
            try pinNewestLocked()
        }
    }

    /// `pinNewest` with the termination signals deferred.
    private func pinNewestLocked() throws(LockFileError) -> PinnedVersion {
        try versionList.withLock { () throws(LockFileError) -> PinnedVersion in
            try followGrowth()
            guard let newest = fixed.load(UInt32.self, at: SharedInfoLayout.newest), newest != SharedInfoLayout.noVersion else {
                throw .versionListDamaged(path: lockPath, detail: "no version was published yet")
            }
            let index = Int(newest)
            let offset = SharedInfoLayout.entryOffset(index)
            guard index < listEntries, let version = list.load(UInt64.self, at: offset + SharedInfoLayout.Entry.version),
                  let fileSize = list.load(UInt64.self, at: offset + SharedInfoLayout.Entry.fileSize),
                  let topRef = list.load(UInt64.self, at: offset + SharedInfoLayout.Entry.topRef),
                  let count = list.load(UInt32.self, at: offset + SharedInfoLayout.Entry.countFrozen) else {
                throw .versionListDamaged(path: lockPath, detail: "newest is \(newest), past the \(listEntries) entries")
            }
            guard version != 0 else {
                throw .versionListDamaged(path: lockPath, detail: "the newest entry \(index) is free")
            }
            let pin = PinnedVersion(version: version, topRef: Int64(bitPattern: topRef), fileSize: Int64(bitPattern: fileSize), entry: index)
            if let mine = held[index], mine.version == version {
                held[index] = (version, mine.references + 1, mine.slot)
                return pin
            }
            guard held[index] == nil, count < UInt32.max else {
                // Our count on a reused entry would mean we released without decrementing.
                throw .versionListDamaged(path: lockPath, detail: "entry \(index) holds version \(version) where we registered another")
            }
            list.store(count + 1, at: offset + SharedInfoLayout.Entry.countFrozen)
            var slot: Int?
            if let counter = list.pointer(at: offset + SharedInfoLayout.Entry.countFrozen, count: 4),
               let versionAddress = list.pointer(at: offset + SharedInfoLayout.Entry.version, count: 8) {
                slot = TerminationRelease.add(mutex: versionList.rawAddress, counter: counter, versionAddress: versionAddress, version: version)
            }
            held[index] = (version, 1, slot)
            return pin
        }
    }

    /// Gives a registration back; the last release of an entry decrements its `count_frozen`.
    public func release(_ pin: PinnedVersion) throws(LockFileError) {
        guard let mine = held[pin.entry], mine.version == pin.version else {
            throw .pinLost(path: lockPath, entry: pin.entry, version: pin.version)
        }
        guard mine.references == 1 else {
            held[pin.entry] = (mine.version, mine.references - 1, mine.slot)
            return
        }
        held[pin.entry] = nil
        try unregister(entry: pin.entry, version: pin.version, slot: mine.slot)
    }

    /// Leaves the session: releases every registration, counts us out, drops the shared lock.
    /// Safe to call more than once; the first error is thrown after every step was tried.
    public func leave() throws(LockFileError) {
        guard joined else { return }
        joined = false
        var failure: LockFileError?
        for (entry, mine) in held.sorted(by: { $0.key < $1.key }) {
            do throws(LockFileError) {
                try unregister(entry: entry, version: mine.version, slot: mine.slot)
            } catch {
                failure = failure ?? error
            }
        }
        held = [:]
        let fixed = fixed
        let control = control
        let slot = participantSlot
        participantSlot = nil
        do throws(LockFileError) {
            try TerminationRelease.deferringSignals { () throws(LockFileError) in
                defer { TerminationRelease.remove(slot) }
                try control.withLock { () throws(LockFileError) in
                    let participants = fixed.load(UInt32.self, at: SharedInfoLayout.numParticipants) ?? 0
                    if participants > 0 { fixed.store(participants - 1, at: SharedInfoLayout.numParticipants) }
                }
            }
        } catch {
            failure = failure ?? error
        }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        if let failure { throw failure }
    }

    /// Decrements our `count_frozen` of `entry`, after checking it still holds `version`.
    private func unregister(entry: Int, version: UInt64, slot: Int?) throws(LockFileError) {
        let offset = SharedInfoLayout.entryOffset(entry)
        let list = list
        let path = lockPath
        let versionList = versionList
        try TerminationRelease.deferringSignals { () throws(LockFileError) in
            defer { TerminationRelease.remove(slot) }
            try versionList.withLock { () throws(LockFileError) in
                // The entry cannot be freed while our count is in it; if it was, leave it alone.
                guard list.load(UInt64.self, at: offset + SharedInfoLayout.Entry.version) == version,
                      let count = list.load(UInt32.self, at: offset + SharedInfoLayout.Entry.countFrozen), count > 0 else {
                    throw .pinLost(path: path, entry: entry, version: version)
                }
                list.store(count - 1, at: offset + SharedInfoLayout.Entry.countFrozen)
            }
        }
    }

    /// Under the version-list mutex: maps the entries the writer added since we last looked.
    private func followGrowth() throws(LockFileError) {
        guard let raw = fixed.load(UInt32.self, at: SharedInfoLayout.entries) else { return }
        let entries = Int(raw)
        guard entries != listEntries else { return }
        guard entries > listEntries, entries <= SharedInfoLayout.maximumEntries else {
            throw .versionListDamaged(path: lockPath, detail: "entries went from \(listEntries) to \(entries)")
        }
        let length = SharedInfoLayout.fileLength(entries: entries)
        let size = try LockFileReader.fileSize(descriptor, lockPath)
        guard size >= length else {
            throw .versionListDamaged(path: lockPath, detail: "\(entries) entries need \(length) bytes, the file has \(size)")
        }
        let grown = try LockFileMapping(descriptor: descriptor, length: length, path: lockPath)
        if list !== fixed { retiredLists.append(list) }
        list = grown
        listEntries = entries
    }

    private static func fileSize(_ descriptor: Int32, _ path: String) throws(LockFileError) -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        return Int(info.st_size)
    }
}
