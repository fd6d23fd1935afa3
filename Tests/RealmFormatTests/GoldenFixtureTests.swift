import RealmFormat
import TestSupport
import Testing

/// Reads each realm-core-written fixture completely and compares it with the dump realm-core
/// itself produced of the same file: schema, object keys and every readable value.
@Suite("Golden fixtures", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct GoldenFixtureTests {
    @Test("file matches its canonical dump", arguments: Fixtures.goldenNames + ["alltypes"])
    func matchesDump(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
        let file = try RealmFile(path: Fixtures.realmPath(fixture))

        #expect(dump["file_format"]?.int == Int64(file.header.fileFormat))
        #expect(dump["truncated"] == nil, "the golden dumps are complete")
        let tableDumps = try #require(dump["tables"]?.array)
        #expect(file.tables.map(\.name) == tableDumps.map { $0["name"]?.string ?? "<unnamed>" })
        try #require(file.tables.count == tableDumps.count)

        var comparison = GoldenComparison(fixture: fixture, file: file)
        for (table, tableDump) in zip(file.tables, tableDumps) {
            try comparison.compareSchema(of: table, with: tableDump)
            try comparison.compareObjects(of: table, with: tableDump)
        }

        let expected = GoldenComparison.expectedCounts(tableDumps: tableDumps)
        #expect(comparison.keysCompared > 0)
        #expect(comparison.valuesCompared > 0)
        #expect(comparison.keysCompared == expected.keys)
        #expect(comparison.valuesCompared == expected.values)
        #expect(comparison.mismatches == 0)
    }
}
