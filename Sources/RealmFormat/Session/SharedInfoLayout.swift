/// Offsets and expected values of realm-core's `SharedInfo` (the start of `x.realm.lock`),
/// layout version 14 on Linux x86-64 with glibc, as realm-file-format.md §10.1 gives them.
///
/// Kept in one place so the reader and the tests (which play the app that initialised the
/// file) agree on every byte; nothing else in the lock file is interpreted.
public enum SharedInfoLayout {
    /// `sizeof(SharedInfo)`: the fixed part, with room for the first 32 version entries.
    public static let size = 1728
    public static let layoutVersion: UInt16 = 14
    public static let mutexSize: UInt8 = 40
    public static let condvarSize: UInt8 = 48

    public static let initComplete = 0
    public static let sizeOfMutex = 1
    public static let sizeOfCondvar = 2
    public static let fileFormatVersion = 4
    public static let historyType = 5
    public static let sharedInfoVersion = 6
    public static let numParticipants = 12
    public static let latestVersionNumber = 16
    public static let numberOfVersions = 32
    public static let historySchemaVersion = 44

    public static let writeMutex = 48
    public static let controlMutex = 88
    public static let versionListMutex = 128
    /// The five process-shared condition variables, 48 bytes each.
    public static let condvars = 168

    /// Version-list capacity; the list grows by 32 entries at a time.
    public static let entries = 432
    public static let allocating = 436
    /// Index of the latest version's entry; `noVersion` when none was published yet.
    public static let newest = 440
    public static let noVersion = UInt32.max
    public static let firstEntry = 448
    public static let initialEntries = 32
    public static let entrySize = 40
    /// A sanity bound on `entries` (a 40 MB lock file): a larger count is damage, not growth.
    public static let maximumEntries = 1 << 20

    /// Offsets inside one 40-byte entry.
    public enum Entry {
        public static let version = 0
        public static let fileSize = 8
        public static let topRef = 16
        public static let countLive = 24
        public static let countFrozen = 28
        public static let countFull = 32
    }

    /// Where entry `index` starts.
    public static func entryOffset(_ index: Int) -> Int { firstEntry + entrySize * index }

    /// The lock file's length for a list of `entries` entries.
    public static func fileLength(entries: Int) -> Int { size + entrySize * (entries - initialEntries) }

    /// glibc's `__kind` bits (offset 16 in `pthread_mutex_t`) that a robust, process-shared
    /// mutex carries: a mutex without them would not wake or recover across processes.
    public static let mutexKindOffset = 16
    public static let robustKindBit: Int32 = 16
    public static let processSharedKindBit: Int32 = 128
}
