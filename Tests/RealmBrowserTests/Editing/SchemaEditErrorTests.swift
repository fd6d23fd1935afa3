import Foundation
import Testing
import TestSupport

/// `add class` and `add property` with names and keys Realm (or the browser itself) could not
/// use afterwards: refused before anything is written.
@Suite("schema edits refused end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SchemaEditErrorTests {
    let runner = ExecutableTests()

    @Test func primaryKeysAndNamesRealmCouldNotUseAreRefused() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try ExecutableTests.workingCopy(of: "species", suite: "SchemaEditErrorTests")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let script = """
        add class Y (a int primary, b int primary)
        add class Z (a double primary)
        add class W (a date primary)
        add class 'Bad Name' (a int)
        add class Q (a.b int)
        add class X (a int, a string)
        add property Category 'x y' int
        add class A<B (a int)
        add class Tree (2d int)

        """
        let refused = try runner.run([file], input: script)
        #expect(refused.status == 1)
        #expect(refused.standardError == """
        error (line 1): a class has at most one primary key
        error (line 2): a primary key is a single int, string, objectId or uuid
        error (line 3): a primary key is a single int, string, objectId or uuid
        error (line 4): a class cannot be named 'Bad Name': "'" would not work in paths and queries (use letters, digits and _)
        error (line 5): a property cannot be named a.b: "." would not work in paths and queries (use letters, digits and _)
        error (line 6): property a is given twice
        error (line 7): a property cannot be named x y: " " would not work in paths and queries (use letters, digits and _)
        error (line 8): a class cannot be named A<B: "<" would not work in paths and queries (use letters, digits and _)
        error (line 9): a property cannot be named 2d: a name starting with a digit reads as a number in paths and queries

        """)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        let accepted = try runner.run([file, "-c", "add class Code (id objectId? primary, label string, ünï_$1 int); schema Code"])
        #expect(accepted.status == 0, "\(accepted.standardError)")
        #expect(accepted.standardOutput.hasPrefix("add class Code (id objectId? primary, label string, ünï_$1 int)  (committed version"))
        #expect(accepted.standardOutput.hasSuffix("id      objectId (optional, primary key)\nlabel   string\nünï_$1  int\n"), "\(accepted.standardOutput)")
    }

    @Test func importIntoANewClassFollowsTheSameNamingRules() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try ExecutableTests.workingCopy(of: "species", suite: "SchemaEditErrorTests")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "first name,age\nAda,36\n".write(toFile: directory + "/people.csv", atomically: true, encoding: .utf8)
        try "_key\n5\n".write(toFile: directory + "/keys.csv", atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let result = try runner.run([file], input: "import csv \(directory)/people.csv 'My People'\nimport csv \(directory)/people.csv People\nimport csv \(directory)/keys.csv Keys\n")
        #expect(result.status == 1)
        #expect(result.standardError == """
        error (line 1): a class cannot be named My People: " " would not work in paths and queries (use letters, digits and _)
        error (line 2): cannot use \(directory)/people.csv: a property cannot be named first name: " " would not work in paths and queries (use letters, digits and _); rename the column in the header
        error (line 3): cannot use \(directory)/keys.csv: the header names no property besides _key; a new class needs at least one

        """)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }
}
