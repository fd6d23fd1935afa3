import TestSupport
import Foundation

/// A writable scratch copy of (a prefix of) a fixture under the system temporary directory.
///
/// Fixtures are read-only and must stay pristine, so every corruption is applied to a copy.
/// One copy serves many small cases: `patch` writes a few bytes, the case runs (it maps the
/// file afresh, so it sees the patch) and `patch` restores the original bytes afterwards. The
/// caller removes the copy with `remove()` (the tests do so in a `defer`).
final class TemporaryRealmCopy {
    let path: String
    private let directory: URL
    private let handle: FileHandle

    init(bytes: [UInt8], name: String) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("RealmFormatTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Names like "legacy/test_upgrade_database_20-flipped" must not create subfolders.
        let url = directory.appendingPathComponent("\(name.replacingOccurrences(of: "/", with: "_")).realm")
        try Data(bytes).write(to: url)
        path = url.path
        handle = try FileHandle(forUpdating: url)
    }

    /// Overwrites the byte at `offset` in the file on disk.
    func patch(offset: Int, byte: UInt8) throws {
        try patch(offset: offset, bytes: [byte])
    }

    /// Overwrites `bytes.count` bytes starting at `offset` in the file on disk.
    func patch(offset: Int, bytes: [UInt8]) throws {
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: bytes)
    }

    /// Removes the copy's whole directory: with it any `.lock` file that editing created beside
    /// the copy, so callers need no cleanup of their own for it.
    func remove() {
        try? handle.close()
        try? FileManager.default.removeItem(at: directory)
    }
}
