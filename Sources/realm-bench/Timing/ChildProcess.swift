#if canImport(Glibc)
import Glibc
#endif

/// Another program run to completion, with the resources it used: how a baseline build is
/// timed beside this one, each query in a fresh process so that peak memory is per query.
struct ChildProcess {
    struct Outcome {
        let status: Int32
        /// ru_maxrss: the most resident memory the process had, in KiB.
        let peakKilobytes: Int
    }

    /// Runs `path` with `arguments` (standard output and error inherited) and waits for it.
    static func run(_ path: String, _ arguments: [String]) throws(BenchFailure) -> Outcome {
        let argv = ([path] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = (argv + [nil]).withUnsafeBufferPointer { pointers -> Int32 in
            guard let base = pointers.baseAddress else { return EINVAL }
            return posix_spawn(&pid, path, nil, nil, UnsafeMutablePointer(mutating: base), environ)
        }
        guard spawned == 0 else {
            throw BenchFailure(message: "cannot run \(path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchFailure(message: "waiting for \(path): \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as macros.
        let exited = status & 0x7F == 0
        return Outcome(status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), peakKilobytes: Int(usage.ru_maxrss))
    }

    /// This executable's own path, for running itself as the side being measured.
    static func ownPath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The peak resident memory of this process so far, in KiB.
    static func ownPeakKilobytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)
    }
}
