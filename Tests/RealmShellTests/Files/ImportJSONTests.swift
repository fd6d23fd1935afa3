@testable import RealmShell
import Foundation
@testable import RealmInterchange
import Testing
import TestSupport

/// `import json`: the inverse of `export json`. Every fixture class goes out and back in and
/// exports to the same bytes (its objects get the keys Realm's had, since the fixtures never
/// deleted any); bad records are reported by record and line and change nothing.
@Suite("import json", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ImportJSONTests {
    /// Exports each class of `order` (link targets first) from the fixture, imports the files
    /// into an empty copy of its schema and exports them again: the same bytes. Returns the
    /// workspace (which keeps the files) and the rebuilt file's dump.
    func roundTrip(_ fixture: String, order: [String]) throws -> (ExportWorkspace, JSONValue) {
        let workspace = try ExportWorkspace("ImportJSONTests")
        let (source, _) = try workspace.session(Fixtures.realmPath(fixture))
        for name in order { try source.execute("export json \(name) \(workspace.path("\(name).json"))") }
        let target = try workspace.emptySchema(of: fixture)
        let (session, output) = try workspace.session(target)
        for name in order { try session.execute("import json \(workspace.path("\(name).json")) \(name)") }
        for name in order {
            let count = try #require(try JSONParser.parse(contentsOfFile: workspace.path("\(name).json")).array?.count)
            #expect(output.text.contains("imported \(count) object\(count == 1 ? "" : "s") into \(name)  (committed version"), "\(output.text)")
            try session.execute("export json \(name) \(workspace.path("\(name)-again.json"))")
            let first = try workspace.read("\(name).json")
            let again = try workspace.read("\(name)-again.json")
            #expect(again == first, "\(fixture): \(name) exports differently after the round trip")
        }
        try workspace.verify(target)
        return (workspace, try workspace.dump(target))
    }

    func objects(_ dump: JSONValue, _ table: String) throws -> [JSONValue] {
        try #require(dump["tables"]?.array?.first { $0["name"]?.string == table }?["objects"]?.array)
    }

    /// `object` without its `_key`: the keys of classes with a primary key are Realm's to choose
    /// (they are not exported, and the fixtures' show where objects were deleted), so only
    /// those of classes without one are compared.
    func withoutKey(_ object: JSONValue) -> JSONValue {
        guard case let .object(members) = object else { return object }
        return .object(members.filter { $0.key != "_key" })
    }

    /// The rebuilt classes hold Realm's own objects: same values and links, and the same keys
    /// where the class has no primary key.
    func expectRealmsObjects(_ fixture: String, order: [String]) throws {
        let (_, rebuilt) = try roundTrip(fixture, order: order)
        for name in order {
            let table = try #require(rebuilt["tables"]?.array?.first { $0["name"]?.string == "class_" + name })
            let keyed = table["primary_key"]?.string != nil
            let expected = try DumpLookup(fixture: fixture).objects(of: "class_" + name).map { keyed ? withoutKey($0) : $0 }
            let actual = try objects(rebuilt, "class_" + name).map { keyed ? withoutKey($0) : $0 }
            #expect(actual.count == expected.count, "\(name)")
            #expect(!actual.isEmpty)
            for (object, realm) in zip(actual, expected) where object != realm {
                Issue.record("\(name): \(JSONText.compact(object, limit: 300)) != \(JSONText.compact(realm, limit: 300))")
                break
            }
        }
    }

    /// Link targets first: Person.banks by primary key, TaskList.tasks, Car.owner and the demo
    /// classes' links by object keys translated as their targets are imported.
    static let fixtureClasses: [(fixture: String, classes: [String])] = [
        ("species", ["Category", "Specimen"]),
        ("tasks", ["BankInfo", "Person", "Task", "TaskList", "Car"]),
        ("demo", ["RealmTestClass0", "RealmTestClass1", "RealmTestClass2"]),
        ("history", ["Note"]),
    ]

    @Test(arguments: ImportJSONTests.fixtureClasses.indices)
    func fixtureRoundTrip(_ index: Int) throws {
        guard Fixtures.requirePresent() else { return }
        let (fixture, classes) = Self.fixtureClasses[index]
        try expectRealmsObjects(fixture, order: classes)
    }

    /// Every property type: scalars with their edge cases, lists, sets and dictionaries of each
    /// element type, links, Mixed values with links and nested collections, embedded objects.
    @Test func allTypesRoundTrip() throws {
        guard Fixtures.requirePresent() else { return }
        let (_, rebuilt) = try roundTrip("alltypes", order: ["Target", "AllTypes"])
        let lookup = try DumpLookup(fixture: "alltypes")
        #expect(try objects(rebuilt, "class_Target") == (try lookup.objects(of: "class_Target")))
        let expected = try lookup.objects(of: "class_AllTypes").map(withoutKey)
        let actual = try objects(rebuilt, "class_AllTypes").map(withoutKey)
        #expect(actual.count == 299 && expected.count == 299)
        // Embedded objects get keys of their own (the exports above compare their contents).
        let names = try #require(expected.first?.members).map(\.key).filter { !AllTypesRoundTripTests.embedded.contains($0) }
        #expect(names.contains("mixedDict") && names.contains("targetSet") && names.contains("_id"))
        var differences = 0
        for (object, realm) in zip(actual, expected) {
            for name in names where object[name] != realm[name] {
                differences += 1
                if differences <= 3 { Issue.record("\(realm["_id"].map { JSONText.compact($0) } ?? "?").\(name): \(object[name].map { JSONText.compact($0) } ?? "-") != \(realm[name].map { JSONText.compact($0) } ?? "-")") }
            }
        }
        #expect(differences == 0)
        let embedded = try objects(rebuilt, "class_EmbeddedAddress")
        #expect(embedded.count == (try lookup.objects(of: "class_EmbeddedAddress")).count)
    }

    /// A new class: types inferred from the JSON kinds, lists of values included; with the
    /// primary key given, the class exports exactly as the one it was exported from.
    @Test func aNewClassGetsInferredTypesListsIncluded() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ImportJSONTests")
        let path = try FixtureCopy.make(of: "history", prefix: "ImportJSONTests")
        defer { FixtureCopy.remove(path) }
        let (session, output) = try workspace.session(path)
        let notes = workspace.path("notes.json")
        try session.execute("export json Note \(notes)")
        try session.execute("import json \(notes) Copy --primary id")
        #expect(output.text.contains("new class Copy (id int primary, text string, score double?, tags string[]), types inferred from \(notes)\n"), "\(output.text)")
        #expect(output.text.contains("imported 504 objects into new class Copy  (committed version"))
        try session.execute("export json Copy \(workspace.path("copy.json"))")
        #expect(try workspace.read("copy.json") == (try workspace.read("notes.json")))
        try workspace.verify(path)
        let copied = try objects(try workspace.dump(path), "class_Copy").map(withoutKey)
        let original = try DumpLookup(fixture: "history").objects(of: "class_Note").map(withoutKey)
        #expect(copied.count == 504)
        #expect(copied == original, "same values, the tags lists included")
        #expect(copied.contains { ($0["tags"]?.array?.count ?? 0) > 3 })

        // Without a primary key, dates and optional values read from hand-written records.
        try """
        [{"n": 1, "when": "2020-01-01T00:00:00Z", "x": 1.5, "flags": [true, null]},
         {"n": -2, "when": "2021-06-01T12:30:00.5Z", "x": 7, "label": "b", "flags": []}]
        """.write(toFile: workspace.path("readings.json"), atomically: true, encoding: .utf8)
        try session.execute("import json \(workspace.path("readings.json")) Reading")
        #expect(output.text.contains("new class Reading (n int, when date, x double, flags bool?[], label string?), types inferred"), "\(output.text)")
        let readings = try objects(try workspace.dump(path), "class_Reading")
        #expect(readings.map { JSONText.compact($0, limit: 500) } == [
            #"{"_key": 0, "n": 1, "when": {"$date": [1577836800, 0]}, "x": {"$double": "1.5"}, "flags": [true, null], "label": null}"#,
            #"{"_key": 1, "n": -2, "when": {"$date": [1622550600, 500000000]}, "x": {"$double": "7"}, "flags": [], "label": "b"}"#,
        ])
    }

    @Test func whatCannotBeInferredIsSaid() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ImportJSONTests")
        let path = try FixtureCopy.make(of: "species", prefix: "ImportJSONTests")
        defer { FixtureCopy.remove(path) }
        let (session, _) = try workspace.session(path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let cases = [
            ("objects.json", "[{\"a\": 1},\n {\"a\": 2, \"b\": {\"street\": \"x\"}}]",
             "b holds a JSON object (record 2 (line 2)): embedded objects, dictionaries and Mixed values cannot be inferred; add the class first ('add class') and import into it"),
            ("mixed.json", "[{\"n\": 1}, {\"n\": \"two\"}]", "cannot infer one type for n: it holds integers (record 1 (line 1)) and strings (record 2 (line 1))"),
            ("empty.json", "[{\"n\": 1, \"l\": []}]", "cannot infer the element type of l: its arrays hold no values"),
        ]
        for (name, text, message) in cases {
            try text.write(toFile: workspace.path(name), atomically: true, encoding: .utf8)
            #expect {
                try session.execute("import json \(workspace.path(name)) Plant")
            } throws: { error in
                "\(error)".contains(message)
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// Realm Studio's whole-file layout (`export json FILE`) imports one class at a time.
    @Test func theWholeFileExportImportsByClass() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ImportJSONTests")
        let (source, _) = try workspace.session(Fixtures.realmPath("species"))
        try source.execute("export json \(workspace.path("all.json"))")
        try source.execute("export json Specimen \(workspace.path("specimens.json"))")
        let target = try workspace.emptySchema(of: "species")
        let (session, output) = try workspace.session(target)
        try session.execute("import json \(workspace.path("all.json")) Category")
        try session.execute("import json \(workspace.path("all.json")) Specimen")
        #expect(output.text.contains("imported 42 objects into Specimen"))
        try session.execute("export json Specimen \(workspace.path("again.json"))")
        #expect(try workspace.read("again.json") == (try workspace.read("specimens.json")))
        #expect {
            try session.execute("import json \(workspace.path("all.json")) Plant")
        } throws: { error in
            "\(error)".contains("the top-level object has no member \"Plant\" (it has Category, Specimen)")
        }
    }

    static let specimens = """
    [
      {"_key": 100, "name": "Puffin", "specimenDescription": "cliff", "latitude": 60.1, "longitude": -1, "created": "2020-05-01T06:00:00Z", "category": 0},
      {"_key": 101, "name": "Bad", "specimenDescription": "d", "latitude": "north", "longitude": 2, "created": "2020-01-01T00:00:00Z", "category": null},
      {"_key": 102, "name": "Undated", "specimenDescription": "d", "latitude": 1, "longitude": 2, "category": null}, {"name": 5, "specimenDescription": "d", "latitude": 1, "longitude": 2, "created": "2020-01-01T00:00:00Z"},
      {"name": "Coloured", "colour": "red", "specimenDescription": "d", "latitude": 1, "longitude": 2, "created": "2020-01-01T00:00:00Z"},
      {"name": "Lost", "specimenDescription": "d", "latitude": 1, "longitude": 2, "created": "2020-01-01T00:00:00Z", "category": 99},
      42,
      {"name": "Sundew", "specimenDescription": "bog", "latitude": 52, "longitude": -3.9, "created": "2020-07-01T09:30:00.25Z", "category": 2}
    ]

    """

    /// A copy of species.realm (removed with the workspace) and `specimens` written beside it.
    func speciesWithSpecimens() throws -> (workspace: ExportWorkspace, path: String, json: String) {
        let workspace = try ExportWorkspace("ImportJSONTests")
        let path = workspace.path("species.realm")
        try FileManager.default.copyItem(atPath: Fixtures.realmPath("species"), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let json = workspace.path("specimens.json")
        try Self.specimens.write(toFile: json, atomically: true, encoding: .utf8)
        return (workspace, path, json)
    }

    @Test func badRecordsAreReportedByPositionAndNothingIsWritten() throws {
        guard Fixtures.requirePresent() else { return }
        let (workspace, path, json) = try speciesWithSpecimens()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let (session, _) = try workspace.session(path)
        #expect {
            try session.execute("import json \(json) Specimen")
        } throws: { error in
            "\(error)".hasSuffix("""
            6 bad records, nothing imported ('--skip-bad' imports the valid records):
              record 2 (line 3): latitude: expected a number, got "north"
              record 3 (line 4): no created, which every Specimen needs
              record 4 (line 4): name: expected a string, got 5
              record 5 (line 5): Specimen has no property colour
              record 6 (line 6): category: Category has no object with key 99
              record 7 (line 7): expected a JSON object, got 42
            """)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the file is untouched")

        let broken = workspace.path("broken.json")
        try "[\n  {\"name\": \"a\"},\n  {\"name\": \"b\",}\n]\n".write(toFile: broken, atomically: true, encoding: .utf8)
        #expect {
            try session.execute("import json \(broken) Category")
        } throws: { error in
            "\(error)".contains("line 3, column 16: expected a member name; nothing was imported")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the file is untouched")
    }

    @Test func skipBadImportsTheValidRecords() throws {
        guard Fixtures.requirePresent() else { return }
        let (workspace, path, json) = try speciesWithSpecimens()
        let (session, output) = try workspace.session(path)
        try session.execute("import json \(json) Specimen --skip-bad")
        #expect(output.text.contains("skipping 6 bad records:\n  record 2 (line 3): "))
        #expect(output.text.contains("imported 2 objects into Specimen"))
        try workspace.verify(path)
        let specimens = try objects(try workspace.dump(path), "class_Specimen")
        #expect(specimens.count == 44)
        #expect(specimens.suffix(2).map { JSONText.compact($0, limit: 500) } == [
            #"{"_key": 42, "name": "Puffin", "specimenDescription": "cliff", "latitude": {"$double": "60.100000000000001"}, "longitude": {"$double": "-1"}, "created": {"$date": [1588312800, 0]}, "category": {"$link": ["class_Category", 0]}}"#,
            #"{"_key": 43, "name": "Sundew", "specimenDescription": "bog", "latitude": {"$double": "52"}, "longitude": {"$double": "-3.8999999999999999"}, "created": {"$date": [1593595800, 250000000]}, "category": {"$link": ["class_Category", 2]}}"#,
        ])
    }

    @Test func insideATransactionTheImportIsStagedUntilCommit() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ImportJSONTests")
        let path = try FixtureCopy.make(of: "tasks", prefix: "ImportJSONTests")
        defer { FixtureCopy.remove(path) }
        try """
        [{"bank_accno": "NEW-1", "bankname": "First", "status": "open"},
         {"bank_accno": "NEW-2", "bankname": "Second", "status": "closed"}]
        """.write(toFile: workspace.path("banks.json"), atomically: true, encoding: .utf8)
        // Links reach objects already in the file (those staged in the transaction are not
        // looked up yet).
        let accounts = try DumpLookup(fixture: "tasks").objects(of: "class_BankInfo").compactMap { $0["bank_accno"]?.string }
        try #"[{"_key": 9, "name": "Zoe", "banks": ["\#(accounts[2])", "\#(accounts[0])"]}]"#.write(toFile: workspace.path("people.json"), atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let (session, output) = try workspace.session(path)
        try session.execute("begin")
        try session.execute("import json \(workspace.path("banks.json")) BankInfo")
        try session.execute("import json \(workspace.path("people.json")) Person")
        #expect(output.text.contains("staged: import 2 objects into BankInfo"))
        #expect(output.text.contains("staged: import 1 object into Person"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "nothing is written before commit")
        try session.execute("commit")
        try workspace.verify(path)
        let dump = try workspace.dump(path)
        let banks = try objects(dump, "class_BankInfo")
        #expect(banks.suffix(2).map { [$0["bank_accno"], $0["bankname"], $0["status"]] } == [
            [.string("NEW-1"), .string("First"), .string("open")], [.string("NEW-2"), .string("Second"), .string("closed")],
        ])
        let people = try objects(dump, "class_Person")
        #expect(people.count == 6)
        #expect(people.last?["name"] == .string("Zoe"))
        let keys = banks.compactMap { $0["_key"]?.int }
        #expect(people.last?["banks"]?.array?.compactMap { $0.link?.key } == [keys[2], keys[0]])
    }
}
