import Foundation
import RealmFormat
import Testing
import TestSupport

/// realm-core reads table and column names only as short strings (format document §3.1,
/// §4.2): a name longer than 15 bytes widens the node instead of switching to medium strings.
/// The nodes are checked with the tests' own raw decoder.
@Suite("Names stay short strings", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SchemaNamesTests {
    /// The raw spec-names node and the table-names node of the file's current version.
    func nameNodes(_ bytes: [UInt8], tableSlot: Int) throws -> (tableNames: RawNode, columnNames: RawNode) {
        let header = try #require(RawHeader(bytes))
        let top = try #require(RawNode(at: Int(header.selectedTopRef), in: bytes))
        let tableNames = try #require(top.child(0, in: bytes))
        let tables = try #require(top.child(1, in: bytes))
        let table = try #require(tables.child(tableSlot, in: bytes))
        let spec = try #require(table.child(0, in: bytes))
        return (tableNames, try #require(spec.child(1, in: bytes)))
    }

    @Test func longNamesWidenTheShortStringNode() throws {
        guard Fixtures.requirePresent() else { return }
        let copy = try TemporaryRealmCopy(bytes: try Fixtures.bytes("species"), name: "species-names")
        defer { copy.remove() }
        // realm-core's own spec of Specimen: "specimenDescription" (19 bytes) in a 32-byte-wide node.
        let original = try nameNodes(try Fixtures.bytes("species"), tableSlot: 2).columnNames
        #expect(!original.hasRefs && original.widthType == 1 && original.width == 32)

        let editor = try FileEditor(path: copy.path)
        try editor.addClass("AVeryLongClassNameOfThirtyBytes", columns: [NewColumn(name: "name", type: .string)], primaryKey: nil)
        try editor.addProperty(NewColumn(name: "anEvenLongerPropertyNameOfFortyOneBytes!", type: .int), toTable: "class_Specimen")
        try editor.commit()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: copy.path)))
        _ = try SpaceAccounting.verify(bytes)
        let nodes = try nameNodes(bytes, tableSlot: 2)
        #expect(!nodes.columnNames.hasRefs && nodes.columnNames.widthType == 1 && nodes.columnNames.width == 64 && nodes.columnNames.size == 7)
        #expect(!nodes.tableNames.hasRefs && nodes.tableNames.widthType == 1 && nodes.tableNames.width == 64 && nodes.tableNames.size == 4)
        let file = try RealmFile(path: copy.path)
        #expect(file.tables.map(\.name) == ["metadata", "class_Category", "class_Specimen", "class_AVeryLongClassNameOfThirtyBytes"])
        #expect(file.table(named: "class_Specimen")?.columns.last?.name == "anEvenLongerPropertyNameOfFortyOneBytes!")
    }
}
