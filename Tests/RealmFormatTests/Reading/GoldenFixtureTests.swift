import RealmFormat
import RealmInterchange
import TestSupport
import Testing

/// Reads each realm-core-written fixture completely and compares it with the dump realm-core
/// itself produced of the same file: schema, object keys and every value of every type,
/// including all collection elements (see `DumpValueMatcher` for how, and why this is not
/// redundant with RealmShell's dump test).
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

    /// realm-core's upgrade-test files were dumped from upgraded copies (README "Legacy files"),
    /// so everything is compared except what the upgrade changes: the format number, search
    /// indexes, and the order of set elements and dictionary entries.
    @Test("legacy file matches its upgraded dump except set and dictionary order", arguments: LegacyFileTests.names)
    func legacyMatchesUpgradedDump(name: String) throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("legacy/\(name)"))
        let file = try RealmFile(path: Fixtures.realmPath("legacy/\(name)"))
        #expect(dump["upgraded_from"]?.int == Int64(file.fileFormat))
        let tableDumps = try #require(dump["tables"]?.array)
        try #require(file.tables.map(\.name) == tableDumps.map { $0["name"]?.string ?? "<unnamed>" })

        var comparison = GoldenComparison(fixture: name, file: file, isLegacy: true)
        for (table, tableDump) in zip(file.tables, tableDumps) {
            try comparison.compareSchema(of: table, with: tableDump)
            try comparison.compareObjects(of: table, with: tableDump)
        }
        let expected = GoldenComparison.expectedCounts(tableDumps: tableDumps)
        #expect(comparison.keysCompared == expected.keys)
        #expect(comparison.valuesCompared == expected.values)
        #expect(comparison.valuesCompared > 0)
        #expect(comparison.mismatches == 0)
    }
}
