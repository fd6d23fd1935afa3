#if canImport(Glibc)
import Glibc
#endif

/// Commands that write a new file from a source file refuse to write over the source: two
/// spellings of one file (`./a.realm`, a symlink) are told apart by their resolved paths.
enum FilePaths {
    /// The path with symlinks and `.`/`..` resolved, or as given when it does not exist yet.
    static func resolved(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
