import Foundation

/// The readers under test open paths (the realm file is mapped, import files are read whole),
/// so each input is written to one file in memory-backed /dev/shm and reopened: a write and a
/// map per execution, no directory churn.
public enum FuzzInputFile {
    /// One path per process, so that parallel fuzzers (`-jobs`) never share a file, in the
    /// folder scripts/fuzz.sh makes for the run (REALM_FUZZ_TMP) and removes after it.
    public static let path: String = {
        let directory = ProcessInfo.processInfo.environment["REALM_FUZZ_TMP"] ?? NSTemporaryDirectory()
        return "\(directory)/input-\(getpid())"
    }()

    /// Replaces the file's contents with the input.
    public static func write(_ data: UnsafePointer<UInt8>, _ size: Int, suffix: String = "") -> String {
        let target = path + suffix
        let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { fatalError("fuzz harness: cannot create \(target)") }
        defer { close(descriptor) }
        var written = 0
        while written < size {
            let count = Glibc.write(descriptor, data + written, size - written)
            guard count > 0 else { fatalError("fuzz harness: cannot write \(target)") }
            written += count
        }
        return target
    }
}
