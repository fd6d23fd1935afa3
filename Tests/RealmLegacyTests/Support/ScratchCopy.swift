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

extension ScratchCopy {
    /// Where new nodes go: `offset` and on, 8-aligned (a free-list chunk of the file, so that
    /// refs to them stay small, or its end).
    final class Placement {
        var offset: Int
        init(at offset: Int) { self.offset = offset }
    }

    /// A free-list chunk of at least `length` bytes below `limit` (top slots 3 and 4, M§3).
    func freeChunk(length: Int, below limit: Int) throws -> Placement? {
        let mapped = try MappedFile(path: path)
        return try withExtendedLifetime(mapped) { () throws -> Placement? in
            let header = try FileHeader(file: mapped.bytes, readable: 5...24)
            let top = try mapped.bytes.node(at: header.topRef, context: "top")
            guard top.size >= 5, let positions = try top.child(3, "positions"), let lengths = try top.child(4, "lengths") else { return nil }
            for index in 0..<positions.size {
                let start = Int(try positions.int(index))
                if try lengths.int(index) >= Int64(length), start + length <= limit { return Placement(at: start) }
            }
            return nil
        }
    }

    /// Writes a node (header of the format document's §2.1, payload padded to 8) at `place` and
    /// returns its ref.
    func writeNode(flags: UInt8, size: Int, payload: [UInt8], at place: Placement) throws -> Int {
        let ref = place.offset
        let header: [UInt8] = [0x41, 0x41, 0x41, 0x41, flags, UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
        let bytes = header + payload + [UInt8](repeating: 0, count: (8 - payload.count % 8) % 8)
        try patch(at: ref, bytes)
        place.offset += bytes.count
        return ref
    }

    /// A 64-bit integer node (has-refs when `refs`): width code 7.
    func writeIntegers(_ values: [Int64], refs: Bool = false, at place: Placement) throws -> Int {
        try writeNode(flags: (refs ? 0x40 : 0) | 7, size: values.count,
                      payload: values.flatMap { value in (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }, at: place)
    }
}
