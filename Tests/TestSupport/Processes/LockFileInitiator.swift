import Foundation
import Glibc
import RealmFormat

/// Plays the Realm app that opened a file first: it writes a layout-14 `SharedInfo` into
/// `x.realm.lock` exactly as realm-file-format.md §10.1 describes (robust, process-shared glibc
/// mutexes and condvars initialised in the mapped file, version entries), then keeps a shared
/// `flock` on its own open file description, as an app does while it has the realm open.
///
/// flock locks belong to open file descriptions, so the reader under test, which opens the
/// lock file itself, sees "another process has it open" exactly as it would beside an app.
public final class LockFileInitiator {
    public let directory: URL
    public let realmPath: String
    public var lockPath: String { realmPath + ".lock" }
    private let descriptor: Int32
    private var mapping: UnsafeMutableRawPointer
    private var mappedLength: Int
    public private(set) var holdsLock = false

    /// Sets up a session with `participants` and the given versions in entries 0, 1, …, the
    /// last one newest. `realmBytes`, when given, becomes the realm file beside it.
    public convenience init(entries: Int = 32, participants: UInt32 = 1, versions: [(version: UInt64, topRef: UInt64, fileSize: UInt64)] = [(7, 4096, 8192)],
         realmBytes: [UInt8]? = nil) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("LockFile-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let realmPath = directory.appendingPathComponent("x.realm").path
        if let realmBytes { try Data(realmBytes).write(to: URL(fileURLWithPath: realmPath)) }
        try self.init(realmPath: realmPath, entries: entries, participants: participants, versions: versions)
    }

    /// Opens the session of an existing realm at `realmPath` (its lock file is created beside it).
    public init(realmPath: String, entries: Int = 32, participants: UInt32 = 1,
                versions: [(version: UInt64, topRef: UInt64, fileSize: UInt64)]) throws {
        self.realmPath = realmPath
        directory = URL(fileURLWithPath: realmPath).deletingLastPathComponent()
        descriptor = open(realmPath + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else { throw POSIXError(.EIO) }
        mappedLength = SharedInfoLayout.fileLength(entries: entries)
        guard ftruncate(descriptor, off_t(mappedLength)) == 0,
              let address = mmap(nil, mappedLength, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), address != MAP_FAILED else {
            throw POSIXError(.EIO)
        }
        mapping = address
        store(SharedInfoLayout.mutexSize, at: SharedInfoLayout.sizeOfMutex)
        store(SharedInfoLayout.condvarSize, at: SharedInfoLayout.sizeOfCondvar)
        store(UInt8(24), at: SharedInfoLayout.fileFormatVersion)
        store(Int8(2), at: SharedInfoLayout.historyType)
        store(SharedInfoLayout.layoutVersion, at: SharedInfoLayout.sharedInfoVersion)
        store(participants, at: SharedInfoLayout.numParticipants)
        store(versions.last?.version ?? 0, at: SharedInfoLayout.latestVersionNumber)
        store(UInt64(versions.count), at: SharedInfoLayout.numberOfVersions)
        store(UInt16(10), at: SharedInfoLayout.historySchemaVersion)
        var mutexAttributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&mutexAttributes)
        pthread_mutexattr_setpshared(&mutexAttributes, Int32(PTHREAD_PROCESS_SHARED))
        pthread_mutexattr_setrobust(&mutexAttributes, Int32(PTHREAD_MUTEX_ROBUST))
        for offset in [SharedInfoLayout.writeMutex, SharedInfoLayout.controlMutex, SharedInfoLayout.versionListMutex] {
            pthread_mutex_init(mutex(at: offset), &mutexAttributes)
        }
        pthread_mutexattr_destroy(&mutexAttributes)
        // The app has taken each mutex by the time anyone can join (joining, committing), and
        // glibc leaves a robust mutex's `__count` at 1 after its first lock: do the same, so
        // that a reader's lock and unlock leave the mutex bytes exactly as they were.
        for offset in [SharedInfoLayout.writeMutex, SharedInfoLayout.controlMutex, SharedInfoLayout.versionListMutex] {
            pthread_mutex_lock(mutex(at: offset))
            pthread_mutex_unlock(mutex(at: offset))
        }
        var condvarAttributes = pthread_condattr_t()
        pthread_condattr_init(&condvarAttributes)
        pthread_condattr_setpshared(&condvarAttributes, Int32(PTHREAD_PROCESS_SHARED))
        for index in 0..<5 {
            let condvar = (mapping + SharedInfoLayout.condvars + 48 * index).assumingMemoryBound(to: pthread_cond_t.self)
            pthread_cond_init(condvar, &condvarAttributes)
        }
        pthread_condattr_destroy(&condvarAttributes)
        store(UInt32(entries), at: SharedInfoLayout.entries)
        for index in 0..<entries { clearEntry(index) }
        for (index, entry) in versions.enumerated() {
            setEntry(index, version: entry.version, topRef: entry.topRef, fileSize: entry.fileSize, countLive: 1)
        }
        store(versions.isEmpty ? SharedInfoLayout.noVersion : UInt32(versions.count - 1), at: SharedInfoLayout.newest)
        store(UInt8(1), at: SharedInfoLayout.initComplete)
        msync(mapping, mappedLength, MS_SYNC)
        // Downgrade to the shared lock every participant holds.
        guard flock(descriptor, LOCK_SH) == 0 else { throw POSIXError(.EIO) }
        holdsLock = true
    }

    deinit {
        munmap(mapping, mappedLength)
        close(descriptor)
    }

    /// The app closes the realm: its shared lock goes.
    public func closeApp() {
        flock(descriptor, LOCK_UN)
        holdsLock = false
    }

    public func remove() {
        closeApp()
        try? FileManager.default.removeItem(at: directory)
    }

    public func mutex(at offset: Int) -> UnsafeMutablePointer<pthread_mutex_t> {
        (mapping + offset).assumingMemoryBound(to: pthread_mutex_t.self)
    }

    public func store<T: FixedWidthInteger>(_ value: T, at offset: Int) {
        (mapping + offset).storeBytes(of: value.littleEndian, as: T.self)
    }

    public func load<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
        T(littleEndian: (mapping + offset).loadUnaligned(as: T.self))
    }

    public func countFrozen(_ index: Int) -> UInt32 {
        load(UInt32.self, at: SharedInfoLayout.entryOffset(index) + SharedInfoLayout.Entry.countFrozen)
    }

    public var participants: UInt32 { load(UInt32.self, at: SharedInfoLayout.numParticipants) }

    public func setEntry(_ index: Int, version: UInt64, topRef: UInt64, fileSize: UInt64, countLive: UInt32 = 0) {
        let offset = SharedInfoLayout.entryOffset(index)
        store(version, at: offset + SharedInfoLayout.Entry.version)
        store(fileSize, at: offset + SharedInfoLayout.Entry.fileSize)
        store(topRef, at: offset + SharedInfoLayout.Entry.topRef)
        store(countLive, at: offset + SharedInfoLayout.Entry.countLive)
        store(UInt32(0), at: offset + SharedInfoLayout.Entry.countFrozen)
        store(UInt32(0), at: offset + SharedInfoLayout.Entry.countFull)
    }

    /// A free entry as the writer leaves it: version 0, counts 0, top and size all ones.
    public func clearEntry(_ index: Int) {
        setEntry(index, version: 0, topRef: UInt64.max, fileSize: UInt64.max)
    }

    /// Commits a new version into entry `index` and makes it the newest, under the mutex.
    public func publish(_ index: Int, version: UInt64, topRef: UInt64, fileSize: UInt64) {
        withVersionList {
            setEntry(index, version: version, topRef: topRef, fileSize: fileSize)
            store(UInt32(index), at: SharedInfoLayout.newest)
        }
    }

    /// Grows the list as a writer that found no free entry does: extend the file, map it,
    /// clear the new entries, then raise `entries`, all under the version-list mutex.
    public func grow(to entries: Int) throws {
        let old = load(UInt32.self, at: SharedInfoLayout.entries)
        let length = SharedInfoLayout.fileLength(entries: entries)
        guard ftruncate(descriptor, off_t(length)) == 0,
              let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), address != MAP_FAILED else {
            throw POSIXError(.EIO)
        }
        // The old mapping stays until the mutex (inside it) is unlocked through it.
        let oldMapping = mapping, oldLength = mappedLength
        let lock = mutex(at: SharedInfoLayout.versionListMutex)
        guard pthread_mutex_lock(lock) == 0 else { throw POSIXError(.EIO) }
        mapping = address
        mappedLength = length
        for index in Int(old)..<entries { clearEntry(index) }
        store(UInt32(entries), at: SharedInfoLayout.entries)
        pthread_mutex_unlock(lock)
        munmap(oldMapping, oldLength)
    }

    public func withVersionList(_ body: () -> Void) {
        let lock = mutex(at: SharedInfoLayout.versionListMutex)
        let result = pthread_mutex_lock(lock)
        if result == EOWNERDEAD { pthread_mutex_consistent(lock) }
        body()
        pthread_mutex_unlock(lock)
    }

    /// The lock file's bytes as on disk (read with pread, not through any mapping).
    public func fileBytes() -> [UInt8] {
        let handle = open(lockPath, O_RDONLY | O_CLOEXEC)
        defer { close(handle) }
        var info = stat()
        fstat(handle, &info)
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let count = bytes.count
        _ = bytes.withUnsafeMutableBytes { pread(handle, $0.baseAddress, count, 0) }
        return bytes
    }

    /// Overwrites bytes of the lock file (to spoil one field).
    public func patch(_ bytes: [UInt8], at offset: Int) {
        for (index, byte) in bytes.enumerated() { store(byte, at: offset + index) }
    }

    /// Truncates the lock file (a short or half-written one).
    public func truncate(to length: Int) {
        ftruncate(descriptor, off_t(length))
    }
}
