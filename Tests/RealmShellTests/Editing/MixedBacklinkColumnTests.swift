import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// A Mixed property's first link to a class that has no backlink column for it: the commit adds
/// that column to the target (spec, per-column arrays, every leaf) with the link. In
/// alltypes.realm the Mixed properties link only to Target, so AllTypes itself has no backlink
/// column for them: links from AllTypes' Mixed properties to AllTypes objects need new columns
/// on the very table whose values change. After every commit the file accounts for every byte,
/// dumps as Realm's dump with exactly the change, and every backlink matches its links.
@Suite("Mixed backlink columns added on first use", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct MixedBacklinkColumnTests {
    typealias J = ExpectedDump
    typealias Edit = CollectionEditTests.Edit
    static let allTypes = "class_AllTypes"

    /// The backlink columns of AllTypes in the file at `path`.
    func allTypesBacklinks(_ path: String) throws -> (table: Table, backlinks: [Column]) {
        let file = try RealmFile(path: path)
        let table = try #require(file.table(named: Self.allTypes))
        return (table, table.backlinkColumns)
    }

    /// Removes an AllTypes object from the expected dump with the embedded addresses it owns
    /// (read from the dump), as Realm's delete does.
    func removeAllTypesObject(_ key: Int64, from expected: inout ExpectedDump) throws {
        let object = try #require(try expected.objects(of: Self.allTypes).first { $0["_key"]?.int == key })
        let owned = [object["address"]?.link?.key].compactMap { $0 } + (object["addressList"]?.array ?? []).compactMap { $0.link?.key }
        try expected.removeObject(of: Self.allTypes, key: key)
        for address in owned { try expected.removeObject(of: "class_EmbeddedAddress", key: address) }
    }

    @Test func aSelfLinkAddsTheBacklinkColumnWithRealmsKey() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try Edit("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        let before = try allTypesBacklinks(edit.path)
        #expect(before.backlinks.isEmpty, "alltypes' AllTypes has no backlink column")
        let mixedValue = try #require(before.table.column(named: "mixedValue"))
        try edit.run("set AllTypes[0].mixedValue = AllTypes[1]")
        try expected.set("mixedValue", of: Self.allTypes, key: 0, to: J.link(Self.allTypes, 1))
        #expect(try edit.dump() == expected.value)
        #expect(try FileVerifier(file: RealmFile(path: edit.path)).verify().problems == [])

        let after = try allTypesBacklinks(edit.path)
        let added = try #require(after.backlinks.first)
        #expect(after.backlinks.count == 1)
        #expect(added.targetTableKey == before.table.key, "the origin is AllTypes")
        #expect(added.oppositeColumnKey == mixedValue.key)
        // §4.3: the next leaf index, type backlink (14), no attributes, and the tag the table's
        // other column keys carry (bits 30 and up, read from Realm's own keys).
        let tag = before.table.allColumns[0].key.rawValue >> 30
        #expect(before.table.allColumns.allSatisfy { $0.key.rawValue >> 30 == tag })
        let leaf = Int64(before.table.allColumns.count)
        #expect(added.key.rawValue == leaf | 14 << 16 | tag << 30)
        // The property side names its new backlink column.
        let origin = try #require(after.table.column(named: "mixedValue"))
        #expect(origin.key == mixedValue.key)
        // The browser reads the new column back.
        let output = BufferedOutput()
        let reader = Session(output: output)
        try reader.open(path: edit.path)
        try reader.execute("backlinks AllTypes[1]")
        #expect(output.text.contains("AllTypes.mixedValue -> AllTypes[1]  (1 link)"), "\(output.text)")
    }

    @Test func oneTransactionAddsColumnsForTwoPropertiesAndDeletesReadThem() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try Edit("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        try edit.run("begin")
        try edit.run("set AllTypes[2].mixedValue = AllTypes[3]")
        try edit.run("set AllTypes[5].mixedValue = AllTypes[3]")
        try edit.run("append AllTypes[2].mixedList AllTypes[4]")
        // A link made and its target deleted in the same transaction: the staged column's
        // backlinks nullify it.
        try edit.run("set AllTypes[6].mixedValue = AllTypes[7]")
        try edit.run("delete AllTypes[7]")
        try edit.run("commit")
        _ = try SpaceAccounting.verify([UInt8](try edit.bytes))
        try expected.set("mixedValue", of: Self.allTypes, key: 2, to: J.link(Self.allTypes, 3))
        try expected.set("mixedValue", of: Self.allTypes, key: 5, to: J.link(Self.allTypes, 3))
        try expected.updateList("mixedList", of: Self.allTypes, key: 2) { $0.append(J.link(Self.allTypes, 4)) }
        try expected.set("mixedValue", of: Self.allTypes, key: 6, to: .null)
        try removeAllTypesObject(7, from: &expected)
        #expect(try expected.objects(of: "class_EmbeddedAddress").count == 555, "AllTypes[7] owns two addresses")
        #expect(try edit.dump() == expected.value)
        #expect(try FileVerifier(file: RealmFile(path: edit.path)).verify().problems == [])
        let columns = try allTypesBacklinks(edit.path).backlinks
        #expect(columns.count == 2, "one backlink column for mixedValue, one for mixedList")

        // The next commits use the columns now in the file; deleting the targets nullifies the
        // links. (Positions below the deleted key 7 are still the keys.)
        try edit.run("set AllTypes[1].mixedValue = AllTypes[4]")
        try expected.set("mixedValue", of: Self.allTypes, key: 1, to: J.link(Self.allTypes, 4))
        try edit.run("delete AllTypes[4]")
        try expected.set("mixedValue", of: Self.allTypes, key: 1, to: .null)
        try expected.updateList("mixedList", of: Self.allTypes, key: 2) { $0.removeLast() }
        try removeAllTypesObject(4, from: &expected)
        try edit.run("delete AllTypes[3]")
        try expected.set("mixedValue", of: Self.allTypes, key: 2, to: .null)
        try expected.set("mixedValue", of: Self.allTypes, key: 5, to: .null)
        try removeAllTypesObject(3, from: &expected)
        #expect(try edit.dump() == expected.value)
        #expect(try FileVerifier(file: RealmFile(path: edit.path)).verify().problems == [])
        #expect(try allTypesBacklinks(edit.path).backlinks.count == 2)
    }

    @Test func aDictionaryOfMixedGetsItsOwnColumn() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try Edit("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        #expect(try expected.member("mixedDict", of: Self.allTypes, key: 5) == .object([.init(key: "$dict", value: .array([]))]))
        try edit.run("set AllTypes[5].mixedDict[\"k\"] = AllTypes[2]")
        try expected.set("mixedDict", of: Self.allTypes, key: 5,
                         to: .object([.init(key: "$dict", value: .array([.array([.string("k"), J.link(Self.allTypes, 2)])]))]))
        #expect(try edit.dump() == expected.value)
        #expect(try FileVerifier(file: RealmFile(path: edit.path)).verify().problems == [])
        let (table, backlinks) = try allTypesBacklinks(edit.path)
        #expect(backlinks.map(\.oppositeColumnKey) == [try #require(table.column(named: "mixedDict")).key])
    }

    @Test func aRefusedLinkLeavesNoColumnBehind() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try Edit("alltypes")
        let expected = try ExpectedDump(fixture: "alltypes")
        try edit.run("begin")
        // AllTypes has 299 objects: there is no AllTypes[9999] to link to.
        #expect(throws: BrowserError.positionOutOfRange(className: "AllTypes", position: 9999, count: 299)) {
            try edit.run("set AllTypes[0].mixedValue = AllTypes[9999]")
        }
        try edit.run("set AllTypes[0].mixedValue = Target[3]")
        try edit.run("commit")
        _ = try SpaceAccounting.verify([UInt8](try edit.bytes))
        var changed = expected
        try changed.set("mixedValue", of: Self.allTypes, key: 0, to: J.link("class_Target", 3))
        #expect(try edit.dump() == changed.value)
        #expect(try allTypesBacklinks(edit.path).backlinks.isEmpty, "the refused link added no column")
        #expect(try FileVerifier(file: RealmFile(path: edit.path)).verify().problems == [])
    }

    /// A staging step that plans a column and then fails takes the planned column back with
    /// its changes: the Mixed list's link to AllTypes plans AllTypes' column, its link to Target
    /// stages a backlink in Target, whose schema changes in this transaction, so the step is
    /// refused after the planning.
    @Test func aFailedStepTakesItsPlannedColumnBack() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "alltypes", prefix: "MixedBacklinkColumnTests")
        defer { FixtureCopy.remove(path) }
        let editor = try FileEditor(path: path)
        let table = try #require(editor.file.table(named: Self.allTypes))
        let target = try #require(editor.file.table(named: "class_Target"))
        #expect(table.slot < target.slot, "AllTypes' column is planned before Target's backlink is staged")
        let mixedValue = try #require(table.column(named: "mixedValue"))
        let intReq = try #require(table.column(named: "intReq"))
        try editor.addProperty(NewColumn(name: "extra", type: .int), toTable: "class_Target")
        let links: NewValue = .mixedList([.scalar(.link(table: table.key, key: 1)), .scalar(.link(table: target.key, key: 0))])
        let refusal = #expect(throws: RealmFormatError.self) { try editor.replaceStored(links, column: mixedValue, table: table, key: 0) }
        #expect("\(refusal.map { "\($0)" } ?? "")".contains("the schema of Target changes in this transaction"), "\(String(describing: refusal))")
        try editor.set(.int(5), column: intReq, table: table, key: 0)
        try editor.commit()
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(try FileVerifier(file: RealmFile(path: path)).verify().problems == [])
        var expected = try ExpectedDump(fixture: "alltypes")
        try expected.set("intReq", of: Self.allTypes, key: 0, to: .int(5))
        let output = BufferedOutput()
        let reader = Session(output: output)
        try reader.open(path: path)
        try reader.execute("dump")
        let dump = try JSONParser.parse(output.text)
        func objects(_ dump: JSONValue, _ name: String) throws -> [JSONValue] {
            try #require(dump["tables"]?.array?.first { $0["name"]?.string == name }?["objects"]?.array)
        }
        #expect(try objects(dump, Self.allTypes) == (try expected.objects(of: Self.allTypes)))
        #expect(try objects(dump, "class_Target").map { $0["extra"] } == (try expected.objects(of: "class_Target")).map { _ in .int(0) })
        #expect(try allTypesBacklinks(path).backlinks.isEmpty, "the failed step's column is not written")
    }
}
