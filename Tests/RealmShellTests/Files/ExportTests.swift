import RealmShell
import Foundation
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// `export json|csv`: every exported value checked against Realm's own dump of the fixture.
@Suite("export", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ExportTests {
    @Test func jsonOfAClassHasEveryObjectWithLinksAsKeys() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ExportTests")
        let (session, output) = try workspace.session(Fixtures.realmPath("species"))
        try session.execute("export json Specimen \(workspace.path("specimens.json"))")
        #expect(output.text == "exported 42 Specimen objects to \(workspace.path("specimens.json"))\n")
        let exported = try #require(try JSONParser.parse(workspace.read("specimens.json")).array)
        let expected = try DumpLookup(fixture: "species").objects(of: "class_Specimen")
        #expect(exported.count == expected.count)
        for (object, dumped) in zip(exported, expected) {
            #expect(object.members?.map(\.key) == ["_key", "name", "specimenDescription", "latitude", "longitude", "created", "category"])
            #expect(object["_key"] == dumped["_key"])
            #expect(object["name"] == dumped["name"])
            #expect(object["specimenDescription"] == dumped["specimenDescription"])
            #expect(object["latitude"].flatMap(Self.number) == Expected.double(dumped["latitude"]))
            #expect(object["longitude"].flatMap(Self.number) == Expected.double(dumped["longitude"]))
            #expect(object["created"]?.string == Expected.iso8601(dumped["created"]))
            let link = dumped["category"]?.link?.key
            #expect(object["category"] == (link.map(JSONValue.int) ?? .null), "links to Category (no primary key) are its object keys")
        }
    }

    @Test func linksToClassesWithAPrimaryKeyAreThatKey() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ExportTests")
        let (session, _) = try workspace.session(Fixtures.realmPath("tasks"))
        try session.execute("export json Person \(workspace.path("persons.json"))")
        let lookup = try DumpLookup(fixture: "tasks")
        var accounts: [Int64: JSONValue] = [:]
        for bank in try lookup.objects(of: "class_BankInfo") { accounts[bank["_key"]?.int ?? -1] = bank["bank_accno"] }
        let exported = try #require(try JSONParser.parse(workspace.read("persons.json")).array)
        let persons = try lookup.objects(of: "class_Person")
        #expect(exported.count == persons.count)
        for (object, dumped) in zip(exported, persons) {
            let banks = try #require(dumped["banks"]?.array).compactMap { $0.link.flatMap { accounts[$0.key] } }
            #expect(object["banks"] == .array(banks))
            #expect(object["name"] == dumped["name"])
        }
        try session.execute("export json BankInfo \(workspace.path("banks.json"))")
        let banks = try #require(try JSONParser.parse(workspace.read("banks.json")).array)
        #expect(banks.first?.members?.first?.key == "bank_accno", "a class with a primary key has no _key member")
    }

    @Test func everyClassGoesIntoOneJSONObject() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ExportTests")
        let (session, output) = try workspace.session(Fixtures.realmPath("tasks"))
        try session.execute("export json \(workspace.path("all.json"))")
        #expect(output.text.hasPrefix("exported 46 objects of 5 classes"))
        let all = try JSONParser.parse(workspace.read("all.json"))
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("tasks"))
        let classes = try #require(dump["tables"]?.array).compactMap { table -> (String, Int)? in
            guard let name = table["class"]?.string, let count = table["count"]?.int else { return nil }
            return (name, Int(count))
        }
        #expect(all.members?.map(\.key) == classes.map(\.0))
        for (name, count) in classes { #expect(all[name]?.array?.count == count) }
    }

    @Test func theLastFindResultInResultOrder() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ExportTests")
        let (session, _) = try workspace.session(Fixtures.realmPath("species"))
        expectError(.notNow(mentioning: "the last find", "run find first"), "no find yet: no result to export") {
            try session.execute("export json result \(workspace.path("none.json"))")
        }
        try session.execute("find Specimen name BEGINSWITH 'B' SORT(name DESC)")
        try session.execute("export json result \(workspace.path("result.json"))")
        try session.execute("export csv result \(workspace.path("result.csv"))")
        let specimens = try DumpLookup(fixture: "species").objects(of: "class_Specimen")
        let matching = specimens.filter { $0["name"]?.string?.hasPrefix("B") == true }
            .sorted { ($0["name"]?.string ?? "").utf8.lexicographicallyPrecedes(($1["name"]?.string ?? "").utf8) }.reversed()
        let exported = try #require(try JSONParser.parse(workspace.read("result.json")).array)
        #expect(exported.map { $0["_key"] } == matching.map { $0["_key"] })
        #expect(exported.count == 4)
        let csvKeys = try workspace.read("result.csv").components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
            .map { $0.prefix { $0 != "," } }
        #expect(csvKeys.map(String.init) == matching.compactMap { $0["_key"]?.int.map(String.init) })
    }

    @Test func csvHasAHeaderRowAndQuotesWhereRFC4180Says() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ExportTests")
        let (session, output) = try workspace.session(Fixtures.realmPath("species"))
        try session.execute("export csv \(workspace.path("all"))")
        #expect(output.text.hasSuffix("to \(workspace.path("all"))/ (Category.csv, Specimen.csv)\n"))
        let specimens = try DumpLookup(fixture: "species").objects(of: "class_Specimen")
        var expected = "_key,name,specimenDescription,latitude,longitude,created,category\r\n"
        for object in specimens {
            let fields = [
                String(object["_key"]?.int ?? -1), object["name"]?.string ?? "?", object["specimenDescription"]?.string ?? "?",
                "\(Expected.double(object["latitude"]) ?? .nan)", "\(Expected.double(object["longitude"]) ?? .nan)",
                Expected.iso8601(object["created"]) ?? "?", object["category"]?.link.map { String($0.key) } ?? "",
            ]
            expected += fields.map(Expected.csvField).joined(separator: ",") + "\r\n"
        }
        #expect(try workspace.read("all/Specimen.csv") == expected)
        #expect(expected.contains("\"Deciduous conifer standing in shallow swamp water, knees visible.\""), "the comma case is covered")
        let categories = try DumpLookup(fixture: "species").objects(of: "class_Category")
        #expect(try workspace.read("all/Category.csv") == "_key,name\r\n" + categories.map { "\($0["_key"]?.int ?? -1),\($0["name"]?.string ?? "")\r\n" }.joined())
    }

    @Test func csvKeepsEmptyApartFromNullAndCollectionsAsJSON() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ExportTests")
        let (session, _) = try workspace.session(Fixtures.realmPath("alltypes"))
        try session.execute("export csv AllTypes \(workspace.path("alltypes.csv"))")
        let lines = try workspace.read("alltypes.csv").components(separatedBy: "\r\n")
        let header = lines[0].components(separatedBy: ",")
        let objects = try DumpLookup(fixture: "alltypes").objects(of: "class_AllTypes")
        #expect(header == objects[0].members?.dropFirst().map(\.key), "a primary key class has no _key column")
        // Object 0: _id "" (empty, quoted), stringReq "" and dataReq empty blob; null intList elements none.
        #expect(objects[0]["_id"]?.string == "" && lines[1].hasPrefix("\"\",0,"))
        let targetList = try #require(objects[1]["targetList"]?.array).compactMap { $0.link?.key }
        #expect(lines[2].contains(",[" + targetList.map(String.init).joined(separator: ", ") + "],"), "lists of links are JSON arrays of keys")
        #expect(objects.contains { $0["stringOpt"] == .null }, "the fixture has null strings")
    }

    @Test func badArgumentsAreUsageErrors() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ExportTests")
        let (session, _) = try workspace.session(Fixtures.realmPath("alltypes"))
        let usage = ExpectedError.usage(mentioning: "export json|csv [CLASS | result] FILE")
        expectError(usage, "xml is no format of export") { try session.execute("export xml AllTypes x.xml") }
        expectError(usage, "no FILE") { try session.execute("export json") }
        #expect(throws: BrowserError.unknownClass("Nope", suggestion: nil)) {
            try session.execute("export json Nope \(workspace.path("x.json"))")
        }
        expectError(.invalidValue(mentioning: "EmbeddedAddress is an embedded class", "inside their parents")) {
            try session.execute("export json EmbeddedAddress \(workspace.path("x.json"))")
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.path("x.json")))
    }

    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case let .double(number): return number
        case let .int(number): return Double(number)
        default: return nil
        }
    }
}
