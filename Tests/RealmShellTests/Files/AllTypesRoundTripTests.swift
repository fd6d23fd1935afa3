@testable import RealmShell
import Foundation
@testable import RealmInterchange
import Testing
import TestSupport

/// AllTypes through `export csv` and `import csv` into an empty copy of its schema, compared
/// with Realm's dump: every scalar type with the fixture's edge cases (NaN, -0, infinities,
/// extreme dates, empty versus null strings and blobs, NUL bytes, Decimal128 forms), Mixed
/// values of every scalar type, links and lists of links, embedded objects and lists of them.
@Suite("AllTypes round trip", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct AllTypesRoundTripTests {
    static let scalars = ["_id", "intReq", "intOpt", "boolReq", "boolOpt", "floatReq", "floatOpt", "doubleReq", "doubleOpt",
                          "stringReq", "stringOpt", "dataReq", "dataOpt", "dateReq", "dateOpt", "objectIdReq", "objectIdOpt",
                          "decimalReq", "decimalOpt", "uuidReq", "uuidOpt", "indexedString", "indexedInt", "fullText", "mixedValue",
                          "target", "targetList"]
    static let embedded = ["address", "addressList"]

    @Test func everyImportableValueSurvivesExportAndImport() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("AllTypesRoundTrip")
        let (source, _) = try workspace.session(Fixtures.realmPath("alltypes"))
        try source.execute("export csv \(workspace.path("csv"))")
        // The rows whose Mixed value is a scalar (links and collections in Mixed values, and
        // lists of scalars, sets and dictionaries, are not imported yet), with the columns above.
        let dumped = try DumpLookup(fixture: "alltypes").objects(of: "class_AllTypes")
        let isScalar: (JSONValue) -> Bool = { value in
            if case .array = value { return false }
            return value["$link"] == nil && value["$dict"] == nil
        }
        let chosen = dumped.indices.filter { isScalar(dumped[$0]["mixedValue"] ?? .null) }
        let original = chosen.map { dumped[$0] }
        let records = try CSVReader.records(in: try workspace.read("csv/AllTypes.csv"))
        let header = records[0].fields.map(\.text)
        let properties = Self.scalars + Self.embedded
        let columns = try properties.map { name in try #require(header.firstIndex(of: name)) }
        var subset = CSV.record(properties) + "\r\n"
        for record in chosen.map({ records[$0 + 1] }) {
            subset += columns.map { index in
                let field = record.fields[index]
                return field.quoted && field.text.isEmpty ? "\"\"" : CSV.field(field.text)
            }.joined(separator: ",") + "\r\n"
        }
        try subset.write(toFile: workspace.path("subset.csv"), atomically: true, encoding: .utf8)
        let target = try workspace.emptySchema(of: "alltypes")
        let (session, output) = try workspace.session(target)
        try session.execute("import csv \(workspace.path("csv/Target.csv")) Target")
        try session.execute("import csv \(workspace.path("subset.csv")) AllTypes")
        #expect(output.text.contains("imported \(chosen.count) objects into AllTypes"), "\(output.text)")
        #expect(chosen.count > 200, "more objects than one cluster leaf holds")
        try workspace.verify(target)
        let rebuiltDump = try workspace.dump(target)
        let rebuilt = try #require(rebuiltDump["tables"]?.array?.first { $0["name"]?.string == "class_AllTypes" }?["objects"]?.array)
        #expect(rebuilt.count == original.count)
        let mixedTags = Set(original.compactMap { object -> String? in object["mixedValue"]?.members?.first?.key })
        #expect(mixedTags.isSuperset(of: ["$int", "$float", "$double", "$date", "$binary", "$oid", "$decimal", "$uuid"]))
        let originalDump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("alltypes"))
        for (object, realm) in zip(rebuilt, original) {
            let id = realm["_id"].map { JSONText.compact($0) } ?? "?"
            for name in Self.scalars where object[name] != realm[name] {
                Issue.record("\(id).\(name): \(object[name].map { JSONText.compact($0) } ?? "-") != \(realm[name].map { JSONText.compact($0) } ?? "-")")
            }
            // Embedded objects get keys of their own; their contents must match.
            for name in Self.embedded {
                let mine = Self.embeddedObjects(object[name], in: rebuiltDump)
                let realms = Self.embeddedObjects(realm[name], in: originalDump)
                if mine != realms { Issue.record("\(id).\(name): \(mine) != \(realms)") }
            }
        }
        #expect(original.contains { $0["address"] != .null } && original.contains { $0["addressList"]?.array?.isEmpty == false })
    }

    /// The EmbeddedAddress objects a link or list of links points to, without their keys.
    static func embeddedObjects(_ value: JSONValue?, in dump: JSONValue) -> [String] {
        let links: [JSONValue] = value?.array ?? (value.map { [$0] } ?? [])
        let objects = dump["tables"]?.array?.first { $0["name"]?.string == "class_EmbeddedAddress" }?["objects"]?.array ?? []
        return links.compactMap { link -> String? in
            guard let key = link.link?.key else { return link == .null ? nil : "?" }
            guard let object = objects.first(where: { $0["_key"]?.int == key }), case let .object(members) = object else { return "missing" }
            return JSONText.compact(.object(members.filter { $0.key != "_key" }))
        }
    }
}
