import RealmShell
import Foundation
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// `import csv`: export then import rebuilds Realm's objects; bad rows change nothing.
@Suite("import", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ImportTests {
    /// Exports every class of `fixture` as CSV, imports the files (link targets first) into an
    /// empty copy of its schema, and compares the rebuilt objects with Realm's dump.
    func roundTrip(_ fixture: String, order: [String]) throws {
        let workspace = try ExportWorkspace("ImportTests")
        let (source, _) = try workspace.session(Fixtures.realmPath(fixture))
        try source.execute("export csv \(workspace.path("csv"))")
        let target = try workspace.emptySchema(of: fixture)
        let (session, output) = try workspace.session(target)
        for name in order { try session.execute("import csv \(workspace.path("csv/\(name).csv")) \(name)") }
        #expect(output.text.contains("imported"), "\(output.text)")
        try workspace.verify(target)
        let rebuilt = try workspace.dump(target)
        let original = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
        for name in order {
            let table = "class_" + name
            let expected = try DumpLookup(fixture: fixture).objects(of: table)
            let actual = try #require(rebuilt["tables"]?.array?.first { $0["name"]?.string == table }?["objects"]?.array)
            #expect(actual.count == expected.count, "\(table)")
            for (object, realm) in zip(actual, expected) where object != realm {
                Issue.record("\(table): \(JSONText.compact(object, limit: 300)) != \(JSONText.compact(realm, limit: 300))")
                break
            }
        }
        #expect(rebuilt["tables"]?.array?.count == original["tables"]?.array?.count)
    }

    @Test func csvRoundTripOfSpeciesGivesRealmsObjects() throws {
        guard Fixtures.requirePresent() else { return }
        try roundTrip("species", order: ["Category", "Specimen"])
    }

    @Test func csvRoundTripOfTasksGivesRealmsObjects() throws {
        guard Fixtures.requirePresent() else { return }
        // Person.banks lists BankInfo by primary key; TaskList.tasks and Car.owner by object key.
        try roundTrip("tasks", order: ["BankInfo", "Person", "Task", "TaskList", "Car"])
    }

    @Test func csvRoundTripOfDemoGivesRealmsObjects() throws {
        guard Fixtures.requirePresent() else { return }
        // 1000 objects per class (several cluster leaves), lists of links with duplicates.
        try roundTrip("demo", order: ["RealmTestClass0", "RealmTestClass1", "RealmTestClass2"])
    }

    @Test func linksAreStagedWithTheirObjectsInsideATransaction() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ImportTests")
        let path = try FixtureCopy.make(of: "species", prefix: "ImportTests")
        defer { FixtureCopy.remove(path) }
        try """
        name,specimenDescription,latitude,longitude,created,category
        Puffin,cliff colony,60.1,-1.2,2020-05-01T06:00:00Z,0
        Sundew,bog,52.0,-3.9,2020-07-01T09:30:00Z,2

        """.write(toFile: workspace.path("s.csv"), atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let (session, output) = try workspace.session(path)
        try session.execute("begin")
        try session.execute("import csv \(workspace.path("s.csv")) Specimen")
        #expect(output.text.contains("staged: import 2 objects into Specimen"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "nothing is written before commit")
        try session.execute("commit")
        try workspace.verify(path)
        let tables = try #require(try workspace.dump(path)["tables"]?.array)
        let specimens = try #require(tables.first { $0["name"]?.string == "class_Specimen" }?["objects"]?.array)
        #expect(specimens.suffix(2).map { $0["name"]?.string } == ["Puffin", "Sundew"])
        #expect(specimens.suffix(2).map { $0["category"]?.link?.key } == [0, 2])
        let categories = try #require(tables.first { $0["name"]?.string == "class_Category" }?["objects"]?.array)
        #expect(categories.count == 5)
    }

    @Test func aNewClassGetsInferredTypesAndItsObjectsInOneCommit() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ImportTests")
        let path = try FixtureCopy.make(of: "species", prefix: "ImportTests")
        defer { FixtureCopy.remove(path) }
        let csv = workspace.path("readings.csv")
        try "n,x,flag,when,label,zip\n1,1.5,true,2020-01-01T00:00:00Z,a,0042\n-2,,FALSE,2021-06-01T12:30:00.5Z,,1000\n3,7,true,1969-12-31T23:59:59.25Z,\"\",7\n"
            .write(toFile: csv, atomically: true, encoding: .utf8)
        let (session, output) = try workspace.session(path)
        try session.execute("import csv \(csv) Reading")
        #expect(output.text.hasPrefix("new class Reading (n int, x double?, flag bool, when date, label string?, zip string), types inferred from \(csv)\n"))
        #expect(output.text.contains("imported 3 objects into new class Reading  (committed version"))
        try workspace.verify(path)
        let dump = try workspace.dump(path)
        let table = try #require(dump["tables"]?.array?.first { $0["name"]?.string == "class_Reading" })
        let objects = try #require(table["objects"]?.array)
        #expect(objects.map { JSONText.compact($0, limit: 500) } == [
            #"{"_key": 0, "n": 1, "x": {"$double": "1.5"}, "flag": true, "when": {"$date": [1577836800, 0]}, "label": "a", "zip": "0042"}"#,
            #"{"_key": 1, "n": -2, "x": null, "flag": false, "when": {"$date": [1622550600, 500000000]}, "label": null, "zip": "1000"}"#,
            #"{"_key": 2, "n": 3, "x": {"$double": "7"}, "flag": true, "when": {"$date": [0, -750000000]}, "label": "", "zip": "7"}"#,
        ])
        // The Category export read back as a new class: same names, in the same order.
        try session.execute("export csv Category \(workspace.path("category.csv"))")
        try session.execute("import csv \(workspace.path("category.csv")) Group")
        let groups = try #require(try workspace.dump(path)["tables"]?.array?.first { $0["name"]?.string == "class_Group" }?["objects"]?.array)
        #expect(groups.map { $0["name"] } == (try DumpLookup(fixture: "species").objects(of: "class_Category")).map { $0["name"] })
    }

    @Test func aNewClassOfAThousandObjectsSpansSeveralLeaves() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ImportTests")
        let path = try FixtureCopy.make(of: "demo", prefix: "ImportTests")
        defer { FixtureCopy.remove(path) }
        let (session, output) = try workspace.session(path)
        try session.execute("export csv RealmTestClass0 \(workspace.path("class0.csv"))")
        try session.execute("begin")
        try session.execute("import csv \(workspace.path("class0.csv")) Copy0")
        try session.execute("commit")
        #expect(output.text.contains("new class Copy0 (integerValue int, stringValue string), types inferred"), "no string is null in the fixture")
        try workspace.verify(path)
        let copied = try #require(try workspace.dump(path)["tables"]?.array?.first { $0["name"]?.string == "class_Copy0" }?["objects"]?.array)
        let original = try DumpLookup(fixture: "demo").objects(of: "class_RealmTestClass0")
        #expect(copied.count == 1000)
        #expect(copied == original, "same squeezed keys (0..255, 65536..) and values")
    }

    @Test func aNewClassWithAPrimaryKey() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ImportTests")
        let path = try FixtureCopy.make(of: "tasks", prefix: "ImportTests")
        defer { FixtureCopy.remove(path) }
        let (session, output) = try workspace.session(path)
        try session.execute("export csv BankInfo \(workspace.path("banks.csv"))")
        try session.execute("import csv \(workspace.path("banks.csv")) Bank --primary bank_accno")
        #expect(output.text.contains("new class Bank (bank_accno string primary, bankname string, status string), types inferred"))
        try workspace.verify(path)
        let tables = try #require(try workspace.dump(path)["tables"]?.array)
        let bank = try #require(tables.first { $0["name"]?.string == "class_Bank" })
        let original = try #require(tables.first { $0["name"]?.string == "class_BankInfo" })
        #expect(bank["primary_key"]?.string == "bank_accno")
        #expect(bank["columns"] == original["columns"], "same properties, the primary key indexed")
        #expect(bank["objects"] == original["objects"], "same keys (0, 1, 2...) and values")
        try session.execute("show Bank[bank_accno = \"\(original["objects"]?.array?.last?["bank_accno"]?.string ?? "")\"]")
        #expect(output.text.contains("Bank[5]"))

        let duplicates = workspace.path("duplicates.csv")
        try "code,name\nA,first\nB,second\nA,third\n".write(toFile: duplicates, atomically: true, encoding: .utf8)
        #expect {
            try session.execute("import csv \(duplicates) Coded --primary code")
        } throws: { error in
            "\(error)".contains("line 4: an earlier row already has code = 'A'")
        }
        expectError(.invalidValue(mentioning: "--primary nope", "the header has no such column")) {
            try session.execute("import csv \(duplicates) Coded --primary nope")
        }
        expectError(.usage(mentioning: "--primary names the primary key of a new class", "Bank exists already")) {
            try session.execute("import csv \(duplicates) Bank --primary code")
        }
    }

    @Test func linksByExportedKeyFollowTheObjectsToTheirNewKeys() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ImportTests")
        let path = try FixtureCopy.make(of: "species", prefix: "ImportTests")
        defer { FixtureCopy.remove(path) }
        try "_key,name\n0,Fungi\n5,Lichens\n9,Mosses\n".write(toFile: workspace.path("c.csv"), atomically: true, encoding: .utf8)
        try """
        _key,name,specimenDescription,latitude,longitude,created,category
        0,Fly agaric,red cap,1,2,2020-01-01T00:00:00Z,9
        1,Oakmoss,grey,1,2,2020-01-01T00:00:00Z,0
        2,Reindeer lichen,pale,1,2,2020-01-01T00:00:00Z,5

        """.write(toFile: workspace.path("s.csv"), atomically: true, encoding: .utf8)
        let (session, output) = try workspace.session(path)
        try session.execute("import csv \(workspace.path("c.csv")) Category")
        try session.execute("import csv \(workspace.path("s.csv")) Specimen")
        #expect(output.text.contains("links to them by _key in files imported next are translated"))
        try workspace.verify(path)
        let tables = try #require(try workspace.dump(path)["tables"]?.array)
        let categories = try #require(tables.first { $0["name"]?.string == "class_Category" }?["objects"]?.array)
        let specimens = try #require(tables.first { $0["name"]?.string == "class_Specimen" }?["objects"]?.array)
        // The species file holds categories 0..4, so the three new ones got keys 5, 6 and 7.
        #expect(categories.suffix(3).map { $0["_key"]?.int } == [5, 6, 7])
        #expect(categories.suffix(3).map { $0["name"]?.string } == ["Fungi", "Lichens", "Mosses"])
        #expect(specimens.suffix(3).map { $0["category"]?.link?.key } == [7, 5, 6], "exported 9, 0, 5 are now 7, 5, 6")
    }

    func badRowsCSV(_ workspace: ExportWorkspace) throws -> String {
        let csv = workspace.path("bad.csv")
        try """
        name,specimenDescription,latitude,longitude,created,category
        Ok one,desc,1.5,2.5,2020-01-01T00:00:00Z,0
        Bad lat,desc,north,2.5,2020-01-01T00:00:00Z,0
        Bad cat,desc,1,2,2020-01-01T00:00:00Z,99
        "Two
        lines",desc,1,2,2020-02-29T00:00:00Z,
        Short,row

        """.write(toFile: csv, atomically: true, encoding: .utf8)
        return csv
    }

    @Test func badRowsAreReportedByLineAndNothingIsWritten() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ImportTests")
        let path = try FixtureCopy.make(of: "species", prefix: "ImportTests")
        defer { FixtureCopy.remove(path) }
        let csv = try badRowsCSV(workspace)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let (session, _) = try workspace.session(path)
        do {
            try session.execute("import csv \(csv) Specimen")
            Issue.record("bad rows must fail the import")
        } catch {
            let message = error.description
            #expect(message.contains("3 bad rows, nothing imported"), "\(message)")
            #expect(message.contains("line 3: latitude: 'north' is not a number"), "\(message)")
            #expect(message.contains("line 4: category: Category has no object with key 99"), "\(message)")
            #expect(message.contains("line 7: 2 fields, the header has 6"), "\(message)")
            #expect(!message.contains("line 5"), "the quoted line break belongs to a valid record")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the file is untouched")
    }

    @Test func skipBadImportsTheValidRows() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ImportTests")
        let path = try FixtureCopy.make(of: "species", prefix: "ImportTests")
        defer { FixtureCopy.remove(path) }
        let csv = try badRowsCSV(workspace)
        let (session, output) = try workspace.session(path)
        try session.execute("import csv \(csv) Specimen --skip-bad")
        #expect(output.text.contains("skipping 3 bad rows:\n  line 3: "))
        #expect(output.text.contains("imported 2 objects into Specimen"))
        try workspace.verify(path)
        let objects = try #require(try workspace.dump(path)["tables"]?.array?.first { $0["name"]?.string == "class_Specimen" }?["objects"]?.array)
        #expect(objects.count == 44)
        #expect(JSONText.compact(objects[42], limit: 500) == #"{"_key": 42, "name": "Ok one", "specimenDescription": "desc", "latitude": {"$double": "1.5"}, "longitude": {"$double": "2.5"}, "created": {"$date": [1577836800, 0]}, "category": {"$link": ["class_Category", 0]}}"#)
        #expect(JSONText.compact(objects[43], limit: 500) == #"{"_key": 43, "name": "Two\u000alines", "specimenDescription": "desc", "latitude": {"$double": "1"}, "longitude": {"$double": "2"}, "created": {"$date": [1582934400, 0]}, "category": null}"#)
    }

    @Test func insideATransactionTheImportIsStagedUntilCommit() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ImportTests")
        let path = try FixtureCopy.make(of: "species", prefix: "ImportTests")
        defer { FixtureCopy.remove(path) }
        let csv = workspace.path("categories.csv")
        try "name\nFungi\n\"Algae, green\"\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let (session, output) = try workspace.session(path)
        try session.execute("begin")
        try session.execute("import csv \(csv) Category")
        try session.execute("status")
        #expect(output.text.contains("1. import 2 objects into Category\n"))
        try session.execute("rollback")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        try session.execute("begin")
        try session.execute("import csv \(csv) Category")
        try session.execute("commit")
        try workspace.verify(path)
        let objects = try #require(try workspace.dump(path)["tables"]?.array?.first { $0["name"]?.string == "class_Category" }?["objects"]?.array)
        #expect(objects.compactMap { $0["name"]?.string }.suffix(2) == ["Fungi", "Algae, green"])
    }

    @Test func unknownPropertiesAndFilesRefuseTheWholeImport() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ImportTests")
        let path = try workspace.emptySchema(of: "alltypes")
        let (session, _) = try workspace.session(path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let unknown = workspace.path("unknown.csv")
        try "name,colour\nx,red\n".write(toFile: unknown, atomically: true, encoding: .utf8)
        #expect(throws: BrowserError.unknownProperty(className: "Target", name: "colour")) { try session.execute("import csv \(unknown) Target") }
        expectError(.invalidInput(path: workspace.path("missing.csv"), reasonMentioning: "no such file")) {
            try session.execute("import csv \(workspace.path("missing.csv")) Target")
        }
        // A CSV file is no JSON: its first character is not the '[' of an array of objects.
        expectError(.invalidInput(path: unknown, reasonMentioning: "line 1, column 1", "expected an array of objects", "nothing was imported")) {
            try session.execute("import json \(unknown) Target")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func duplicatePrimaryKeysAreBadRows() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ImportTests")
        let path = try FixtureCopy.make(of: "tasks", prefix: "ImportTests")
        defer { FixtureCopy.remove(path) }
        let existing = try #require(try DumpLookup(fixture: "tasks").objects(of: "class_BankInfo").first?["bank_accno"]?.string)
        let csv = workspace.path("banks.csv")
        try "bank_accno,bankname,status\nNEW-1,Bank,open\nNEW-1,Bank,open\n\(existing),Bank,open\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let (session, _) = try workspace.session(path)
        do {
            try session.execute("import csv \(csv) BankInfo")
            Issue.record("duplicates must fail")
        } catch {
            #expect("\(error)".contains("line 3: line 2 already has bank_accno = 'NEW-1'"), "\(error)")
            #expect("\(error)".contains("line 4: BankInfo already has an object with bank_accno = '\(existing)'"), "\(error)")
        }
    }
}
