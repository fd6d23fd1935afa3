@testable import BrowserKit
import Foundation
import Testing
import TestSupport

/// Every scalar property of AllTypes (the fixture's edge cases: NaN, -0, infinities, extreme
/// dates, empty versus null strings and blobs, NUL bytes, Decimal128 forms, Mixed values of
/// every scalar type) through
/// `export csv` and `import csv` into an empty AllTypes, compared with Realm's dump.
@Suite("scalar round trip", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ScalarRoundTripTests {
    static let properties = ["_id", "intReq", "intOpt", "boolReq", "boolOpt", "floatReq", "floatOpt", "doubleReq", "doubleOpt",
                             "stringReq", "stringOpt", "dataReq", "dataOpt", "dateReq", "dateOpt", "objectIdReq", "objectIdOpt",
                             "decimalReq", "decimalOpt", "uuidReq", "uuidOpt", "indexedString", "indexedInt", "fullText", "mixedValue"]

    @Test func everyScalarTypeSurvivesExportAndImport() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ScalarRoundTrip")
        let (source, _) = try workspace.session(Fixtures.realmPath("alltypes"))
        try source.execute("export csv AllTypes \(workspace.path("all.csv"))")
        // Keep the scalar columns and 200 rows (the writer fills one cluster leaf) whose Mixed
        // value is a scalar (links and collections in Mixed values are not imported yet).
        let dumped = try DumpLookup(fixture: "alltypes").objects(of: "class_AllTypes")
        let isScalar: (JSONValue) -> Bool = { value in
            if case .array = value { return false }
            return value["$link"] == nil && value["$dict"] == nil
        }
        let chosen = dumped.indices.filter { isScalar(dumped[$0]["mixedValue"] ?? .null) }.prefix(200)
        let original = chosen.map { dumped[$0] }
        let records = try CSVReader.records(in: try workspace.read("all.csv"))
        let header = records[0].fields.map(\.text)
        let columns = try Self.properties.map { name in try #require(header.firstIndex(of: name)) }
        var subset = CSV.record(Self.properties) + "\r\n"
        for record in chosen.map({ records[$0 + 1] }) {
            subset += columns.map { index in
                let field = record.fields[index]
                return field.quoted && field.text.isEmpty ? "\"\"" : CSV.field(field.text)
            }.joined(separator: ",") + "\r\n"
        }
        try subset.write(toFile: workspace.path("scalars.csv"), atomically: true, encoding: .utf8)
        let target = try workspace.emptySchema(of: "alltypes")
        let (session, output) = try workspace.session(target)
        try session.execute("import csv \(workspace.path("scalars.csv")) AllTypes")
        #expect(output.text.contains("imported 200 objects into AllTypes"))
        try workspace.verify(target)
        let rebuilt = try #require(try workspace.dump(target)["tables"]?.array?.first { $0["name"]?.string == "class_AllTypes" }?["objects"]?.array)
        #expect(rebuilt.count == 200)
        let mixedTags = Set(original.compactMap { object -> String? in object["mixedValue"]?.members?.first?.key })
        #expect(mixedTags.isSuperset(of: ["$int", "$float", "$double", "$date", "$binary", "$oid", "$decimal", "$uuid"]))
        for (object, realm) in zip(rebuilt, original) {
            for name in Self.properties where object[name] != realm[name] {
                Issue.record("\(realm["_id"].map { JSONText.compact($0) } ?? "?").\(name): \(object[name].map { JSONText.compact($0) } ?? "-") != \(realm[name].map { JSONText.compact($0) } ?? "-")")
            }
        }
    }
}
