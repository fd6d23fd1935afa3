import RealmShell
import Foundation
import RealmFormat
import Testing
import TestSupport

/// Collections large enough to be B+trees with inner nodes: edited correctly, and a single
/// element edit writes kilobytes (only the changed leaves), not the list or the file.
@Suite("Collection edits in big trees", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct CollectionTreeEditTests {
    typealias Edit = CollectionEditTests.Edit
    static let allTypes = CollectionEditTests.allTypes

    @Test func longListsAreEditedInTheirTrees() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try Edit("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        // obj-0005's intList has 2000 elements: a B+tree with an inner node.
        try edit.run("set AllTypes[5].intList[1500] = 42")
        try edit.run("remove AllTypes[5].intList[0]")
        try edit.run("append AllTypes[5].intList 43")
        try expected.updateList("intList", of: Self.allTypes, key: 5) { list in
            #expect(list.count == 2000)
            list[1500] = .int(42)
            list.remove(at: 0)
            list.append(.int(43))
        }
        #expect(try edit.dump() == expected.value)
    }

    @Test func oneElementEditWritesKilobytes() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try Edit("big")
        let sizeBefore = try edit.bytes.count
        // big.realm: Item ids equal object keys; id 100000 has the tags "tag-0" ... "tag-4999".
        let original = try tags(of: 7, in: Fixtures.realmPath("big"))
        try edit.run("append Item[id = 7].tags \"new\"")
        #expect(try lastBytesWritten(edit.output.text) < 16 * 1024, "a small list's edit writes kilobytes in a 100 MB file")
        try edit.run("set Item[id = 100000].tags[4999] = \"last\"")
        // A 5000-element list is a B+tree of 1000-element leaves: one leaf is written anew.
        #expect(try lastBytesWritten(edit.output.text) < 32 * 1024)
        try edit.run("set Item[id = 100000].tags[0] = \"first\"")
        #expect(try lastBytesWritten(edit.output.text) < 32 * 1024)
        #expect(try edit.bytes.count - sizeBefore < 128 * 1024)
        #expect(try tags(of: 7, in: edit.path) == original + ["new"])
        var expected = (0..<5000).map { "tag-\($0)" }
        expected[4999] = "last"
        expected[0] = "first"
        #expect(try tags(of: 100000, in: edit.path) == expected)
    }

    private func tags(of key: Int64, in path: String) throws -> [String] {
        let file = try RealmFile(path: path)
        let items = try #require(file.table(named: "class_Item"))
        let column = try #require(items.column(named: "tags"))
        let (leaf, row) = try #require(try items.objects.find(key: key))
        guard case let .collection(list) = try ColumnLeafReader(leaf: leaf, column: column).value(at: row) else { return [] }
        return try CollectionReader(file: file).elements(of: list).map { value in
            guard case let .string(text) = value else { throw CocoaError(.coderInvalidValue) }
            return text
        }
    }

    private func lastBytesWritten(_ output: String) throws -> Int {
        let line = try #require(output.split(separator: "\n").last { $0.contains("bytes written") })
        let number = try #require(line.split(separator: ",").last?.split(separator: " ").first)
        return try #require(Int(number))
    }
}
