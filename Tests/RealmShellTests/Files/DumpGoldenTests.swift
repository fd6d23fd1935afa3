import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// `dump` against realm-core's own dumps of the fixtures (../shared/fixtures/README.md).
///
/// The JSON files were produced by realm-core from the same `.realm` files, so equality means
/// the browser reads and encodes every value the way Realm itself does. Both sides are parsed
/// and compared as JSON values (`DumpComparison` names the first differing table, object and
/// member); for the format-24 fixtures the text must also be byte-identical, which the README's
/// text layout makes possible and which also pins down escaping and number formatting.
@Suite("Canonical dump golden files", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct DumpGoldenTests {
    static let fixtures = ["demo", "species", "tasks", "history", "big", "alltypes"]

    /// realm-core's upgrade-test files and the format in their headers (fixtures README).
    static let legacyFiles = [
        "test_upgrade_database_1000_22", "test_upgrade_database_1000_23", "test_upgrade_database_20",
        "test_upgrade_database_4_22", "test_upgrade_database_4_23",
    ]
    static let legacyFormats = [22, 23, 20, 22, 23]

    @Test("dump equals the fixture's JSON, as values and byte for byte", arguments: DumpGoldenTests.fixtures)
    func dumpMatchesFixture(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let output = try DumpOutput(realm: Fixtures.realmPath(fixture))
        defer { output.remove() }
        let written = try output.dump()
        let golden = try Data(contentsOf: URL(fileURLWithPath: Fixtures.jsonPath(fixture)))
        let identical = written.bytes == golden

        let expected = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
        let actual = try JSONParser.parse(contentsOfFile: written.path)
        // Bound first: `#expect(actual == expected)` would print both documents on failure.
        let equalAsValues = actual == expected
        #expect(equalAsValues, "\(fixture): the dump differs from \(fixture).json as a JSON value")
        #expect(Self.countObjects(in: actual) == Self.countObjects(in: expected))
        // Identical bytes parse to identical values, so the strict walk (seconds for big.json in
        // a debug build) only runs when there is a difference to name, or one that `==` misses
        // (strings equal only up to Unicode normalization).
        if !identical || !equalAsValues {
            let difference = DumpComparison.firstDifference(expected: expected, actual: actual)
            #expect(difference == nil, "\(fixture): \(difference ?? "")")
            let line = Self.firstDifferentLine([UInt8](golden), [UInt8](written.bytes))
            #expect(identical, "\(fixture): not byte-identical to \(fixture).json: \(line)")
        }
    }

    /// The README's comparison for legacy files (what `compare-dump --legacy` checks): the
    /// dump describes the file as it is, so its `file_format` is the header's (the fixture says
    /// 24 and names the original in `upgraded_from`); indexes and set/dictionary order may differ.
    @Test("dump of a legacy file equals its upgraded dump up to what the upgrade changed",
          arguments: zip(DumpGoldenTests.legacyFiles, DumpGoldenTests.legacyFormats))
    func legacyDumpMatchesFixture(name: String, format: Int) throws {
        guard Fixtures.requirePresent() else { return }
        let path = Fixtures.realmPath("legacy/\(name)")
        #expect(try RealmFile(path: path).fileFormat == format, "\(name): header format")
        let output = try DumpOutput(realm: path)
        defer { output.remove() }

        let expected = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("legacy/\(name)"))
        let actual = try JSONParser.parse(contentsOfFile: try output.dump().path)
        #expect(expected.members?.map(\.key) == ["file_format", "upgraded_from", "tables"])
        #expect(expected["file_format"] == .int(24))
        #expect(expected["upgraded_from"] == .int(Int64(format)), "\(name): upgraded_from")
        #expect(actual.members?.map(\.key) == ["file_format", "tables"])
        #expect(actual["file_format"] == .int(Int64(format)), "\(name): our file_format must be the header's")

        let difference = DumpComparison.firstDifference(expected: expected, actual: actual, legacy: true)
        #expect(difference == nil, "\(name): \(difference ?? "")")
        #expect(Self.countObjects(in: actual) == Self.countObjects(in: expected))
    }

    /// `dump CLASS` writes the document with that one table: its entry must equal the full
    /// dump's entry (as a value and as text) and nothing else may be in it.
    @Test("dump CLASS holds exactly that table's entry", arguments: ["species", "tasks", "alltypes"])
    func singleClassDump(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let expected = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
        let goldenText = String(decoding: try Fixtures.bytes(fixture, "json"), as: UTF8.self)
        let tables = try #require(expected["tables"]?.array)
        let output = try DumpOutput(realm: Fixtures.realmPath(fixture))
        defer { output.remove() }
        for table in tables {
            let rawName = try #require(table["name"]?.string)
            // Users name classes without the prefix; internal tables (metadata) by raw name.
            let name = table["class"]?.string ?? rawName
            let written = try output.dump(arguments: name)
            let actual = try JSONParser.parse(contentsOfFile: written.path)
            #expect(actual.members?.map(\.key) == ["file_format", "tables"], "\(fixture): dump \(name)")
            #expect(actual["file_format"] == expected["file_format"], "\(fixture): dump \(name)")
            let entries = try #require(actual["tables"]?.array, "\(fixture): dump \(name)")
            #expect(entries.count == 1, "\(fixture): dump \(name) wrote \(entries.count) tables")
            if let entry = entries.first {
                let difference = DumpComparison.difference(table, entry, path: "dump \(name)")
                #expect(difference == nil, "\(fixture): \(difference ?? "")")
            }
            let block = try #require(Self.tableBlock(named: rawName, in: goldenText), "\(fixture): \(rawName) not found")
            let expectedText = "{\n  \"file_format\": 24,\n  \"tables\": [\n" + block + "\n  ]\n}\n"
            if [UInt8](written.bytes) != Array(expectedText.utf8) {
                let line = Self.firstDifferentLine(Array(expectedText.utf8), [UInt8](written.bytes))
                Issue.record("\(fixture): dump \(name) is not the table's text from \(fixture).json: \(line)")
            }
        }
        // No class is within a typo of the name, so nothing is suggested.
        #expect(throws: BrowserError.unknownClass("NoSuchClass", suggestion: nil)) { _ = try output.dump(arguments: "NoSuchClass") }
    }

    // MARK: - Helpers

    private static func countObjects(in dump: JSONValue) -> Int {
        (dump["tables"]?.array ?? []).reduce(0) { $0 + ($1["objects"]?.array?.count ?? 0) }
    }

    /// The text of one table entry in a dump file: from its opening `    {` line to its
    /// closing `    }` (README "Text layout": table entries are indented by four spaces).
    static func tableBlock(named rawName: String, in text: String) -> String? {
        var quoted = ""
        CanonicalValueEncoder.appendJSONString(rawName, to: &quoted)
        guard let start = text.range(of: "    {\n      \"name\": \(quoted),\n"),
              let end = text.range(of: "\n    }", range: start.upperBound..<text.endIndex) else { return nil }
        return String(text[start.lowerBound..<end.upperBound])
    }

    /// Line and column of the first differing byte, with both texts around it.
    static func firstDifferentLine(_ expected: [UInt8], _ actual: [UInt8]) -> String {
        let common = zip(expected, actual).prefix { $0 == $1 }.count
        let lineStart = expected[..<common].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let line = expected[..<common].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let windowStart = max(lineStart, common - 60)
        func excerpt(_ bytes: [UInt8]) -> String {
            guard windowStart < bytes.count else { return "<end of file>" }
            let window = bytes[windowStart..<min(bytes.count, windowStart + 160)]
            return String(decoding: window.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        }
        return "line \(line), column \(common - lineStart + 1): …\(excerpt(actual))… — expected …\(excerpt(expected))…"
            + " (\(actual.count) bytes, expected \(expected.count))"
    }
}
