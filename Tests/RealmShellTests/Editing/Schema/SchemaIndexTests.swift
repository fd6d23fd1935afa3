import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// `add index`, `remove index`, `set primary key` and `remove primary key` (issue 31): the
/// index exists exactly when the dump says `indexed` (§7), a primary key always has one, and
/// a key Realm could not use (duplicates, nulls) is refused with the objects listed.
@Suite("Schema indexes and primary keys", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SchemaIndexTests {
    @Test func indexesComeAndGoWithoutAMigration() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("tasks")
        var expected = try ExpectedDump(fixture: "tasks")
        let line = try edit.text(of: "add index Task.name")
        #expect(line.hasPrefix("~ property Task.name: string → string (indexed) (index built over 26 objects; no migration needed)"))
        #expect(!line.contains("apps:"))
        try edit.run("add index Task.createdAt")
        try expected.setColumn("name", of: "class_Task", ["indexed": .bool(true)])
        try expected.setColumn("createdAt", of: "class_Task", ["indexed": .bool(true)])
        try edit.expectDump(expected)
        let task = try #require(try RealmFile(path: edit.path).table(named: "class_Task"))
        #expect(task.column(named: "name")?.searchIndexRef != nil)
        try edit.run("remove index Task.name")
        try expected.setColumn("name", of: "class_Task", ["indexed": .bool(false)])
        try edit.expectDump(expected)
        let before = try edit.bytes
        #expect(edit.refusal("add index Task.createdAt") == .file(.refusedEdit("Task.createdAt is already indexed")))
        #expect(edit.refusal("remove index Task.notes") == .file(.refusedEdit("Task.notes has no search index")))
        #expect(edit.refusal("remove index BankInfo.bank_accno")
                == .file(.refusedEdit("BankInfo.bank_accno is the primary key, which keeps its index (Realm finds objects by it)")))
        #expect(edit.refusal("add index TaskList.tasks") == .file(.refusedEdit(
            "TaskList.tasks cannot have a search index: Realm indexes single int, bool, string, date, objectId, uuid and mixed properties")))
        #expect(try edit.bytes == before)
    }

    /// A Mixed property holding values whose index is not written here (doubles, data, links,
    /// collections) is refused when the index is staged, not when it is committed.
    @Test func aMixedPropertyWithValuesNotIndexedHereIsRefused() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("alltypes")
        let before = try edit.bytes
        let expected = try ExpectedDump(fixture: "alltypes").objects(of: "class_AllTypes").filter { object in
            guard let value = object["mixedValue"] else { return false }
            if value == .null || value.string != nil || value.int != nil || value.bool != nil { return false }
            return !["$int", "$date", "$oid", "$uuid"].contains { value[$0] != nil }
        }
        let first = try #require(expected.first?["_key"]?.int)
        #expect(edit.refusal("add index AllTypes.mixedValue") == .file(.refusedEdit(
            "AllTypes.mixedValue cannot be indexed here: \(expected.count) objects (the first with key \(first)) "
            + "hold a mixed value other than null, int, bool, string, date, objectId or uuid; nothing changed")))
        try edit.run("begin")
        #expect(edit.refusal("add index AllTypes.mixedValue") != nil)
        #expect(try edit.text(of: "status") == "transaction open, no changes yet\n")
        try edit.run("rollback")
        #expect(try edit.bytes == before)
    }

    @Test func primaryKeysSetAndRemoved() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("tasks")
        var expected = try ExpectedDump(fixture: "tasks")
        let before = try edit.bytes
        guard case let .invalidValue(message)? = edit.refusal("set primary key Task.name") else {
            Issue.record("a primary key with duplicates was not refused")
            return
        }
        #expect(message.hasPrefix("name cannot be the primary key of Task: "))
        #expect(message.contains("\n  Task[_key = 0]  \"Backup laptop\"\n  Task[_key = 1]  \"Backup laptop\"\n"))
        #expect(edit.refusal("set primary key Task.isCompleted") == .file(.refusedEdit(
            "Task.isCompleted cannot be the primary key: a primary key is a single int, string, objectId or uuid")))
        #expect(edit.refusal("remove primary key Task") == .file(.refusedEdit("Task has no primary key")))
        #expect(try edit.bytes == before)
        try edit.run("set primary key Person.name")
        try expected.setPrimaryKey(of: "class_Person", "name")
        try expected.setColumn("name", of: "class_Person", ["indexed": .bool(true)])
        try expected.setSchemaVersion(2)
        try edit.expectDump(expected)
        try edit.run("remove primary key BankInfo")
        try expected.setPrimaryKey(of: "class_BankInfo", nil)
        try expected.setColumn("bank_accno", of: "class_BankInfo", ["indexed": .bool(false)])
        try expected.setSchemaVersion(3)
        try edit.expectDump(expected)
        // The classes still take objects: by the new key, and without the old one.
        try edit.run("create Person name = \"Zoë\"")
        #expect(edit.refusal("create Person name = \"Zoë\"") == .file(.refusedEdit("Person already has an object with name = \"Zoë\"")))
        try edit.run("create BankInfo bank_accno = \"1\", bankname = \"x\", status = \"y\"")
        try edit.check()
    }
}
