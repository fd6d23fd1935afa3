@testable import BrowserKit
import Foundation
import Testing
import TestSupport

/// Every scalar property of AllTypes (the fixture's edge cases: NaN, -0, infinities, extreme
/// dates, empty versus null strings and blobs, NUL bytes, Decimal128 forms) through
/// `export csv` and `import csv` into an empty AllTypes, compared with Realm's dump.
@Suite("scalar round trip", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ScalarRoundTripTests {
    static let properties = ["_id", "intReq", "intOpt", "boolReq", "boolOpt", "floatReq", "floatOpt", "doubleReq", "doubleOpt",
                             "stringReq", "stringOpt", "dataReq", "dataOpt", "dateReq", "dateOpt", "objectIdReq", "objectIdOpt",
                             "decimalReq", "decimalOpt", "uuidReq", "uuidOpt", "indexedString", "indexedInt", "fullText"]

    @Test func everyScalarTypeSurvivesExportAndImport() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("ScalarRoundTrip")
        let (source, _) = try workspace.session(Fixtures.realmPath("alltypes"))
        try source.execute("export csv AllTypes \(workspace.path("all.csv"))")
        // Keep the scalar columns and the first 200 rows (the writer fills one cluster leaf).
        let records = try CSVReader.records(in: try workspace.read("all.csv"))
        let header = records[0].fields.map(\.text)
        let columns = try Self.properties.map { name in try #require(header.firstIndex(of: name)) }
        var subset = CSV.record(Self.properties) + "\r\n"
        for record in records.dropFirst().prefix(200) {
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
        let original = try DumpLookup(fixture: "alltypes").objects(of: "class_AllTypes").prefix(200)
        #expect(rebuilt.count == 200)
        for (object, realm) in zip(rebuilt, original) {
            for name in Self.properties where object[name] != realm[name] {
                Issue.record("\(realm["_id"].map { JSONText.compact($0) } ?? "?").\(name): \(object[name].map { JSONText.compact($0) } ?? "-") != \(realm[name].map { JSONText.compact($0) } ?? "-")")
            }
        }
    }
}
