import Foundation
import RealmFormat
import TestSupport

/// A copy of an old-format fixture in a directory of its own, to damage with byte edits (the
/// fixtures themselves are read in place and never changed). Removed by `remove()`.
struct ScratchCopy {
    let directory: String
    let path: String

    init(of name: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("RealmLegacyTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        path = directory + "/\(name).realm"
        try FileManager.default.copyItem(atPath: OldFixtures.realmPath(name), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    }

    func bytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Overwrites the bytes at `offset`.
    func patch(at offset: Int, _ bytes: [UInt8]) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data(bytes))
    }

    func byte(at offset: Int) throws -> UInt8 {
        try bytes()[offset]
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
