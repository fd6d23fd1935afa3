import RealmFormat
import RealmInterchange
import TestSupport
import Testing

/// realm-core's own upgrade-test files (formats 20, 22 and 23) must at least open, with the
/// schema realm-core reports for them.
///
/// Their table top arrays leave the flags slot (12) null, which realm-core reads as 0
/// (top-level table); a reader that insists on a tagged number there cannot open any of them.
/// Their values are compared with the (upgraded) dumps in `GoldenFixtureTests`; the `_4_`
/// files need a foreign cluster key shift (see the fixtures README).
@Suite("Legacy files", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct LegacyFileTests {
    static let names = [
        "test_upgrade_database_20", "test_upgrade_database_1000_22", "test_upgrade_database_1000_23",
        "test_upgrade_database_4_22", "test_upgrade_database_4_23",
    ]

    @Test("legacy files open with the schema of their dump", arguments: LegacyFileTests.names)
    func opensWithDumpSchema(name: String) throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("legacy/\(name)"))
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("legacy/\(name)"))
        #expect(dump["upgraded_from"]?.int == Int64(file.header.fileFormat))
        let tableDumps = try #require(dump["tables"]?.array)
        #expect(file.tables.map(\.name) == tableDumps.map { $0["name"]?.string ?? "<unnamed>" })
        for (table, tableDump) in zip(file.tables, tableDumps) {
            #expect(table.kind.rawValue == tableDump["kind"]?.string, "\(name): \(table.name) kind")
            #expect(Int64(table.objects.count) == tableDump["count"]?.int, "\(name): \(table.name) count")
            let columnNames = tableDump["columns"]?.array?.map { $0["name"]?.string ?? "<unnamed>" }
            #expect(table.columns.map(\.name) == columnNames, "\(name): \(table.name) columns")
        }
    }
}
