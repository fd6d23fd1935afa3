import Foundation
import RealmInterchange
import Testing
import TestSupport

/// Embedded objects and deletions through the executable as users run it: `-c` and piped
/// statements, then the file's `dump` against Realm's fixture dump edited by hand.
@Suite("Object lifecycle end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct LifecycleCommandTests {
    let runner = ExecutableTests()

    func copy(of fixture: String) throws -> String {
        try ExecutableTests.fileCopy(of: fixture, suite: "LifecycleCommand")
    }

    func remove(_ path: String) {
        ExecutableTests.removeFileCopy(path)
    }

    func dump(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        try runner.dump(path, sourceLocation: sourceLocation)
    }

    func verify(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try ExecutableTests.verifyFile(path, sourceLocation: sourceLocation)
    }

    /// The key after `key` in a table without primary key (fixtures README, "Object keys").
    func keyAfter(_ key: Int64) -> Int64 {
        let sequence = ((key >> 16) << 8 | (key & 0xFF)) + 1
        return (sequence & 0xFF) | ((sequence >> 8) << 16)
    }

    @Test func embeddedObjectsWithDashC() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try copy(of: "alltypes")
        defer { remove(path) }
        var expected = try ExpectedDump(fixture: "alltypes")
        let parent = try #require(try expected.objects(of: "class_AllTypes").first { $0["_key"]?.int == 4 })
        let oldAddress = try #require(parent["address"]?.linkedKey)
        let oldList = (parent["addressList"]?.array ?? []).compactMap { $0.linkedKey }
        #expect(oldList.count == 1)
        let highest = try #require(try expected.objects(of: "class_EmbeddedAddress").compactMap { $0["_key"]?.int }.max())
        let first = keyAfter(highest)
        let second = keyAfter(first)
        let result = try runner.run([path, "-c", """
            set AllTypes[4].address = { street: "1 Main St", city: "Oslo", zip: 150 }; \
            append AllTypes[4].addressList { street: 'Storgata 5; 2nd floor', city: 'Bergen', zip: 5003 }; \
            move AllTypes[4].addressList 1 0
            """])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("AllTypes[4].address = { street: \"1 Main St\", city: \"Oslo\", zip: 150 }  (committed version"))
        try verify(path)
        try expected.removeObject(of: "class_EmbeddedAddress", key: oldAddress)
        try expected.appendObject(of: "class_EmbeddedAddress", [("_key", .int(first)), ("street", .string("1 Main St")), ("city", .string("Oslo")), ("zip", .int(150))])
        try expected.appendObject(of: "class_EmbeddedAddress", [("_key", .int(second)), ("street", .string("Storgata 5; 2nd floor")), ("city", .string("Bergen")), ("zip", .int(5003))])
        try expected.set("address", of: "class_AllTypes", key: 4, to: ExpectedDump.link("class_EmbeddedAddress", first))
        try expected.set("addressList", of: "class_AllTypes", key: 4,
                         to: .array(([second] + oldList).map { ExpectedDump.link("class_EmbeddedAddress", $0) }))
        #expect(try dump(path) == expected.value)

        let refused = try runner.run([path, "-c", "set AllTypes[4].address = { city: 12 }"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("city"))
        #expect(try dump(path) == expected.value, "a refused edit changes nothing")
    }

    @Test func removeAndDeleteFromPipedInputInOneTransaction() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try copy(of: "alltypes")
        defer { remove(path) }
        var expected = try ExpectedDump(fixture: "alltypes")
        let objects = try expected.objects(of: "class_AllTypes")
        let parent = try #require(objects.first { $0["_key"]?.int == 2 })
        let list = (parent["addressList"]?.array ?? []).compactMap { $0.linkedKey }
        #expect(list.count >= 2)
        let doomed = try #require(objects.first { $0["_key"]?.int == 10 })
        var owned: [Int64] = (doomed["addressList"]?.array ?? []).compactMap { $0.linkedKey }
        if let address = doomed["address"]?.linkedKey { owned.append(address) }
        let input = """
            begin
            remove AllTypes[2].addressList[0]
            set AllTypes[2].address = null
            delete AllTypes[_key = 10]
            delete Target[_key = 13]
            commit

            """
        let result = try runner.run([path], input: input)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("committed 4 changes"))
        try verify(path)
        try expected.removeObject(of: "class_EmbeddedAddress", key: list[0])
        if let address = parent["address"]?.linkedKey { try expected.removeObject(of: "class_EmbeddedAddress", key: address) }
        for key in owned { try expected.removeObject(of: "class_EmbeddedAddress", key: key) }
        try expected.set("addressList", of: "class_AllTypes", key: 2, to: .array(list.dropFirst().map { ExpectedDump.link("class_EmbeddedAddress", $0) }))
        try expected.set("address", of: "class_AllTypes", key: 2, to: .null)
        try expected.removeObject(of: "class_AllTypes", key: 10)
        try expected.removeObject(of: "class_Target", key: 13)
        let link = ExpectedDump.link("class_Target", 13)
        try expected.mapObjects(of: "class_AllTypes") { object in
            guard case let .object(members) = object else { return object }
            return .object(members.map { JSONValue.Member(key: $0.key, value: $0.key == "_key" ? $0.value : ExpectedDump.nullifying(link, in: $0.value)) })
        }
        #expect(try dump(path) == expected.value)
    }

    @Test func setObjectsCreatedEarlierInTheTransaction() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try copy(of: "species")
        defer { remove(path) }
        var expected = try ExpectedDump(fixture: "species")
        let category = keyAfter(try #require(try expected.objects(of: "class_Category").compactMap { $0["_key"]?.int }.max()))
        let specimen = keyAfter(try #require(try expected.objects(of: "class_Specimen").compactMap { $0["_key"]?.int }.max()))
        let mammals = try #require(try expected.objects(of: "class_Category")[1]["_key"]?.int)
        let input = """
            begin
            create Category name = "Fungi"
            set Category[_key = \(category)].name = "Mushrooms"
            create Specimen name = "Morel"
            set Specimen[_key = \(specimen)].latitude = 2.5
            set Specimen[_key = \(specimen)].category = Category[1]
            commit

            """
        let result = try runner.run([path], input: input)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("new object Category[_key = \(category)]"))
        try verify(path)
        try expected.appendObject(of: "class_Category", [("_key", .int(category)), ("name", .string("Mushrooms"))])
        try expected.appendObject(of: "class_Specimen", [
            ("_key", .int(specimen)), ("name", .string("Morel")), ("specimenDescription", .string("")),
            ("latitude", .object([JSONValue.Member(key: "$double", value: .string("2.5"))])),
            ("longitude", .object([JSONValue.Member(key: "$double", value: .string("0"))])),
            ("created", .object([JSONValue.Member(key: "$date", value: .array([.int(0), .int(0)]))])),
            ("category", ExpectedDump.link("class_Category", mammals)),
        ])
        #expect(try dump(path) == expected.value)
    }
}
