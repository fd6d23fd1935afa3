import RealmShell
import Foundation
import RealmFormat
import ShellTestSupport
import Testing
import TestSupport

/// Lists and dictionaries nested in Mixed values (format 24, §6.19) edited element by element
/// through subscripts (`mixedList[6][0]`, `mixedValue["list"][2]`), on a copy of alltypes.realm:
/// the dump equals Realm's with the change made to the JSON, and links moved in or out of a
/// nested collection keep their backlinks right.
@Suite("Nested collection edits", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct NestedCollectionEditTests {
    typealias J = ExpectedDump
    static let allTypes = "class_AllTypes"

    @Test func elementsOfNestedListsAndDictionaries() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try CollectionEditTests.Edit("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        // AllTypes[0].mixedList ends with [42] and {"a": "b"}.
        try edit.run("set AllTypes[0].mixedList[6][0] = 43")
        try edit.run("append AllTypes[0].mixedList[6] \"x\"")
        try edit.run("set AllTypes[0].mixedList[-1][\"c\"] = 1")
        try edit.run("remove AllTypes[0].mixedList[7][\"a\"]")
        try expected.updateList("mixedList", of: Self.allTypes, key: 0) { list in
            #expect(list[6] == .array([J.mixedInt(42)]))
            list[6] = .array([J.mixedInt(43), .string("x")])
            list[7] = J.dictionary([("c", J.mixedInt(1))])
        }
        // AllTypes[12].mixedValue: [12, "nested", null, 2.5, {k1: 1, k2: Target 13}, [true, date]].
        try edit.run("set AllTypes[12].mixedValue[1] = 'changed'")
        try edit.run("remove AllTypes[12].mixedValue[4][\"k2\"]")
        try edit.run("append AllTypes[12].mixedValue[5] 9")
        try edit.run("move AllTypes[12].mixedValue 0 1")
        try expected.updateList("mixedValue", of: Self.allTypes, key: 12) { list in
            #expect(list[4] == J.dictionary([("k1", J.mixedInt(1)), ("k2", J.link("class_Target", 13))]))
            list[1] = .string("changed")
            list[4] = J.dictionary([("k1", J.mixedInt(1))])
            list[5] = .array((list[5].array ?? []) + [J.mixedInt(9)])
            list.insert(list.remove(at: 0), at: 1)
        }
        // Two levels down, and inside a dictionary of Mixed.
        try edit.run("set AllTypes[13].mixedValue[\"list\"][2][0] = \"deeper\"")
        try expected.updateDictionary("mixedValue", of: Self.allTypes, key: 13) { entries in
            guard let index = entries.firstIndex(where: { $0.key == "list" }) else { Issue.record("the dump has no \"list\" entry"); return }
            #expect(entries[index].value == .array([J.mixedInt(1), J.mixedInt(2), .array([.string("deep")])]))
            entries[index].value = .array([J.mixedInt(1), J.mixedInt(2), .array([.string("deeper")])])
        }
        try edit.run("remove AllTypes[1].mixedDict[\"nestedList\"][1]")
        try expected.updateDictionary("mixedDict", of: Self.allTypes, key: 1) { entries in
            guard let index = entries.firstIndex(where: { $0.key == "nestedList" }) else { Issue.record("the dump has no \"nestedList\" entry"); return }
            entries[index].value = .array([J.mixedInt(1)])
        }
        // Empty nested collections (keys 14 and 15) fill up; a link gains a backlink.
        try edit.run("append AllTypes[14].mixedValue 1")
        try edit.run("set AllTypes[15].mixedValue[\"k\"] = Target[2]")
        try expected.set("mixedValue", of: Self.allTypes, key: 14, to: .array([J.mixedInt(1)]))
        try expected.set("mixedValue", of: Self.allTypes, key: 15, to: J.dictionary([("k", J.link("class_Target", 2))]))

        let before = try edit.bytes
        let notNested = CollectionEditError.notNested.description
        let rejected: [(String, ExpectedError)] = [
            ("set AllTypes[0].mixedList[0][0] = 1", .refusedEdit(mentioning: "AllTypes.mixedList[0]", notNested)),  // an int
            ("set AllTypes[2].mixedValue[0] = 1", .refusedEdit(mentioning: "AllTypes.mixedValue", notNested)),     // false
            ("remove AllTypes[13].mixedValue[\"nope\"]",                                                          // no such key
             .refusedEdit(mentioning: "AllTypes.mixedValue", CollectionEditError.noSuchKey("nope").description)),
            ("set AllTypes[0].mixedList[7][0] = 1",                                               // a dictionary has no positions
             .refusedEdit(mentioning: "AllTypes.mixedList[7]", "a dictionary does not support positions")),
            ("set AllTypes[0].mixedList[6][5] = 1",                                               // out of range: [43, "x"] now
             .refusedEdit(mentioning: "AllTypes.mixedList[6]", CollectionEditError.positionOutOfRange(position: 5, count: 2).description)),
            ("append AllTypes[2].mixedSet[0] 1", .usage(mentioning: "append CLASS[N].COLLECTION VALUE", "without [ ]")),  // sets nest none
        ]
        for (command, error) in rejected {
            expectError(error, "\(command)") { try edit.run(command) }
        }
        #expect(try edit.bytes == before, "rejected edits write nothing")
        #expect(try edit.dump() == expected.value)
        #expect(try FileVerifier(file: RealmFile(path: edit.path)).verify().problems == [])
    }
}
