import Foundation
import RealmInterchange
import Testing
import TestSupport

/// Input files that are missing or are directories (`import csv`, `load`, `-f`): the error says
/// which, not Foundation's "NSCocoaErrorDomain error 256".
@Suite("input files end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct InputFileErrorTests {
    let runner = ExecutableTests()

    @Test func missingFilesAndDirectoriesAreNamedAsSuch() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("InputFileErrorTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = directory + "/missing"
        let imports = try runner.run([Fixtures.realmPath("species"), "-c", "import csv \(directory) Category; import csv \(missing).csv Category"])
        #expect(imports.status == 1)
        #expect(imports.standardError == """
        error (line 1, statement 1): cannot use \(directory): cannot read the CSV file: it is a directory
        error (line 1, statement 2): cannot use \(missing).csv: cannot read the CSV file: no such file

        """)
        let loads = try runner.run([], input: "load \(directory) \(directory)/out.realm\nload \(missing).json \(directory)/out.realm\n")
        #expect(loads.standardError == """
        error (line 1): cannot use \(directory): cannot read the dump: it is a directory
        error (line 2): cannot use \(missing).json: cannot read the dump: no such file

        """)
        let script = try runner.run([Fixtures.realmPath("species"), "-f", directory])
        #expect(script.status == 1)
        #expect(script.standardError == "error: cannot use \(directory): cannot read the script: it is a directory\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out.realm"))
    }

    @Test func writeErrorsNameTheFileAskedForNotItsTemporaryName() throws {
        guard Fixtures.requirePresent() else { return }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("InputFileErrorTests-\(UUID().uuidString)").path
        let generate = try runner.run(["generate", "demo", missing + "/demo.realm", "--rows", "1"])
        #expect(generate.status == 1)
        #expect(generate.standardError == "error (line 1): cannot write \(missing)/demo.realm: No such file or directory\n")
        let compact = try runner.run([Fixtures.realmPath("species"), "-c", "compact \(missing)/copy.realm"])
        #expect(compact.standardError == "error (line 1): cannot write \(missing)/copy.realm: No such file or directory\n")
        let load = try runner.run(["load", Fixtures.jsonPath("species"), missing + "/loaded.realm"])
        #expect(load.standardError == "error (line 1): cannot write \(missing)/loaded.realm: No such file or directory\n")
    }

    @Test func csvHeadersFromOtherSeparatorsOrWithEmptyNamesAreExplained() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("InputFileErrorTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "name;note\nLichens;1\n".write(toFile: directory + "/semicolons.csv", atomically: true, encoding: .utf8)
        try "name,\nLichens,\n".write(toFile: directory + "/trailing.csv", atomically: true, encoding: .utf8)
        let script = ["Category", "Moss"].map { "import csv \(directory)/semicolons.csv \($0)\nimport csv \(directory)/trailing.csv \($0)\n" }.joined()
        let result = try runner.run([Fixtures.realmPath("species")], input: script)
        #expect(result.status == 1)
        let semicolons = "cannot use \(directory)/semicolons.csv: the header is one field, 'name;note': import reads comma-separated values, and this file seems to separate them with ';'"
        let trailing = "cannot use \(directory)/trailing.csv: column 2 of the header has no name"
        #expect(result.standardError == """
        error (line 1): \(semicolons)
        error (line 2): \(trailing)
        error (line 3): \(semicolons)
        error (line 4): \(trailing)

        """)
    }

    @Test func pipedInputWithAByteOrderMarkRuns() throws {
        guard Fixtures.requirePresent() else { return }
        let categories = try #require(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species"))["tables"]?.array?.first { $0["name"]?.string == "class_Category" }?["objects"]?.array).count
        let result = try runner.run([Fixtures.realmPath("species")], input: "\u{FEFF}count Category\r\ncount Category\r\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "\(categories)\n\(categories)\n")
    }

    @Test func scriptsAndCSVFromPipesAndDevices() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try ExecutableTests.workingCopy(of: "species", suite: "InputFileErrorTests")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let categories = try #require(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species"))["tables"]?.array?.first { $0["name"]?.string == "class_Category" }?["objects"]?.array).count
        let script = try runner.run([file, "-f", "/dev/stdin"], input: "count Category\n")
        #expect(script.status == 0, "\(script.standardError)")
        #expect(script.standardOutput == "\(categories)\n")
        let empty = try runner.run([file, "-f", "/dev/null"])
        #expect(empty.status == 0, "\(empty.standardError)")
        let imported = try runner.run([file, "-c", "import csv /dev/stdin Category; count Category"], input: "name\r\nLichens\r\n")
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.hasSuffix("\n\(categories + 1)\n"), "\(imported.standardOutput)")
    }

    @Test func forceNeverReplacesSomethingThatIsNotAFile() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("InputFileErrorTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        let link = directory + "/link.realm"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: Fixtures.realmPath("species"))
        for target in [fifo, link, directory] {
            let generate = try runner.run(["generate", "demo", target, "--rows", "1", "--force"])
            #expect(generate.status == 1)
            #expect(generate.standardError == "error (line 1): cannot write \(target): it exists and is not a regular file; write to a file\n")
            let load = try runner.run(["load", Fixtures.jsonPath("species"), target, "--force"])
            #expect(load.standardError == "error (line 1): cannot write \(target): it exists and is not a regular file; write to a file\n")
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the pipe is still a pipe")
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
    }
}
