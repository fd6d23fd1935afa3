import Foundation
@testable import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// The index of staged changes answers like a backwards scan of every change would, and a
/// staging step that fails leaves the index exactly as it was before the step.
@Suite("Staged edits index", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct StagedEditsTests {
    /// demo.json: the RealmTestClass2 objects whose objectReference is RealmTestClass1 `key`.
    func origins(of key: Int64) throws -> [Int64] {
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("demo"))
        let objects = try #require(dump["tables"]?.array?.first { $0["name"]?.string == "class_RealmTestClass2" }?["objects"]?.array)
        return objects.compactMap { object -> Int64? in
            guard let link = object["objectReference"]?["$link"]?.array, link.count == 2, link[1].int == key else { return nil }
            return object["_key"]?.int
        }.sorted()
    }

    @Test func aFailedStepLeavesTheEarlierStagedStateAndKeys() throws {
        guard Fixtures.requirePresent() else { return }
        let copy = try TemporaryRealmCopy(bytes: try Fixtures.bytes("demo"), name: "demo-staged-rollback")
        defer { copy.remove() }
        let before97 = try origins(of: 97)
        let before252 = try origins(of: 252)
        #expect(before97.count == 6 && before252.contains(0))
        let editor = try FileEditor(path: copy.path)
        let class0 = try #require(editor.file.table(named: "class_RealmTestClass0"))
        let class1 = try #require(editor.file.table(named: "class_RealmTestClass1"))
        let class2 = try #require(editor.file.table(named: "class_RealmTestClass2"))
        let integer = try #require(class0.column(named: "integerValue"))
        let reference = try #require(class2.column(named: "objectReference"))
        let backlinks = try #require(class1.backlinkColumns.first { $0.oppositeColumnKey == reference.key })

        let first = try editor.create(in: class0, values: [(integer, .int(5))])
        var second: Int64 = -1
        #expect(throws: RealmFormatError.self) {
            try editor.stagingAll { () throws(RealmFormatError) in
                second = try editor.create(in: class0, values: [(integer, .int(6))])
                try editor.set(.int(7), column: integer, table: class0, key: first)
                try editor.setLink(to: 97, column: reference, table: class2, key: 0)
                try editor.delete(from: class0, key: first)
                try editor.setLink(to: 999_999, column: reference, table: class2, key: 1)
            }
        }
        #expect(second > first)
        #expect(editor.pendingChanges == 1)
        #expect(try editor.exists(table: class0, key: first), "the deletion was undone")
        #expect(try !editor.exists(table: class0, key: second), "the creation was undone")
        #expect(try editor.currentValue(column: integer, table: class0, key: first) == .int(5))
        #expect(try editor.currentValue(column: reference, table: class2, key: 0) == .link(table: class1.key, key: 252))
        #expect(try editor.currentBacklinks(column: backlinks, table: class1, key: 97).sorted() == before97)
        #expect(try editor.currentBacklinks(column: backlinks, table: class1, key: 252).sorted() == before252)
        let third = try editor.create(in: class0, values: [(integer, .int(8))])
        #expect(third == second, "the failed step's key is free again")
        try editor.commit()

        let file = try RealmFile(path: copy.path)
        let table = try #require(file.table(named: "class_RealmTestClass0"))
        #expect(table.objects.count == 1002)
        let column = try #require(table.column(named: "integerValue"))
        for (key, value) in [(first, Int64(5)), (third, 8)] {
            let (leaf, row) = try #require(try table.objects.find(key: key))
            #expect(try ColumnLeafReader(leaf: leaf, column: column).value(at: row) == .int(value))
        }
    }

    /// The same property staged again answers with the latest value; a deletion after it
    /// decides every property; a creation after a deletion brings the object back.
    @Test func latestChangeWins() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("demo"))
        let table = try #require(file.table(named: "class_RealmTestClass0"))
        let integer = try #require(table.column(named: "integerValue"))
        let string = try #require(table.column(named: "stringValue"))
        var edits = StagedEdits()
        let empty = edits.mark
        edits.append(.init(table: table, key: 3, column: integer, change: .value(.int(1))))
        edits.append(.init(table: table, key: 3, column: string, change: .value(.string("a"))))
        edits.append(.init(table: table, key: 3, column: integer, change: .value(.int(2))))
        let three = edits.mark
        guard case .value(.int(2))? = edits.latestChange(tableSlot: table.slot, key: 3, leafIndex: integer.leafIndex) else {
            Issue.record("the later value decides")
            return
        }
        #expect(edits.stagedExistence(tableSlot: table.slot, key: 3) == nil)
        edits.append(.init(table: table, key: 3, column: table.allColumns[0], change: .delete))
        guard case .delete? = edits.latestChange(tableSlot: table.slot, key: 3, leafIndex: string.leafIndex) else {
            Issue.record("the deletion decides")
            return
        }
        #expect(edits.stagedExistence(tableSlot: table.slot, key: 3) == false)
        edits.append(.init(table: table, key: 3, column: table.allColumns[0], change: .create([:])))
        #expect(edits.stagedExistence(tableSlot: table.slot, key: 3) == true)
        #expect(edits.highestCreatedKey(tableSlot: table.slot) == 3)
        edits.rollback(to: three)
        #expect(edits.count == 3)
        #expect(edits.stagedExistence(tableSlot: table.slot, key: 3) == nil)
        #expect(edits.highestCreatedKey(tableSlot: table.slot) == nil)
        guard case .value(.int(2))? = edits.latestChange(tableSlot: table.slot, key: 3, leafIndex: integer.leafIndex) else {
            Issue.record("back to the value before the deletion")
            return
        }
        edits.rollback(to: empty)
        #expect(edits.isEmpty && !edits.isStaged(tableSlot: table.slot, key: 3))
    }

    /// Backlink entries change in place; rolling back restores each entry's exact order
    /// (removals move the last origin into the hole, §6.14).
    @Test func backlinkChangesInPlaceAndBack() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("demo"))
        let table = try #require(file.table(named: "class_RealmTestClass1"))
        let backlinks = try #require(table.backlinkColumns.first)
        var edits = StagedEdits()
        edits.append(.init(table: table, key: 7, column: backlinks, change: .backlinks([1, 2, 3, 4])))
        let position = try #require(edits.backlinkChange(tableSlot: table.slot, key: 7, leafIndex: backlinks.leafIndex))
        let before = edits.mark
        edits.adjustBacklinks(at: position, origin: 9, delta: 2)
        edits.adjustBacklinks(at: position, origin: 2, delta: -1)
        edits.adjustBacklinks(at: position, origin: 9, delta: -1)
        #expect(edits.count == 1, "changed in place")
        guard case let .backlinks(changed)? = edits.latestChange(tableSlot: table.slot, key: 7, leafIndex: backlinks.leafIndex) else {
            Issue.record("a backlink change")
            return
        }
        // [1,2,3,4] + [9,9] -> remove 2: [1,9,3,4,9] -> remove the first 9: [1,9,3,4]
        #expect(changed == [1, 9, 3, 4])
        edits.rollback(to: before)
        guard case let .backlinks(restored)? = edits.latestChange(tableSlot: table.slot, key: 7, leafIndex: backlinks.leafIndex) else {
            Issue.record("a backlink change")
            return
        }
        #expect(restored == [1, 2, 3, 4])
        edits.append(.init(table: table, key: 7, column: table.allColumns[0], change: .delete))
        #expect(edits.backlinkChange(tableSlot: table.slot, key: 7, leafIndex: backlinks.leafIndex) == nil, "a deletion decides now")
    }
}
