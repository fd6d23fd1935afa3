import Foundation
import RealmInterchange
import Testing
import TestSupport

/// `create` and `update` take links and embedded objects as `set` does (they refused them with
/// "expected one value"), checked against Realm's dumps of the fixtures.
@Suite("links in create and update end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct LinkValueCommandTests {
    let runner = ExecutableTests()

    func copy(_ fixture: String) throws -> (directory: String, file: String) {
        try ExecutableTests.workingCopy(of: fixture, suite: "LinkValueCommandTests")
    }

    func objects(_ dump: JSONValue, _ table: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSONValue] {
        try ExecutableTests.objects(dump, table, sourceLocation: sourceLocation)
    }

    @Test func updateAndCreateSetLinksWithTheirBacklinks() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try copy("species")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let original = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species"))
        let specimens = try objects(original, "class_Specimen")
        let categories = try objects(original, "class_Category")
        let flora = try #require(categories.firstIndex { $0["name"]?.string == "Flora" })
        let floraKey = try #require(categories[flora]["_key"]?.int)
        let owls = specimens.filter { $0["name"]?.string?.hasSuffix("owl") == true }
        let script = """
        update Specimen name ENDSWITH "owl" SET category = Category[\(flora)]
        create Specimen name = "Fly agaric", category = Category[\(flora)]
        update Specimen name == "Fly agaric" SET latitude = 1.5

        """
        let result = try runner.run([file], input: script)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("Specimen.category = Category[\(flora)] \"Flora\" on \(owls.count) objects matching name ENDSWITH \"owl\"  (committed version"))
        let dumped = try JSONParser.parse(try runner.run([file, "-c", "dump"]).standardOutput)
        let after = try objects(dumped, "class_Specimen")
        #expect(after.count == specimens.count + 1)
        let link = JSONValue.object([JSONValue.Member(key: "$link", value: .array([.string("class_Category"), .int(floraKey)]))])
        for owl in owls {
            let changed = try #require(after.first { $0["_key"] == owl["_key"] })
            #expect(changed["category"] == link, "\(owl["name"]?.string ?? "?")")
        }
        let created = try #require(after.last)
        #expect(created["name"]?.string == "Fly agaric" && created["category"] == link)
        // Every other specimen kept its link; Flora's backlinks count them all.
        let floraBefore = specimens.filter { $0["category"] == link }.count
        let others = owls.filter { $0["category"] != link }.count
        let count = try runner.run([file, "-c", "count Specimen category.name == \"Flora\"; backlinks Category[\(flora)]"])
        #expect(count.standardOutput.hasPrefix("\(floraBefore + others + 1)\nSpecimen.category -> Category[\(flora)]  (\(floraBefore + others + 1) links)\n"), "\(count.standardOutput)")
    }

    @Test func createWithAnEmbeddedObjectAndUpdateToNull() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try copy("alltypes")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let original = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("alltypes"))
        let addresses = try objects(original, "class_EmbeddedAddress").count
        let result = try runner.run([file], input: """
        create AllTypes _id = "new", address = { street: "1 Main St", city: "Oslo", zip: 150 }, target = Target[3]
        count EmbeddedAddress
        show AllTypes[_id = "new"].address.city
        update AllTypes _id == "new" SET address = null
        count EmbeddedAddress

        """)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines[1] == "\(addresses + 1)")
        #expect(lines[2] == "\"Oslo\"")
        #expect(lines[4] == "\(addresses)")
    }
}
