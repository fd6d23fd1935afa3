import Foundation
import RealmInterchange
import Testing
import TestSupport

/// The alltypes fixture stores dates at both INT64 extremes. Every command that prints a date
/// (`show`, `stats`, `export json`, `export csv`) writes them the same way, and `import csv`
/// reads that text back to the pair the fixture's JSON dump holds.
///
/// Expected texts come from outside our code: numpy's datetime64 (the whole int64 second range)
/// gives 292277026596-12-04T15:30:07 for INT64_MAX seconds and -292277022657-01-27T08:29:53 for
/// INT64_MIN+1 seconds; (INT64_MIN s, -999999999 ns) is 1.999999999 s before the latter.
@Suite("Extreme dates end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ExtremeDatesEndToEndTests {
    let executable = ExecutableTests()
    static let latest = "292277026596-12-04T15:30:07.999999999Z"
    static let earliest = "-292277022657-01-27T08:29:51.000000001Z"

    /// The `_id`s of the first AllTypes objects whose `dateReq` is each extreme, from the dump.
    func extremeObjects() throws -> (latest: String, earliest: String) {
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("alltypes"))
        let objects = try #require(dump["tables"]?.array?.first { $0["class"]?.string == "AllTypes" }?["objects"]?.array)
        func id(seconds: Int64, nanoseconds: Int64) throws -> String {
            try #require(objects.first { object in
                let parts = object["dateReq"]?["$date"]?.array
                return parts?.first?.int == seconds && parts?.last?.int == nanoseconds
            }?["_id"]?.string)
        }
        return (try id(seconds: .max, nanoseconds: 999_999_999), try id(seconds: .min, nanoseconds: -999_999_999))
    }

    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("realm-browser-dates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func showAndStatsPrintIsoDates() throws {
        guard Fixtures.requirePresent() else { return }
        let ids = try extremeObjects()
        #expect(ids == ("obj-0008", "obj-0009"))
        let show = try executable.run([Fixtures.realmPath("alltypes"), "-c", "show AllTypes[8]; show AllTypes[9]"])
        let dateLines = show.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  dateReq ") }
        #expect(dateLines == ["  dateReq        \(Self.latest)", "  dateReq        \(Self.earliest)"])
        let stats = try executable.run([Fixtures.realmPath("alltypes"), "-c", "stats AllTypes dateReq"])
        let figures = stats.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  min ") || $0.hasPrefix("  max ") }
        #expect(figures == ["  min    \(Self.earliest)", "  max    \(Self.latest)"])
        // Machine output (json, jsonl) keeps the dump's lossless pair, exactly as the fixture's dump.
        let jsonl = try executable.run([Fixtures.realmPath("alltypes"), "-c", "mode jsonl; find AllTypes _id == '\(ids.earliest)'"])
        #expect(jsonl.standardOutput.contains("\"dateReq\": {\"$date\": [-9223372036854775808, -999999999]}"))
    }

    @Test func exportWritesTheSameTextAndImportReadsItBack() throws {
        guard Fixtures.requirePresent() else { return }
        let ids = try extremeObjects()
        let directory = try temporaryDirectory()
        let json = directory.appendingPathComponent("all.json").path
        let csv = directory.appendingPathComponent("all.csv").path
        let export = try executable.run([Fixtures.realmPath("alltypes"), "-c", "export json AllTypes \(json); export csv AllTypes \(csv)"])
        #expect(export.status == 0, "\(export.standardError)")

        let exported = try #require(try JSONParser.parse(contentsOfFile: json).array)
        func exportedDate(_ id: String) -> String? { exported.first { $0["_id"]?.string == id }?["dateReq"]?.string }
        #expect(exportedDate(ids.latest) == Self.latest)
        #expect(exportedDate(ids.earliest) == Self.earliest)

        // Every extreme date of the class (scalars, collections, mixed values): as many in each
        // export as the fixture's dump holds pairs, and never Realm's `T<s>:<ns>` form.
        let dumpText = try String(contentsOfFile: Fixtures.jsonPath("alltypes"), encoding: .utf8)
        let csvText = String(decoding: try Data(contentsOf: URL(fileURLWithPath: csv)), as: UTF8.self)
        let jsonText = try String(contentsOfFile: json, encoding: .utf8)
        func occurrences(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }
        let latestPairs = occurrences("[9223372036854775807, 999999999]", in: dumpText)
        let earliestPairs = occurrences("[-9223372036854775808, -999999999]", in: dumpText)
        #expect(latestPairs > 0 && earliestPairs > 0)
        for text in [csvText, jsonText] {
            #expect(occurrences(Self.latest, in: text) == latestPairs)
            #expect(occurrences(Self.earliest, in: text) == earliestPairs)
            #expect(!text.contains("T-9223372036854775808:"))
        }

        // The exported text, imported into a new class of a copy, is stored as the dump's pair.
        let copy = directory.appendingPathComponent("copy.realm").path
        try FileManager.default.copyItem(atPath: Fixtures.realmPath("alltypes"), toPath: copy)
        let instants = directory.appendingPathComponent("instants.csv").path
        try Data("name,when\nlatest,\(Self.latest)\nearliest,\(Self.earliest)\n".utf8).write(to: URL(fileURLWithPath: instants))
        let dumpPath = directory.appendingPathComponent("instants.json").path
        let imported = try executable.run([copy, "-c", "import csv \(instants) Instant; dump Instant --out \(dumpPath)"])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains("Instant (name string, when date)"))
        let dumped = try JSONParser.parse(contentsOfFile: dumpPath)
        let objects = try #require(dumped["tables"]?.array?.first?["objects"]?.array)
        let pairs = objects.map { object in (object["when"]?["$date"]?.array ?? []).compactMap(\.int) }
        #expect(pairs == [[Int64.max, 999_999_999], [Int64.min, -999_999_999]])
    }
}
