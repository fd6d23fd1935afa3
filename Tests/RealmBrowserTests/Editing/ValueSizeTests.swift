import Foundation
import Testing
import TestSupport

/// Values at realm-core's size limits, through the executable: too long is a clear error naming
/// the property (and the CSV line), and long values are not echoed whole.
@Suite("value sizes end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ValueSizeTests {
    let runner = ExecutableTests()
    /// realm-core's Table::max_string_size: 0xFFFFF8 bytes minus the node header and the zero.
    static let longestString = 0xFF_FFF8 - 8 - 1

    func scratch() throws -> (directory: String, file: String) {
        try ExecutableTests.workingCopy(of: "species", suite: "ValueSizeTests")
    }

    @Test func stringsPastRealmsLimitAreRefusedWithTheProperty() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let tooLong = String(repeating: "y", count: Self.longestString + 1)
        try "set Category[0].name = \"\(tooLong)\"\n".write(toFile: directory + "/set.txt", atomically: true, encoding: .utf8)
        let set = try runner.run([file, "-f", directory + "/set.txt"])
        #expect(set.status == 1)
        #expect(set.standardError == "error (\(directory)/set.txt, line 1): Category.name: \(Self.longestString + 1) bytes of text; Realm stores at most \(Self.longestString) bytes in a string\n")
        try "name\nLichens\n\(tooLong)\n".write(toFile: directory + "/long.csv", atomically: true, encoding: .utf8)
        for target in ["Category", "Lichen"] {
            let imported = try runner.run([file, "-c", "import csv \(directory)/long.csv \(target)"])
            #expect(imported.status == 1)
            #expect(imported.standardError.hasSuffix("\n  line 3: name: \(Self.longestString + 1) bytes of text; Realm stores at most \(Self.longestString) bytes in a string\n"), "\(imported.standardError.prefix(300))")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test func longValuesAreCutWhereTheyAreOnlyRepeated() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let name = String(repeating: "ab", count: 100)
        let result = try runner.run([file, "-c", "set Category[0].name = \"\(name)\"; show Specimen[0].category; show Category[0].name"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let cut = "\"" + String(name.prefix(79)) + "…\" (200 characters)"
        #expect(lines[0].hasPrefix("Category[0].name = \(cut)  (committed version"))
        #expect(lines[1] == "Category[0]  (object key 0)")
        #expect(lines.last == "\"\(name)\"", "the value itself is shown whole")
        let linked = try runner.run([file, "-c", "show Specimen[0]"])
        #expect(linked.standardOutput.contains("  category             Category[0] \(cut)\n"), "\(linked.standardOutput)")
    }

    @Test func floatsBeyondFloatRangeAreRefusedNotMadeInfinite() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try ExecutableTests.workingCopy(of: "alltypes", suite: "ValueSizeTests")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        // Float.greatestFiniteMagnitude is about 3.4028235e38 (IEEE 754 binary32).
        let result = try runner.run([file, "-c", "set AllTypes[1].floatReq = 1e39; update AllTypes TRUEPREDICATE SET floatOpt = -3.5e38"])
        #expect(result.status == 1)
        #expect(result.standardError == """
        error (line 1, statement 1): AllTypes.floatReq is a float property; 1e39 is beyond its range (about ±3.4e38)
        error (line 1, statement 2): AllTypes.floatOpt is a float property; -3.5e38 is beyond its range (about ±3.4e38)

        """)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        try "_id,floatReq\nf1,1e39\nf2,inf\nf3,1.5\n".write(toFile: directory + "/floats.csv", atomically: true, encoding: .utf8)
        let imported = try runner.run([file, "-c", "import csv \(directory)/floats.csv AllTypes"])
        #expect(imported.status == 1)
        #expect(imported.standardError.hasSuffix("1 bad row, nothing imported ('--skip-bad' imports the valid rows):\n  line 2: floatReq: '1e39' is not within float's range (about ±3.4e38)\n"), "\(imported.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        let kept = try runner.run([file, "-c", "set AllTypes[1].floatReq = 3.4e38; set AllTypes[1].floatOpt = inf; show AllTypes[1].floatReq; show AllTypes[1].floatOpt"])
        #expect(kept.status == 0, "\(kept.standardError)")
        #expect(kept.standardOutput.hasSuffix("\n3.4e+38\ninf\n"), "\(kept.standardOutput)")
    }
}
