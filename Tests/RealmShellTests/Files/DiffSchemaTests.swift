import RealmShell
import Foundation
import RealmInterchange
import Testing
import TestSupport

/// `diff` on schema changes (made by editing a fixture's canonical dump and loading it, since
/// the editing commands only add), `--json`, and encrypted files.
@Suite("diff: schema, JSON and encryption", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct DiffSchemaTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("DiffSchemaTests-\(UUID().uuidString)-\(name)").path
    }

    /// tasks.json with the schema edited: schema version 1 → 2 (the metadata row), BankInfo
    /// without its primary key (bank_accno keeps its index), Car embedded, Person.name renamed
    /// fullName, Task.name indexed, Task.notes optional, Task.isCompleted an int (true → 1).
    func editedTasksDump() throws -> String {
        var text = try String(contentsOfFile: Fixtures.jsonPath("tasks"), encoding: .utf8)
        func replace(_ old: String, _ new: String) {
            #expect(text.contains(old), "\(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        let descriptorTail = "\"type\": \"string\", \"nullable\": false, \"collection\": null, \"target\": null"
        replace("{\"_key\": 0, \"version\": 1}", "{\"_key\": 0, \"version\": 2}")
        replace("\"primary_key\": \"bank_accno\",", "\"primary_key\": null,")
        replace("\"class\": \"Car\",\n      \"kind\": \"top-level\"", "\"class\": \"Car\",\n      \"kind\": \"embedded\"")
        replace("{\"name\": \"name\", \(descriptorTail), \"indexed\": false, \"fulltext\": false},\n        {\"name\": \"banks\"",
                "{\"name\": \"fullName\", \(descriptorTail), \"indexed\": false, \"fulltext\": false},\n        {\"name\": \"banks\"")
        text = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.contains("\"banks\": [") ? line.replacingOccurrences(of: "\"name\": ", with: "\"fullName\": ") : String(line)
        }.joined(separator: "\n")
        replace("{\"name\": \"name\", \(descriptorTail), \"indexed\": false, \"fulltext\": false},\n        {\"name\": \"createdAt\", \"type\": \"timestamp\", \"nullable\": false, \"collection\": null, \"target\": null, \"indexed\": false, \"fulltext\": false},\n        {\"name\": \"notes\", \"type\": \"string\", \"nullable\": false",
                "{\"name\": \"name\", \(descriptorTail), \"indexed\": true, \"fulltext\": false},\n        {\"name\": \"createdAt\", \"type\": \"timestamp\", \"nullable\": false, \"collection\": null, \"target\": null, \"indexed\": false, \"fulltext\": false},\n        {\"name\": \"notes\", \"type\": \"string\", \"nullable\": true")
        replace("{\"name\": \"isCompleted\", \"type\": \"bool\"", "{\"name\": \"isCompleted\", \"type\": \"int\"")
        replace("\"isCompleted\": true}", "\"isCompleted\": 1}")
        replace("\"isCompleted\": false}", "\"isCompleted\": 0}")
        return text
    }

    @Test func schemaChangesAreListedAndObjectsStillCompared() throws {
        guard Fixtures.requirePresent() else { return }
        let original = Fixtures.realmPath("tasks")
        let dump = temporaryPath("tasks.json")
        let edited = temporaryPath("tasks.realm")
        defer {
            try? FileManager.default.removeItem(atPath: dump)
            FixtureCopy.remove(edited)
        }
        try editedTasksDump().write(toFile: dump, atomically: true, encoding: .utf8)
        try Session(output: BufferedOutput()).execute("load \(dump) \(edited)")
        // Car is embedded in B, so its objects are no longer compared on their own; Person's
        // banks and the Task properties of the same type are, and none of their values changed.
        #expect(try DiffTests.diff("\(original) \(edited)") == """
            --- \(original)
            +++ \(edited)
            schema:
              ~ schema version: 1 → 2
              ~ class BankInfo: primary key bank_accno → none
              ~ class Car: top-level → embedded
              - property Person.name: string
              + property Person.fullName: string
              ~ property Task.name: string → string (indexed)
              ~ property Task.notes: string → string (optional)
              ~ property Task.isCompleted: bool → int
            summary:
              class     added  removed  changed  unchanged
              BankInfo      0        0        0          6
              Person        0        0        0          5
              Task          0        0        0         26
              TaskList      0        0        0          5

            """)

        let json = try JSONParser.parse(try DiffTests.diff("\(original) \(edited) --json"))
        let schema = try #require(json["schema"]?.array)
        #expect(schema.map { $0["change"]?.string ?? "" } == [
            "schema version", "primary key changed", "kind changed", "property removed", "property added",
            "property changed", "property changed", "property changed",
        ])
        #expect(schema[0] == (try JSONParser.parse("{\"change\": \"schema version\", \"a\": 1, \"b\": 2}")))
        #expect(schema[1] == (try JSONParser.parse("{\"change\": \"primary key changed\", \"class\": \"BankInfo\", \"a\": \"bank_accno\", \"b\": null}")))
        #expect(schema[2] == (try JSONParser.parse("{\"change\": \"kind changed\", \"class\": \"Car\", \"a\": \"top-level\", \"b\": \"embedded\"}")))
        #expect(schema[7] == (try JSONParser.parse("""
            {"change": "property changed", "class": "Task", "property": "isCompleted",
             "a": {"name": "isCompleted", "type": "bool", "nullable": false, "collection": null, "target": null, "indexed": false, "fulltext": false, "primary_key": false},
             "b": {"name": "isCompleted", "type": "int", "nullable": false, "collection": null, "target": null, "indexed": false, "fulltext": false, "primary_key": false}}
            """)))
        #expect(json["classes"]?.array?.map { $0["matched_by"]?.string ?? "" } == ["object key", "object key", "object key", "object key"])
        #expect(json["identical"] == .bool(false))
    }

    /// The edits of `DiffTests.taskEdits` as one JSON document: canonical values (links with
    /// their file's object keys; 2025-02-01T00:00:00Z is 1738368000 s), BankInfo matched by
    /// primary key (the new one gets key 6 after keys 0...5), the others by object key.
    @Test func jsonDocumentOfTheEdits() throws {
        guard Fixtures.requirePresent() else { return }
        let original = Fixtures.realmPath("tasks")
        let copy = try FixtureCopy.make(of: "tasks", prefix: "DiffSchemaTests")
        defer { FixtureCopy.remove(copy) }
        try DiffTests.edit(copy, DiffTests.taskEdits)
        let descriptor = "\"collection\": null, \"target\": null, \"indexed\": false, \"fulltext\": false, \"primary_key\": false"
        let expected = try JSONParser.parse("""
            {
              "a": "\(original)",
              "b": "\(copy)",
              "schema": [
                {"change": "property added", "class": "Person", "property": {"name": "age", "type": "int", "nullable": true, \(descriptor)}},
                {"change": "class added", "class": "Tag", "kind": "top-level", "primary_key": "name", "count": 0, "columns": [
                  {"name": "name", "type": "string", "nullable": false, "collection": null, "target": null, "indexed": true, "fulltext": false, "primary_key": true},
                  {"name": "tasks", "type": "link", "nullable": false, "collection": "list", "target": "class_Task", "indexed": false, "fulltext": false, "primary_key": false}]}
              ],
              "classes": [
                {"class": "BankInfo", "matched_by": "primary key", "objects": [
                  {"change": "changed", "a_key": 2, "b_key": 2, "primary_key": "GB29NWBK60161331926819", "properties": {"status": {"a": "closed", "b": "active"}}},
                  {"change": "added", "b_key": 6, "primary_key": "SE4550000000058398257466",
                   "object": {"_key": 6, "bank_accno": "SE4550000000058398257466", "bankname": "SEB", "status": "active"}}
                ], "added": 1, "removed": 0, "changed": 1, "unchanged": 5},
                {"class": "Car", "matched_by": "object key", "objects": [
                  {"change": "changed", "a_key": 1, "b_key": 1, "properties": {"owner": {"a": {"$link": ["class_Person", 2]}, "b": {"$link": ["class_Person", 3]}}}},
                  {"change": "removed", "a_key": 2, "object": {"_key": 2, "owner": null}}
                ], "added": 0, "removed": 1, "changed": 1, "unchanged": 2},
                {"class": "Person", "matched_by": "object key", "objects": [
                  {"change": "changed", "a_key": 3, "b_key": 3, "properties": {"banks": {"a": [], "b": [{"$link": ["class_BankInfo", 4]}]}}}
                ], "added": 0, "removed": 0, "changed": 1, "unchanged": 4},
                {"class": "Task", "matched_by": "object key", "objects": [
                  {"change": "changed", "a_key": 2, "b_key": 2, "properties": {"name": {"a": "Buy milk", "b": "Buy oat milk"}}},
                  {"change": "changed", "a_key": 3, "b_key": 3, "properties": {"isCompleted": {"a": false, "b": true}}},
                  {"change": "added", "b_key": 26,
                   "object": {"_key": 26, "name": "Water the garden", "createdAt": {"$date": [1738368000, 0]}, "notes": "", "isCompleted": false}}
                ], "added": 1, "removed": 0, "changed": 2, "unchanged": 24},
                {"class": "TaskList", "matched_by": "object key", "objects": [], "added": 0, "removed": 0, "changed": 0, "unchanged": 5}
              ],
              "identical": false
            }
            """)
        #expect(try JSONParser.parse(try DiffTests.diff("\(original) \(copy) --json")) == expected)
        // The json output modes give the same document without --json.
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: original)
        try session.execute("mode json")
        try session.execute("diff \(copy)")
        #expect(try JSONParser.parse(output.text) == expected)

        let same = try JSONParser.parse(try DiffTests.diff("\(original) \(original) --json --class Car"))
        #expect(same == (try JSONParser.parse("""
            {"a": "\(original)", "b": "\(original)", "schema": [],
             "classes": [{"class": "Car", "matched_by": "object key", "objects": [], "added": 0, "removed": 0, "changed": 0, "unchanged": 4}],
             "identical": true}
            """)))
    }

    /// encrypted.realm (README: the demo schema, 100 objects per class, keys 0...99) and its
    /// compacted copy, which keeps the key: the copy opens with the open file's key, or with
    /// --key-file for both files of `diff A B`.
    @Test func encryptedFiles() throws {
        guard Fixtures.requirePresent() else { return }
        let original = EncryptedFixture.path
        let directory = temporaryPath("encrypted")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let keyFile = try EncryptedFixture.writeKeyFile(in: directory)
        let copy = directory + "/copy.realm"
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: original, key: try EncryptedFixture.key())
        try session.execute("compact \(copy)")
        try session.execute("diff \(copy)")
        #expect(output.text.hasSuffix("no differences between \(original) and \(copy) (3 classes, 300 objects)\n"))
        #expect(try DiffTests.diff("\(original) \(copy) --key-file \(keyFile)")
                == "no differences between \(original) and \(copy) (3 classes, 300 objects)\n")
        do {
            _ = try DiffTests.diff("\(original) \(copy)")
            Issue.record("an encrypted file opened without its key")
        } catch {
            #expect("\(error)".hasPrefix("\(original) is encrypted"))
        }
        // One key for two files: the plain one opens without it. demo.realm has 1000 objects per
        // class (keys 0..255, 65536..., see README) where encrypted.realm has 100 (keys 0...99):
        // all of B's are matched by key, 900 of A's are gone.
        let demo = Fixtures.realmPath("demo")
        let json = try JSONParser.parse(try DiffTests.diff("\(demo) \(original) --key-file \(keyFile) --json"))
        let classes = try #require(json["classes"]?.array)
        #expect(classes.map { $0["class"]?.string ?? "" } == ["RealmTestClass0", "RealmTestClass1", "RealmTestClass2"])
        for entry in classes {
            #expect(entry["added"]?.int == 0)
            #expect(entry["removed"]?.int == 900)
            #expect((entry["changed"]?.int ?? 0) + (entry["unchanged"]?.int ?? 0) == 100)
        }
    }
}
