#if canImport(Glibc)
import Glibc
#endif

/// One of the process-shared, robust glibc mutexes inside a mapped lock file.
///
/// realm-core initialised it in the file; we only lock and unlock it in place. A Realm process
/// that died holding it leaves it "owner dead": the next locker gets `EOWNERDEAD`, and marking
/// it consistent is all the recovery these mutexes need (§10.1), since the data they guard is
/// a few counters that every holder updates with single stores.
struct RobustMutex {
    let name: SharedInfoMutex
    let path: String
    private let address: UnsafeMutableRawPointer

    init(name: SharedInfoMutex, offset: Int, in mapping: LockFileMapping, path: String) throws(LockFileError) {
        self.name = name
        self.path = path
        guard let address = mapping.pointer(at: offset, count: Int(SharedInfoLayout.mutexSize)),
              MemoryLayout<pthread_mutex_t>.size == Int(SharedInfoLayout.mutexSize) else {
            throw .refused(path: path, field: .platform, found: "\(MemoryLayout<pthread_mutex_t>.size)-byte mutexes",
                           expected: "glibc's 40-byte pthread_mutex_t")
        }
        // Locking memory that is not a robust, process-shared mutex could block forever or
        // never wake across processes, so the kind glibc stored at initialisation is checked.
        let kind = mapping.load(Int32.self, at: offset + SharedInfoLayout.mutexKindOffset) ?? 0
        let required = SharedInfoLayout.robustKindBit | SharedInfoLayout.processSharedKindBit
        guard kind & required == required else {
            throw .refused(path: path, field: .mutexKind, found: "\(kind) in the \(name.rawValue) mutex",
                           expected: "a robust, process-shared mutex (bits 16 and 128)")
        }
        self.address = address
    }

    /// Where the mutex is mapped, for `TerminationRelease`.
    var rawAddress: UnsafeMutableRawPointer { address }

    private var mutex: UnsafeMutablePointer<pthread_mutex_t> {
        address.assumingMemoryBound(to: pthread_mutex_t.self)
    }

    /// Runs `body` holding the mutex; the body must be a few loads and stores, nothing that
    /// blocks, since the app waits for this mutex on every commit.
    func withLock<T>(_ body: () throws(LockFileError) -> T) throws(LockFileError) -> T {
        let result = pthread_mutex_lock(mutex)
        switch result {
        case 0:
            break
        case EOWNERDEAD:
            let recovered = pthread_mutex_consistent(mutex)
            guard recovered == 0 else {
                pthread_mutex_unlock(mutex)
                throw .mutexFailed(path: path, mutex: name, code: recovered)
            }
        default:
            throw .mutexFailed(path: path, mutex: name, code: result)
        }
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
