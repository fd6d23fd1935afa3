import Foundation
import RealmInterchange
import Testing
import TestSupport

/// Messages as users meet them through the executable: edit refusals that read as the reason,
/// scripts whose machine-readable output stays parseable, trailing comments, and transactions
/// that list only changes that change something.
@Suite("message polish end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct MessagePolishTests {
    let runner = ExecutableTests()

    /// A writable copy of a fixture in a fresh directory (the fixtures stay untouched).
    func copy(_ fixture: String) throws -> (directory: String, file: String) {
        try ExecutableTests.workingCopy(of: fixture, suite: "MessagePolishTests")
    }

    func objects(_ fixture: String, _ table: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSONValue] {
        try ExecutableTests.objects(inFixture: fixture, table, sourceLocation: sourceLocation)
    }

    @Test func settingALinkToWhatItHoldsInsideBeginStagesNothing() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try copy("tasks")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let cars = try objects("tasks", "class_Car")
        let owned = try #require(cars.firstIndex { $0["owner"] != .null })
        let empty = try #require(cars.firstIndex { $0["owner"] == .null })
        let owner = try #require(cars[owned]["owner"]?["$link"]?.array?.last?.int)
        let persons = try objects("tasks", "class_Person").compactMap { $0["_key"]?.int }
        let position = try #require(persons.firstIndex(of: owner))
        let result = try runner.run([file, "-c", "begin; set Car[\(owned)].owner = Person[\(position)]; set Car[\(empty)].owner = null; status; commit"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let relinked = try #require(lines.first { $0.hasPrefix("Car[\(owned)].owner = Person[\(position)]") }, "\(result.standardOutput)")
        #expect(relinked.hasSuffix("  (unchanged: it already links there; nothing staged)"))
        #expect(result.standardOutput.contains("Car[\(empty)].owner = null  (unchanged: it already links there; nothing staged)\n"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("staged:"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("transaction open, no changes yet\ncommitted 0 changes"), "\(result.standardOutput)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test func trailingCommentsAreIgnoredOutsideQuotes() throws {
        guard Fixtures.requirePresent() else { return }
        let specimens = try objects("species", "class_Specimen")
        let hashNames = specimens.filter { $0["name"]?.string?.contains("#") == true }.count
        let fromArgument = try runner.run([Fixtures.realmPath("species"), "-c", "count Specimen   # how many; count Specimen name CONTAINS '#'"])
        #expect(fromArgument.status == 0, "\(fromArgument.standardError)")
        #expect(fromArgument.standardOutput == "\(specimens.count)\n", "the comment runs to the end of the line, ';' included")
        let piped = try runner.run([Fixtures.realmPath("species")],
                                   input: "count Specimen  # Bob's (all\ncount Specimen name CONTAINS '#' # quoted '#' is text\n")
        #expect(piped.status == 0, "\(piped.standardError)")
        #expect(piped.standardOutput == "\(specimens.count)\n\(hashNames)\n")
    }

    @Test func machineReadableModesKeepConfirmationsOffStandardOutput() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try copy("species")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let jsonLines = try runner.run([file, "--json", "-c", "begin; set Specimen[0].name = 'renamed'; status; commit; set Specimen[1].name = 'second'; find Specimen name == 'renamed' OR name == 'second'"])
        #expect(jsonLines.status == 0, "\(jsonLines.standardError)")
        let records = try jsonLines.standardOutput.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
        }
        #expect(records.count == 3, "status's one change and the two renamed objects: \(jsonLines.standardOutput)")
        #expect(records.compactMap { $0["name"] as? String }.sorted() == ["renamed", "second"])
        #expect(jsonLines.standardError.contains("staged: Specimen[0].name = "), "\(jsonLines.standardError)")
        #expect(jsonLines.standardError.contains("committed 1 change as version"), "\(jsonLines.standardError)")
        #expect(jsonLines.standardError.contains("Specimen[1].name = \"second\"  (committed version"), "\(jsonLines.standardError)")

        let piped = try runner.run([file], input: "mode json\nbegin\nset Specimen[0].name = 'piped'\ncommit\nfind Specimen name == 'piped'\n")
        #expect(piped.status == 0, "\(piped.standardError)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(piped.standardOutput.utf8)) as? [[String: Any]], "\(piped.standardOutput)")
        #expect(array.map { $0["name"] as? String } == ["piped"])
        #expect(piped.standardError.contains("committed 1 change"), "\(piped.standardError)")

        let table = try runner.run([file, "-c", "set Specimen[0].name = 'people'"])
        #expect(table.standardOutput.contains("(committed version"), "in table mode people read the confirmation with the output")
        #expect(table.standardError.isEmpty)
    }

    @Test func refusedEditsSayTheReasonAloneAndFileProblemsNameTheFile() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try copy("alltypes")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let ids = try objects("alltypes", "class_AllTypes").compactMap { $0["_id"]?.string }
        #expect(ids.count >= 2)
        let script = """
        set AllTypes[1]._id = "\(ids[0])"
        add property AllTypes intReq int
        create AllTypes
        begin
        set AllTypes[0].intReq = 1
        add property AllTypes extra int
        rollback

        """
        let refused = try runner.run([file], input: script)
        #expect(refused.status == 1)
        #expect(refused.standardError == """
        error (line 1): AllTypes already has an object with _id = "\(ids[0])"
        error (line 2): AllTypes already has a property intReq
        error (line 3): AllTypes needs its primary key _id
        error (line 6): commit the other changes to AllTypes before changing its schema

        """)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)

        // Another process holding the lock file is about the file: the message names it.
        let lock = open(file + ".lock", O_RDWR | O_CREAT, 0o644)
        #expect(lock >= 0)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)
        let locked = try runner.run([file, "-c", "set AllTypes[0].intReq = 1"])
        #expect(locked.status == 1)
        #expect(locked.standardError.hasPrefix("error (line 1): cannot write \(file): another process has the Realm open"), "\(locked.standardError)")
    }
}
