import Foundation
import RealmInterchange
import Testing
import TestSupport

/// Whole collections, links and Mixed links given to `import csv`, `create` and `update` from
/// the command line: the file's dump is Realm's dump of alltypes.realm (alltypes.json) plus
/// exactly the change. Expected values are written out by hand from the input: sets sorted
/// and without duplicates, dictionary keys in order, links as the dump writes them.
@Suite("collections and links in import, create and update, end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct CollectionValueCommandTests {
    let runner = ExecutableTests()

    func copyOfAllTypes() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("CollectionValueCommandTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.realmPath("alltypes"), toPath: directory + "/alltypes.realm")
        return directory
    }

    func objects(_ dump: JSONValue, _ table: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSONValue] {
        try ExecutableTests.objects(dump, table, sourceLocation: sourceLocation)
    }

    func dump(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        try runner.dump(path, sourceLocation: sourceLocation)
    }

    static func link(_ key: Int64) -> JSONValue { .object([.init(key: "$link", value: .array([.string("class_Target"), .int(key)]))]) }
    static func dictionary(_ entries: [(String, JSONValue)]) -> JSONValue {
        .object([.init(key: "$dict", value: .array(entries.map { .array([.string($0.0), $0.1]) }))])
    }

    /// The file holds Realm's objects and one more AllTypes object with `expected` values.
    func expectOneNewObject(in path: String, id: String, _ expected: [String: JSONValue]) throws -> JSONValue {
        let realm = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("alltypes"))
        let file = try dump(path)
        let allTypes = try objects(file, "class_AllTypes")
        let original = try objects(realm, "class_AllTypes")
        #expect(allTypes.count == original.count + 1)
        #expect(Array(allTypes.prefix(original.count)) == original, "the other objects are Realm's")
        #expect(try objects(file, "class_Target") == (try objects(realm, "class_Target")))
        let created = try #require(allTypes.last)
        #expect(created["_id"]?.string == id)
        for (property, value) in expected { #expect(created[property] == value, "\(property): \(created[property].map { JSONText.compact($0, limit: 200) } ?? "missing")") }
        return created
    }

    @Test func importReadsCollectionsAndMixedLinksFromJSONCells() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = try copyOfAllTypes()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try """
        _id,intList,stringOptSet,doubleSet,intDict,mixedValue,mixedList,targetSet,targetDict
        new-1,"[3, 1, 2]","[""b"", null, ""a"", ""b""]","[2.5, -1, 2.5]","{""z"": 1, ""a"": 2}","{""$link"": [""Target"", 5]}","[1, [""x"", {""k"": {""$date"": ""2020-01-02T03:04:05Z""}}], {""$link"": [""Target"", 7]}]","[9, 3]","{""b"": 4, ""a"": null}"

        """.write(toFile: directory + "/new.csv", atomically: true, encoding: .utf8)
        let imported = try runner.run([directory + "/alltypes.realm", "-c", "import csv \(directory)/new.csv AllTypes"])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains("imported 1 object into AllTypes"), "\(imported.standardOutput)")
        let date = JSONValue.object([.init(key: "$date", value: .array([.int(1_577_934_245), .int(0)]))])
        _ = try expectOneNewObject(in: directory + "/alltypes.realm", id: "new-1", [
            "intList": .array([.int(3), .int(1), .int(2)]),
            "stringOptSet": .array([.null, .string("a"), .string("b")]),
            "doubleSet": .array([.object([.init(key: "$double", value: .string("-1"))]), .object([.init(key: "$double", value: .string("2.5"))])]),
            "intDict": Self.dictionary([("a", .int(2)), ("z", .int(1))]),
            "mixedValue": Self.link(5),
            "mixedList": .array([.object([.init(key: "$int", value: .int(1))]), .array([.string("x"), Self.dictionary([("k", date)])]), Self.link(7)]),
            "targetSet": .array([Self.link(3), Self.link(9)]),
            "targetDict": Self.dictionary([("a", .null), ("b", Self.link(4))]),
        ])
        let backlinks = try runner.run([directory + "/alltypes.realm", "-c", "backlinks Target[7]"])
        #expect(backlinks.standardOutput.contains("new-1"), "the Mixed link has its backlink: \(backlinks.standardOutput)")
    }

    @Test func importRefusesBadCollectionCellsByLine() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = try copyOfAllTypes()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try """
        _id,intSet,mixedValue,targetDict
        bad-1,"[1, [2]]",,{}
        bad-2,[],"{""$link"": [""Target"", 999]}",{}
        bad-3,[],,"{""a"": 99}"

        """.write(toFile: directory + "/bad.csv", atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: directory + "/alltypes.realm"))
        let imported = try runner.run([directory + "/alltypes.realm", "-c", "import csv \(directory)/bad.csv AllTypes"])
        #expect(imported.status == 1)
        #expect(imported.standardError.contains("3 bad rows"), "\(imported.standardError)")
        #expect(imported.standardError.contains("line 2: intSet: expected a single value, not a nested array or object"))
        #expect(imported.standardError.contains("line 3: mixedValue: Target has no object with key 999"))
        #expect(imported.standardError.contains("line 4: targetDict[\"a\"]: Target has no object with key 99"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/alltypes.realm")) == before)
    }

    @Test func createTakesCollectionsLinksAndEmbeddedObjects() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = try copyOfAllTypes()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let created = try runner.run([directory + "/alltypes.realm", "-c",
            #"create AllTypes _id = "new-2", intList = {3, 1, 2}, stringOptSet = {"b", null, "a", "b"}, intDict = {"z": 1, "a": 2}, target = Target[2], targetSet = {Target[9], Target[3]}, targetDict = {"b": Target[4], "a": null}, mixedValue = Target[5], address = { city: "Oslo" }"#])
        #expect(created.status == 0, "\(created.standardError)")
        let object = try expectOneNewObject(in: directory + "/alltypes.realm", id: "new-2", [
            "intList": .array([.int(3), .int(1), .int(2)]),
            "stringOptSet": .array([.null, .string("a"), .string("b")]),
            "intDict": Self.dictionary([("a", .int(2)), ("z", .int(1))]),
            "target": Self.link(2),
            "targetSet": .array([Self.link(3), Self.link(9)]),
            "targetDict": Self.dictionary([("a", .null), ("b", Self.link(4))]),
            "mixedValue": Self.link(5),
        ])
        let addressKey = try #require(object["address"]?["$link"]?.array?.last?.int)
        let addresses = try objects(try dump(directory + "/alltypes.realm"), "class_EmbeddedAddress")
        let address = try #require(addresses.first { $0["_key"]?.int == addressKey })
        #expect(address["city"]?.string == "Oslo" && address["street"]?.string == "" && address["zip"]?.int == 0)
        let refused = try runner.run([directory + "/alltypes.realm", "-c", #"create AllTypes _id = "new-3", targetSet = {Target[99]}"#])
        #expect(refused.status != 0)
        #expect(try objects(try dump(directory + "/alltypes.realm"), "class_AllTypes").count == 300, "nothing of a refused create is written")
    }

    @Test func updateSetsCollectionsAndLinksOnEveryMatch() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = try copyOfAllTypes()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = """
        begin
        update AllTypes intReq > 0 SET intList = {7, 8}
        update AllTypes intReq > 0 SET target = Target[1]
        update AllTypes intReq > 0 SET stringOptDict = {"k": "v"}
        commit

        """
        let updated = try runner.run([directory + "/alltypes.realm"], input: script)
        #expect(updated.status == 0, "\(updated.standardError)")
        let realm = try objects(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("alltypes")), "class_AllTypes")
        let file = try objects(try dump(directory + "/alltypes.realm"), "class_AllTypes")
        #expect(file.count == realm.count)
        var matched = 0
        for (object, original) in zip(file, realm) {
            guard let intReq = original["intReq"]?.int, intReq > 0 else {
                #expect(object == original)
                continue
            }
            matched += 1
            guard case let .object(members) = original else { continue }
            let expected = JSONValue.object(members.map { member in
                switch member.key {
                case "intList": return .init(key: member.key, value: .array([.int(7), .int(8)]))
                case "target": return .init(key: member.key, value: Self.link(1))
                case "stringOptDict": return .init(key: member.key, value: Self.dictionary([("k", .string("v"))]))
                default: return member
                }
            })
            #expect(object == expected)
        }
        #expect(matched > 0 && updated.standardOutput.contains("on \(matched) objects"))
    }

    /// `update` stages every object or none: giving six objects one primary key fails at the
    /// second, and the first is not written either (nor left staged in a transaction).
    @Test func updateIsAllOrNothingAndKeepsPrimaryKeysUnique() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("CollectionValueCommandTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tasks.realm"
        try FileManager.default.copyItem(atPath: Fixtures.realmPath("tasks"), toPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let refused = try runner.run([path, "-c", #"update BankInfo TRUEPREDICATE SET bank_accno = "x""#])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains(#"BankInfo already has an object with bank_accno = "x""#), "\(refused.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let script = """
        begin
        update BankInfo TRUEPREDICATE SET bank_accno = "x"
        set BankInfo[2].bank_accno = "x"
        status
        commit

        """
        let staged = try runner.run([path], input: script)
        #expect(staged.status == 1, "the failed update is reported")
        #expect(staged.standardOutput.contains("committed 1 change"), "\(staged.standardOutput)")
        let realm = try objects(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("tasks")), "class_BankInfo")
        let file = try objects(try dump(path), "class_BankInfo")
        #expect(file.map { $0["bank_accno"]?.string } == realm.enumerated().map { $0.offset == 2 ? "x" : $0.element["bank_accno"]?.string })
    }
}
