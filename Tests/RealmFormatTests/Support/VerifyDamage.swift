import Foundation
@testable import RealmFormat
import TestSupport

/// One precise damage for a verify check: the pristine fixture is opened read-only to find the
/// node to damage by walking the file's structure (tables, columns, cluster leaves, the top
/// array), the patch goes into a temporary copy (the fixture stays untouched, nothing is copied
/// into the repository), and `problems()` runs the product's `FileVerifier` on the copy.
final class VerifyDamage {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The fixture as written, for finding what to damage.
    let fixture: RealmFile
    let copy: TemporaryRealmCopy
    private let original: [UInt8]

    init(_ name: String) throws {
        fixture = try RealmFile(path: Fixtures.realmPath(name))
        original = try Fixtures.bytes(name)
        copy = try TemporaryRealmCopy(bytes: original, name: "verify-\(name)")
    }

    func remove() { copy.remove() }

    func table(_ name: String) throws -> Table {
        guard let table = fixture.table(named: name) else { throw Failure(description: "no table \(name)") }
        return table
    }

    func column(_ name: String, of table: Table) throws -> Column {
        guard let column = table.column(named: name) else { throw Failure(description: "no column \(name) in \(table.name)") }
        return column
    }

    /// The table's first cluster leaf (the only one of the small fixtures' tables).
    func firstLeaf(of table: Table) throws -> ClusterLeaf {
        guard let found = try table.objects.leaf(atPosition: 0) else { throw Failure(description: "\(table.name) is empty") }
        return found.leaf
    }

    /// The node of `column` in the table's first leaf.
    func columnNode(_ column: Column, of table: Table) throws -> Node {
        guard let node = try firstLeaf(of: table).columnNode(leafIndex: column.leafIndex) else {
            throw Failure(description: "no node for \(column.name) in the first leaf of \(table.name)")
        }
        return node
    }

    /// The top ref of the table's top array, from the group's table list (top slot 1).
    func tableTop(_ table: Table) throws -> Node {
        guard let top = fixture.top, let node = try top.tablesNode.child(table.slot, "table \(table.name)") else {
            throw Failure(description: "no top array for \(table.name)")
        }
        return node
    }

    /// The group's top array.
    func groupTop() throws -> Node {
        guard let top = fixture.top else { throw Failure(description: "the fixture has no top array") }
        return try fixture.mapped.bytes.node(at: Int64(top.ref), context: "top")
    }

    /// Overwrites element `index` of a bit-packed node with `value`, which must fit the node's
    /// width (the node keeps its header and size; only the element's bits change).
    func setElement(_ index: Int, of node: Node, to value: Int64) throws {
        guard node.widthType == .bits, index >= 0, index < node.size, node.width > 0 else {
            throw Failure(description: "element \(index) of the node at \(node.ref) cannot be patched")
        }
        let payload = node.ref + 8
        if node.width < 8 {
            guard value >= 0, value < 1 << node.width else { throw Failure(description: "\(value) needs more than \(node.width) bits") }
            let offset = payload + index * node.width / 8
            let shift = (index * node.width) % 8
            let mask = UInt8((1 << node.width) - 1) << shift
            try copy.patch(offset: offset, byte: original[offset] & ~mask | UInt8(value) << shift)
            return
        }
        let bits = Int64(node.width)
        guard node.width == 64 || (value >= -(1 << (bits - 1)) && value < 1 << (bits - 1)) else {
            throw Failure(description: "\(value) needs more than \(node.width) bits")
        }
        let bytes = withUnsafeBytes(of: value.littleEndian, Array.init).prefix(node.width / 8)
        try copy.patch(offset: payload + index * node.width / 8, bytes: Array(bytes))
    }

    /// Rewrites a node's size (header bytes 5-7, big-endian) to one that keeps its byte size, so
    /// the space accounting still sees the node where it was and only its length is wrong.
    func setSize(of node: Node, to size: Int) throws {
        let payload: Int
        switch node.widthType {
        case .bits: payload = (size * node.width + 7) / 8
        case .multiply: payload = size * node.width
        case .ignore: payload = size
        }
        guard 8 + (payload + 7) / 8 * 8 == node.byteSize else {
            throw Failure(description: "size \(size) would change the byte size of the node at \(node.ref)")
        }
        try copy.patch(offset: node.ref + 5, bytes: [UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)])
    }

    /// A slot of a has-refs node set to a tagged number (`value << 1 | 1`).
    func setTagged(_ index: Int, of node: Node, to value: Int64) throws {
        try setElement(index, of: node, to: value << 1 | 1)
    }

    /// The fixture's bytes `[offset, offset + count)`, to check what a patch replaces.
    func bytes(at offset: Int, count: Int) -> [UInt8] { Array(original[offset..<offset + count]) }

    /// What verify reports on the damaged copy.
    func problems() throws -> [VerificationProblem] {
        try FileVerifier(file: RealmFile(path: copy.path)).verify().problems
    }
}
