#if canImport(Glibc)
import Glibc
#endif

/// A new file written under a temporary name beside its target (`FILE.tmp-PID`) and put in
/// place only once it is whole: Ctrl-C, a full disk or an error leave the old file (or none),
/// never half of the new one. The new-file writer (`RealmFileWriter`) and the shell's output
/// files (`export`, `dump --out`) both write this way.
public struct ReplacementFile: Sendable {
    /// The file being replaced (or created).
    public let path: String
    /// Where the new content is written until it is put in place.
    public let temporaryPath: String

    public init(replacing path: String) {
        self.path = path
        temporaryPath = path + ".tmp-\(getpid())"
    }

    /// Renames the temporary file over `path` (callers have synced its content); with
    /// `syncingDirectory`, the rename itself is made durable. Returns nil, or why the rename
    /// failed, the temporary file then removed.
    public func putInPlace(syncingDirectory: Bool) -> String? {
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            return reason
        }
        guard syncingDirectory else { return nil }
        let directory = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
        let descriptor = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
        return nil
    }

    /// Removes the temporary file (nothing was put in place).
    public func discard() {
        unlink(temporaryPath)
    }
}
