import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// `import csv` of lists, sets and dictionaries of every element type, of links and of Mixed,
/// and of Mixed values holding links and nested collections: exported from alltypes.realm and
/// imported back, the objects are Realm's own (alltypes.json).
@Suite("import of collections", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ImportCollectionsTests {
    /// A copy of alltypes.realm whose AllTypes objects are all deleted (Target keeps its
    /// objects, keys and backlink columns, those of Mixed properties included).
    func withoutAllTypes(_ workspace: ExportWorkspace) throws -> String {
        let path = workspace.path("alltypes-emptied.realm")
        try FileManager.default.copyItem(atPath: Fixtures.realmPath("alltypes"), toPath: path)
        let editor = try FileEditor(path: path)
        let table = try #require(editor.file.table(named: "class_AllTypes"))
        var keys: [Int64] = []
        for position in 0..<table.objects.count {
            let (leaf, row) = try #require(try table.objects.leaf(atPosition: position))
            keys.append(try leaf.key(at: row))
        }
        #expect(keys.count == 299)
        for key in keys { try editor.delete(from: table, key: key) }
        try editor.commit()
        return path
    }

    /// `value` with every link to an embedded object replaced by that object's properties
    /// (its key dropped): re-created embedded objects get new keys, their content is compared.
    func inlined(_ value: JSONValue, embedded: [Int64: JSONValue]) -> JSONValue {
        switch value {
        case let .object(members):
            if members.count == 1, members[0].key == "$link", let parts = members[0].value.array, parts.count == 2,
               parts[0].string == "class_EmbeddedAddress", let key = parts[1].int, let object = embedded[key] {
                return inlined(object, embedded: embedded)
            }
            return .object(members.filter { $0.key != "_key" }.map { .init(key: $0.key, value: inlined($0.value, embedded: embedded)) })
        case let .array(items):
            return .array(items.map { inlined($0, embedded: embedded) })
        default:
            return value
        }
    }

    func objects(_ dump: JSONValue, _ table: String) throws -> [JSONValue] {
        try #require(dump["tables"]?.array?.first { $0["name"]?.string == table }?["objects"]?.array)
    }

    func comparable(_ dump: JSONValue) throws -> [JSONValue] {
        var embedded: [Int64: JSONValue] = [:]
        for object in try objects(dump, "class_EmbeddedAddress") { if let key = object["_key"]?.int { embedded[key] = object } }
        return try objects(dump, "class_AllTypes").map { inlined($0, embedded: embedded) }
    }

    @Test func csvRoundTripOfAllTypesGivesRealmsObjects() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ImportCollectionsTests")
        let (source, _) = try workspace.session(Fixtures.realmPath("alltypes"))
        try source.execute("export csv AllTypes \(workspace.path("alltypes.csv"))")
        let path = try withoutAllTypes(workspace)
        let (session, output) = try workspace.session(path)
        try session.execute("import csv \(workspace.path("alltypes.csv")) AllTypes")
        #expect(output.text.contains("imported 299 objects into AllTypes"), "\(output.text)")
        try workspace.verify(path)
        let expected = try comparable(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("alltypes")))
        let actual = try comparable(try workspace.dump(path))
        #expect(actual.count == expected.count)
        var differences = 0
        for (object, realm) in zip(actual, expected) where object != realm {
            differences += 1
            if differences <= 3 {
                guard case let .object(members) = realm else { continue }
                let names = members.map(\.key).filter { object[$0] != realm[$0] }
                Issue.record("\(realm["_id"]?.string ?? "?"): \(names) differ: \(names.map { "\(JSONText.compact(object[$0] ?? .null, limit: 200)) != \(JSONText.compact(realm[$0] ?? .null, limit: 200))" })")
            }
        }
        #expect(differences == 0)
        let targets = try objects(try workspace.dump(path), "class_Target")
        #expect(targets == (try objects(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("alltypes")), "class_Target")))
    }

    /// A file that never had a Mixed link into Target (alltypes' schema loaded without objects)
    /// has no backlink column for it: the import adds it in the same commit, as Realm does on
    /// the first link.
    @Test func aMixedLinkWithoutItsBacklinkColumnAddsIt() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ImportCollectionsTests")
        let path = try workspace.emptySchema(of: "alltypes")
        let targetKey = try #require(try RealmFile(path: path).table(named: "class_Target")?.key)
        let mixedValue = try #require(try RealmFile(path: path).table(named: "class_AllTypes")?.column(named: "mixedValue"))
        #expect(try RealmFile(path: path).table(named: "class_Target")?.backlinkColumns.contains { $0.oppositeColumnKey == mixedValue.key } == false)
        let (session, output) = try workspace.session(path)
        try "name,value\nt,1\n".write(toFile: workspace.path("target.csv"), atomically: true, encoding: .utf8)
        try session.execute("import csv \(workspace.path("target.csv")) Target")
        try "_id,mixedValue\nm,\"{\"\"$link\"\": [\"\"Target\"\", 0]}\"\n".write(toFile: workspace.path("mixed.csv"), atomically: true, encoding: .utf8)
        try session.execute("import csv \(workspace.path("mixed.csv")) AllTypes")
        #expect(output.text.contains("imported 1 object into AllTypes"), "\(output.text)")
        try workspace.verify(path)
        #expect(try FileVerifier(file: RealmFile(path: path)).verify().problems == [])
        let dump = try workspace.dump(path)
        let allTypes = try objects(dump, "class_AllTypes")
        #expect(allTypes.count == 1)
        #expect(allTypes.first?["_id"] == .string("m"))
        #expect(allTypes.first?["mixedValue"] == .object([.init(key: "$link", value: .array([.string("class_Target"), .int(0)]))]))
        #expect(try objects(dump, "class_Target").map { [$0["name"], $0["value"]] } == [[.string("t"), .int(1)]])
        let target = try #require(try RealmFile(path: path).table(named: "class_Target"))
        #expect(target.key == targetKey)
        #expect(target.backlinkColumns.filter { $0.oppositeColumnKey == mixedValue.key }.count == 1)
    }

    /// A refused import inside a transaction leaves no planned backlink column behind: the
    /// commit of the other change writes Target without one.
    @Test func aRefusedMixedLinkImportAddsNoColumn() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ImportCollectionsTests")
        let path = try workspace.emptySchema(of: "alltypes")
        let mixedValue = try #require(try RealmFile(path: path).table(named: "class_AllTypes")?.column(named: "mixedValue"))
        let (session, _) = try workspace.session(path)
        try "name,value\nt,1\nu,2\n".write(toFile: workspace.path("target.csv"), atomically: true, encoding: .utf8)
        try session.execute("import csv \(workspace.path("target.csv")) Target")
        try "_id,mixedValue\nm1,\"{\"\"$link\"\": [\"\"Target\"\", 0]}\"\nm2,\"{\"\"$link\"\": [\"\"Target\"\", 99]}\"\n"
            .write(toFile: workspace.path("mixed.csv"), atomically: true, encoding: .utf8)
        try session.execute("begin")
        // Target has the objects 0 and 1 (t and u): m2's link to 99 is a bad row.
        expectError(.invalidInput(path: workspace.path("mixed.csv"), reasonMentioning: "1 bad row", "line 3", "Target has no object with key 99")) {
            try session.execute("import csv \(workspace.path("mixed.csv")) AllTypes")
        }
        try session.execute("set Target[0].value = 5")
        try session.execute("commit")
        try workspace.verify(path)
        let dump = try workspace.dump(path)
        #expect(try objects(dump, "class_AllTypes").isEmpty)
        #expect(try objects(dump, "class_Target").map { [$0["name"], $0["value"]] } == [[.string("t"), .int(5)], [.string("u"), .int(2)]])
        let target = try #require(try RealmFile(path: path).table(named: "class_Target"))
        #expect(!target.backlinkColumns.contains { $0.oppositeColumnKey == mixedValue.key })
    }
}
