import Foundation
import RealmFormat

/// Precise damage for the recovery tests: bytes patched in a copy, at places found by walking
/// the undamaged file's own structure.
enum RecoverDamage {
    static func patch(_ path: String, at offset: Int, with bytes: [UInt8]) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data(bytes))
    }

    /// A node header no reader accepts: width type 3 does not exist.
    static let unreadableHeader: [UInt8] = [0x41, 0x41, 0x41, 0x41, 0x18, 0xFF, 0xFF, 0xFF]

    /// The `index`th leaf of `table`: its node offset and its objects' keys.
    static func leaf(_ index: Int, of table: String, in path: String) throws -> (ref: Int, keys: [Int64]) {
        let file = try RealmFile(path: path)
        var leaves: [(Int, [Int64])] = []
        try file.table(named: table)?.objects.forEachLeaf { leaf in
            leaves.append((leaf.nodeRef, try (0..<leaf.count).map { try leaf.key(at: $0) }))
        }
        guard index < leaves.count else { throw CocoaError(.fileReadCorruptFile) }
        return leaves[index]
    }

    /// The node of `column` in the `index`th leaf of `table`.
    static func columnNode(_ column: String, leaf index: Int, of table: String, in path: String) throws -> Int {
        let file = try RealmFile(path: path)
        guard let found = file.table(named: table), let property = found.column(named: column) else { throw CocoaError(.fileReadCorruptFile) }
        var refs: [Int] = []
        try found.objects.forEachLeaf { leaf in
            if let node = try leaf.columnNode(leafIndex: property.leafIndex) { refs.append(node.ref) }
        }
        guard index < refs.count else { throw CocoaError(.fileReadCorruptFile) }
        return refs[index]
    }
}
