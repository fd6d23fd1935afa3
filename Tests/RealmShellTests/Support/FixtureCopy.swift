import Foundation
import TestSupport

/// A writable copy of a fixture (fixtures are read-only and must stay pristine), and its removal
/// together with the lock file that editing creates beside it.
enum FixtureCopy {
    static func make(of fixture: String, prefix: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString).realm").path
        try FileManager.default.copyItem(atPath: Fixtures.realmPath(fixture), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        return path
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: path + ".lock")
    }
}
