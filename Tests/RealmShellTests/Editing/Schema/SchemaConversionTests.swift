import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// `set required`, `set optional` and `change type` (issue 31) on copies of the fixtures: the
/// dumps afterwards are Realm's dumps with the values converted by hand in the JSON (canonical
/// encodings, ../shared/fixtures/README.md); a change that some value blocks lists those
/// objects and leaves the file byte for byte as it was.
@Suite("Schema conversions", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SchemaConversionTests {
    typealias J = ExpectedDump
    static let allTypes = "class_AllTypes"

    @Test func requiredAndOptionalWithADefaultForNulls() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("tasks")
        var expected = try ExpectedDump(fixture: "tasks")
        #expect(edit.refusal("set required Task.notes") == .file(.refusedEdit("Task.notes is already required")))
        try edit.run("set optional Task.notes")
        try expected.setColumn("notes", of: "class_Task", ["nullable": .bool(true)])
        try expected.setSchemaVersion(2)
        try edit.expectDump(expected)
        try edit.run("set Task[0].notes = nil")
        try edit.run("set Task[_key = 5].notes = nil")
        try expected.set("notes", of: "class_Task", key: 0, to: .null)
        try expected.set("notes", of: "class_Task", key: 5, to: .null)
        let before = try edit.bytes
        #expect(edit.refusal("set required Task.notes") == .invalidValue("""
            2 objects of Task hold null in notes; nothing changed (give --default VALUE for them, or set them first):
              Task[_key = 0]  null
              Task[_key = 5]  null
            """))
        #expect(try edit.bytes == before)
        let line = try edit.text(of: "set required Task.notes --default \"(none)\"")
        #expect(line.hasPrefix("~ property Task.notes: string (optional) → string (24 values kept; 2 nulls become \"(none)\")"))
        try expected.set("notes", of: "class_Task", key: 0, to: .string("(none)"))
        try expected.set("notes", of: "class_Task", key: 5, to: .string("(none)"))
        try expected.setColumn("notes", of: "class_Task", ["nullable": .bool(false)])
        try expected.setSchemaVersion(3)
        try edit.expectDump(expected)
    }

    /// Every change finds a property renamed earlier in the same transaction by its new name
    /// (the file still has the old one until the commit).
    @Test func changesOfAPropertyRenamedInTheSameTransaction() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("tasks")
        var expected = try ExpectedDump(fixture: "tasks")
        try edit.run("begin")
        for command in ["rename property Task.notes n1", "set optional Task.n1", "rename property Task.name title", "add index Task.title",
                        "rename property Person.name who", "set primary key Person.who", "rename property Task.isCompleted done",
                        "change type Task.done int", "rename property Car.owner holder", "remove property Car.holder"] {
            try edit.run(command)
        }
        try edit.run("commit")
        try expected.renameColumn("notes", of: "class_Task", to: "n1")
        try expected.setColumn("n1", of: "class_Task", ["nullable": .bool(true)])
        try expected.renameColumn("name", of: "class_Task", to: "title")
        try expected.setColumn("title", of: "class_Task", ["indexed": .bool(true)])
        try expected.renameColumn("name", of: "class_Person", to: "who")
        try expected.setColumn("who", of: "class_Person", ["indexed": .bool(true)])
        try expected.setPrimaryKey(of: "class_Person", "who")
        try expected.renameColumn("isCompleted", of: "class_Task", to: "done")
        try expected.setColumn("done", of: "class_Task", ["type": .string("int")])
        try expected.mapValues(of: "done", in: "class_Task") { .int(try #require($0.bool) ? 1 : 0) }
        try expected.removeColumn("owner", of: "class_Car")
        try expected.setSchemaVersion(2)
        try edit.expectDump(expected)
    }

    /// Optional elements of a list become required, nulls taking the default; a primary key
    /// made optional stays the primary key (Table::set_nullability keeps it).
    @Test func listElementsAndPrimaryKeys() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        // A link's optionality is Realm's: refused before any object holding null is listed.
        #expect(edit.refusal("set required AllTypes.target") == .file(.refusedEdit("AllTypes.target is a link property, whose optionality Realm fixes")))
        #expect(edit.refusal("set required AllTypes.mixedValue --default 1") == .file(.refusedEdit("AllTypes.mixedValue is a mixed property, whose optionality Realm fixes")))
        try edit.run("begin")
        try edit.run("set required AllTypes.stringOptList --default \"\"")
        try edit.run("set optional AllTypes._id")
        try edit.run("set optional AllTypes.intList")
        try edit.run("commit")
        try expected.mapValues(of: "stringOptList", in: Self.allTypes) { value in
            .array(try #require(value.array).map { $0 == .null ? .string("") : $0 })
        }
        try expected.setColumn("stringOptList", of: Self.allTypes, ["nullable": .bool(false)])
        try expected.setColumn("_id", of: Self.allTypes, ["nullable": .bool(true)])
        try expected.setColumn("intList", of: Self.allTypes, ["nullable": .bool(true)])
        try expected.setSchemaVersion(2)
        try edit.expectDump(expected)
        let file = try RealmFile(path: edit.path)
        #expect(file.table(named: Self.allTypes)?.primaryKey?.name == "_id")
    }

    @Test func typesConvertOnAllTypes() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        try edit.run("begin")
        for (property, type) in [("intOpt", "string"), ("indexedInt", "string"), ("floatReq", "double"), ("boolReq", "int"),
                                 ("uuidReq", "string"), ("objectIdOpt", "string"), ("stringOpt", "data"), ("intList", "string"),
                                 ("intSet", "string"), ("intDict", "string")] {
            try edit.run("change type AllTypes.\(property) \(type)")
        }
        #expect(try edit.text(of: "status").contains("~ property AllTypes.indexedInt: int (indexed) → string (indexed) (299 values converted)"))
        try edit.run("commit")
        func text(_ value: JSONValue) throws -> JSONValue { value == .null ? .null : .string(String(try #require(value.int))) }
        try expected.mapValues(of: "intOpt", in: Self.allTypes, text)
        try expected.mapValues(of: "indexedInt", in: Self.allTypes, text)
        try expected.mapValues(of: "floatReq", in: Self.allTypes) { value in
            let float = try #require(Float(value["$float"]?.string ?? ""))
            return J.double(float.isNaN ? "nan" : String(format: "%.17g", Double(float)))
        }
        try expected.mapValues(of: "boolReq", in: Self.allTypes) { .int(try #require($0.bool) ? 1 : 0) }
        try expected.mapValues(of: "uuidReq", in: Self.allTypes) { .string(try #require($0["$uuid"]?.string)) }
        try expected.mapValues(of: "objectIdOpt", in: Self.allTypes) { $0 == .null ? .null : .string(try #require($0["$oid"]?.string)) }
        try expected.mapValues(of: "stringOpt", in: Self.allTypes) { value in
            value == .null ? .null : J.tagged("$binary", .string(Data(try #require(value.string).utf8).base64EncodedString()))
        }
        try expected.mapValues(of: "intList", in: Self.allTypes) { .array(try #require($0.array).map(text)) }
        // A set of strings is stored in byte order (§6.17).
        try expected.mapValues(of: "intSet", in: Self.allTypes) { value in
            .array(try #require(value.array).map(text).sorted { ($0.string ?? "").utf8.lexicographicallyPrecedes(($1.string ?? "").utf8) })
        }
        try expected.mapValues(of: "intDict", in: Self.allTypes) { value in
            let entries = try #require(value["$dict"]?.array).map { pair in (key: pair.array?[0].string ?? "", value: try text(pair.array?[1] ?? .null)) }
            return J.dictionary(entries)
        }
        for (property, type) in [("intOpt", "string"), ("indexedInt", "string"), ("floatReq", "double"), ("boolReq", "int"),
                                 ("uuidReq", "string"), ("objectIdOpt", "string"), ("stringOpt", "binary"), ("intList", "string"),
                                 ("intSet", "string"), ("intDict", "string")] {
            try expected.setColumn(property, of: Self.allTypes, ["type": .string(type)])
        }
        try expected.setSchemaVersion(2)
        try edit.expectDump(expected)
        // And back: every string an int became reads back as that int.
        try edit.run("change type AllTypes.intOpt int")
        let original = try ExpectedDump(fixture: "alltypes")
        try expected.mapValues(of: "intOpt", in: Self.allTypes) { _ in .null }
        for object in try original.objects(of: Self.allTypes) {
            try expected.set("intOpt", of: Self.allTypes, key: try #require(object["_key"]?.int), to: try #require(object["intOpt"]))
        }
        try expected.setColumn("intOpt", of: Self.allTypes, ["type": .string("int")])
        try expected.setSchemaVersion(3)
        try edit.expectDump(expected)
    }

    @Test func valuesThatDoNotConvertAreListedAndNothingChanges() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("alltypes")
        let before = try edit.bytes
        // INT64_MAX and its neighbours are not doubles.
        guard case let .invalidValue(message)? = edit.refusal("change type AllTypes.intReq double") else {
            Issue.record("change type AllTypes.intReq double was not refused")
            return
        }
        #expect(message.hasPrefix("5 objects of AllTypes hold values of intReq that are not double values; nothing changed:\n  AllTypes[_id = \"obj-0004\"]  9223372036854775807\n"))
        guard case let .invalidValue(strings)? = edit.refusal("change type AllTypes.stringReq int") else {
            Issue.record("change type AllTypes.stringReq int was not refused")
            return
        }
        #expect(strings.contains("\n  … and "))
        #expect(edit.refusal("change type AllTypes.mixedValue string") != nil)
        #expect(edit.refusal("change type AllTypes._id int") == .file(.refusedEdit("AllTypes._id is the primary key; remove the primary key before changing its type")))
        #expect(edit.refusal("change type AllTypes.dateReq int") == .invalidValue("AllTypes.dateReq (date) cannot become int; it can become string"))
        #expect(edit.refusal("change type AllTypes.target string") != nil)
        #expect(try edit.bytes == before)
    }

    /// An encrypted copy (key 0x00..0x3f): pages re-encrypted, the file verifies with the key.
    @Test func schemaChangesOnAnEncryptedCopy() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("encrypted", key: try EncryptedFixture.key())
        var expected = try ExpectedDump(fixture: "encrypted")
        try edit.run("begin")
        try edit.run("rename property RealmTestClass1.stringValue text")
        try edit.run("remove property RealmTestClass1.arrayReference")
        try edit.run("change type RealmTestClass0.integerValue string")
        try edit.run("rename class RealmTestClass2 Third")
        try edit.run("add index RealmTestClass1.integerValue")
        try edit.run("commit")
        try expected.renameColumn("stringValue", of: "class_RealmTestClass1", to: "text")
        try expected.removeColumn("arrayReference", of: "class_RealmTestClass1")
        try expected.mapValues(of: "integerValue", in: "class_RealmTestClass0") { .string(String(try #require($0.int))) }
        try expected.setColumn("integerValue", of: "class_RealmTestClass0", ["type": .string("string")])
        try expected.setColumn("integerValue", of: "class_RealmTestClass1", ["indexed": .bool(true)])
        try expected.renameTable("class_RealmTestClass2", to: "class_Third")
        try expected.setSchemaVersion(2)
        try edit.expectDump(expected)
        // The plaintext never reached the disk.
        #expect(try edit.bytes.range(of: Data("RealmTestClass".utf8)) == nil)
    }
}
