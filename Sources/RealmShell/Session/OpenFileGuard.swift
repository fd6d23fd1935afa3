#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps commands that write files (export, dump --out, generate, load) off the Realm file the
/// session has open: truncating it under the read-only map destroys the database and crashes
/// the next read (SIGBUS). Compared by device and inode, so `./app.realm`, an absolute path or
/// a symbolic link are all recognised.
enum OpenFileGuard {
    static func refuse(_ path: String, in session: Session) throws(BrowserError) {
        guard let open = session.file?.path, let target = identity(of: path), target == identity(of: open) else { return }
        throw .cannotWrite(path: path, reason: "that is the open Realm file; write to another file")
    }

    private static func identity(of path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }
}
