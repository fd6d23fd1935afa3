#if canImport(Glibc)
import Glibc
#endif

/// Keeps a Realm file that shrinks under a read-only mapping from killing the process.
///
/// Reading a mapped page that lies wholly past the end of a file raises SIGBUS. Realm files
/// are mapped while other processes may commit to them (or compact them), so a page can vanish
/// between two reads. The handler installed here replaces such a page of one of our mappings
/// with a page of zeros and lets the read go on: the bounds-checked reader then sees nodes of
/// zeros (errors or wrong values, never a crash), and the version check after the command
/// (`FileVersion`) notices that the file moved on and discards what was read. Faults outside
/// our mappings go to the handler that was installed before.
enum MappingGuard {
    private static let capacity = 256
    /// Pairs of (start, end) addresses of the registered mappings; start 0 = free entry. Read
    /// by the signal handler without a lock: entries are written end first, cleared start first.
    nonisolated(unsafe) private static let ranges: UnsafeMutablePointer<Int> = {
        let pointer = UnsafeMutablePointer<Int>.allocate(capacity: 2 * capacity)
        pointer.initialize(repeating: 0, count: 2 * capacity)
        return pointer
    }()
    nonisolated(unsafe) private static var lock = pthread_mutex_t()
    nonisolated(unsafe) private static var previous = sigaction()
    nonisolated(unsafe) private static var pageSize = 4096

    /// Installs the handler once per process.
    private static let installed: Bool = {
        pthread_mutex_init(&lock, nil)
        // Everything the handler touches exists before it can run.
        pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        _ = ranges
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { signal, info, context in
            MappingGuard.handle(signal: signal, info: info, context: context)
        }
        action.sa_flags = SA_SIGINFO | SA_NODEFER
        sigemptyset(&action.sa_mask)
        return sigaction(SIGBUS, &action, &previous) == 0
    }()

    static func register(start: UnsafeRawPointer, length: Int) {
        guard installed else { return }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        for entry in 0..<capacity where ranges[2 * entry] == 0 {
            ranges[2 * entry + 1] = Int(bitPattern: start) + length
            ranges[2 * entry] = Int(bitPattern: start)
            return
        }
    }

    static func unregister(start: UnsafeRawPointer) {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        for entry in 0..<capacity where ranges[2 * entry] == Int(bitPattern: start) {
            ranges[2 * entry] = 0
            ranges[2 * entry + 1] = 0
        }
    }

    private static func handle(signal: Int32, info: UnsafeMutablePointer<siginfo_t>?, context: UnsafeMutableRawPointer?) {
        if let info {
            let address = Int(bitPattern: info.pointee._sifields._sigfault.si_addr)
            for entry in 0..<capacity {
                let start = ranges[2 * entry]
                guard start != 0, address >= start, address < ranges[2 * entry + 1] else { continue }
                let page = address & ~(pageSize - 1)
                let zeros = mmap(UnsafeMutableRawPointer(bitPattern: page), pageSize, PROT_READ,
                                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
                if zeros != MAP_FAILED { return }
            }
        }
        // Not ours: let the previous handler (or the default action) deal with the fault.
        var restored = previous
        sigaction(SIGBUS, &restored, nil)
    }
}
