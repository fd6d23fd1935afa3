import Foundation
import RealmInterchange
import Testing
import TestSupport

/// `export`, `import` and `stats` through the executable, as scripts run them (`-c`, piped
/// stdin, exit status), checked against Realm's dumps of the fixtures.
@Suite("export, import and stats end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ExportImportCommandTests {
    let runner = ExecutableTests()

    func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ExportImportCommandTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The fixture's dump with the objects of its classes taken out, as `load` input.
    func emptySchemaDump(_ fixture: String, to path: String) throws {
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
        let tables = try #require(dump["tables"]?.array).map { table -> JSONValue in
            guard case let .object(members) = table, table["class"]?.string != nil else { return table }
            return .object(members.map { member in
                member.key == "count" ? JSONValue.Member(key: "count", value: .int(0))
                    : member.key == "objects" ? JSONValue.Member(key: "objects", value: .array([])) : member
            })
        }
        let top = try #require(dump.members).map { $0.key == "tables" ? JSONValue.Member(key: "tables", value: .array(tables)) : $0 }
        try JSONText.compact(.object(top), limit: .max).write(toFile: path, atomically: true, encoding: .utf8)
    }

    func objects(_ dump: JSONValue, _ table: String) -> [JSONValue]? {
        dump["tables"]?.array?.first { $0["name"]?.string == table }?["objects"]?.array
    }

    @Test func exportThenImportRebuildsTheTasksObjects() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let exported = try runner.run([Fixtures.realmPath("tasks"), "-c", "export csv \(directory)/csv"])
        #expect(exported.status == 0, "\(exported.standardError)")
        #expect(exported.standardOutput == "exported 46 objects of 5 classes to \(directory)/csv/ (BankInfo.csv, Car.csv, Person.csv, Task.csv, TaskList.csv)\n")
        try emptySchemaDump("tasks", to: directory + "/empty.json")
        let loaded = try runner.run(["load", directory + "/empty.json", directory + "/rebuilt.realm"])
        #expect(loaded.status == 0, "\(loaded.standardError)")
        let script = ["BankInfo", "Person", "Task", "TaskList", "Car"].map { "import csv \(directory)/csv/\($0).csv \($0)\n" }.joined()
        let imported = try runner.run([directory + "/rebuilt.realm"], input: script)
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains("imported 26 objects into Task"))
        let dumped = try runner.run([directory + "/rebuilt.realm", "-c", "dump"])
        let rebuilt = try JSONParser.parse(dumped.standardOutput)
        let original = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("tasks"))
        for table in ["class_BankInfo", "class_Car", "class_Person", "class_Task", "class_TaskList"] {
            let expected = try #require(objects(original, table))
            #expect(objects(rebuilt, table) == expected, "\(table)")
        }
    }

    @Test func jsonExportOfTheLastFindFromPipedInput() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try runner.run([Fixtures.realmPath("tasks")], input: "find Task isCompleted == true\nexport json result \(directory)/done.json\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasSuffix("exported 12 Task objects (last find result) to \(directory)/done.json\n"))
        let exported = try #require(try JSONParser.parse(contentsOfFile: directory + "/done.json").array)
        let tasks = try #require(objects(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("tasks")), "class_Task"))
        let completed = tasks.filter { $0["isCompleted"]?.bool == true }
        #expect(exported.map { $0["_key"] } == completed.map { $0["_key"] })
        #expect(exported.map { $0["name"] } == completed.map { $0["name"] })
        #expect(exported.map { $0["notes"] } == completed.map { $0["notes"] })
    }

    @Test func badRowsFailTheScriptWithTheirLines() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, copy) = try ExecutableTests.workingCopy(of: "species", suite: "ExportImportCommandTests")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "name\nLichens\n\"unclosed\n".write(toFile: directory + "/broken.csv", atomically: true, encoding: .utf8)
        try "name,extra\nLichens,1\nMosses\n".write(toFile: directory + "/short.csv", atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let broken = try runner.run([copy, "-c", "import csv \(directory)/broken.csv Category"])
        #expect(broken.status == 1)
        #expect(broken.standardError.contains("line 3: a quoted field is never closed"), "\(broken.standardError)")
        let short = try runner.run([copy, "-c", "import csv \(directory)/short.csv Category"])
        #expect(short.status == 1)
        #expect(short.standardError.contains("no property 'extra'"), "\(short.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
        try "name,note\nLichens,1\nMosses\n".write(toFile: directory + "/new.csv", atomically: true, encoding: .utf8)
        let skipped = try runner.run([copy, "-c", "import csv \(directory)/new.csv Plant --skip-bad; show Plant"])
        #expect(skipped.status == 0, "\(skipped.standardError)")
        #expect(skipped.standardOutput.contains("new class Plant (name string, note int), types inferred"))
        #expect(skipped.standardOutput.contains("skipping 1 bad row:\n  line 3: 1 field, the header has 2\n"))
        #expect(skipped.standardOutput.contains("0 │ Lichens │    1"), "\(skipped.standardOutput)")
    }

    @Test func statsFromTheCommandLine() throws {
        guard Fixtures.requirePresent() else { return }
        let result = try runner.run([Fixtures.realmPath("tasks"), "-c", "stats Task isCompleted"])
        #expect(result.status == 0)
        let tasks = try #require(objects(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("tasks")), "class_Task"))
        let done = tasks.filter { $0["isCompleted"]?.bool == true }.count
        #expect(result.standardOutput == """
        Task: \(tasks.count) objects

        isCompleted  bool
          count  \(tasks.count)
          nulls  0
          true   \(done)
          false  \(tasks.count - done)

        """)
        let unknown = try runner.run([Fixtures.realmPath("tasks"), "-c", "stats Task nope"])
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("class 'Task' has no property 'nope'"))
    }

    @Test func importReportsTheSameWayIntoNewAndExistingClasses() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, copy) = try ExecutableTests.workingCopy(of: "species", suite: "ExportImportCommandTests")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "name\r\nLichens\r\n".write(toFile: directory + "/one.csv", atomically: true, encoding: .utf8)
        let result = try runner.run([copy, "-c", "import csv \(directory)/one.csv Category; import csv \(directory)/one.csv Moss"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("imported 1 object into Category  (committed version 4, ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("imported 1 object into new class Moss  (committed version 5, ") }, "\(lines)")
    }

    @Test func duplicateKeysInTheFileAreToldApartFromKeysTheClassHas() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, copy) = try ExecutableTests.workingCopy(of: "tasks", suite: "ExportImportCommandTests")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let existing = try #require(objects(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("tasks")), "class_BankInfo")?.first?["bank_accno"]?.string)
        try "bank_accno,bankname,status\nX1,Bank,ok\nX1,Bank2,ok\n\(existing),b,c\n".write(toFile: directory + "/banks.csv", atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let result = try runner.run([copy, "-c", "import csv \(directory)/banks.csv BankInfo"])
        #expect(result.status == 1)
        #expect(result.standardError.hasSuffix("""
          line 3: line 2 already has bank_accno = 'X1'
          line 4: BankInfo already has an object with bank_accno = '\(existing)'

        """), "\(result.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    }

    /// `import json` from `-c`: exit status 1 and the bad record's position on bad input, the
    /// file untouched; the objects of an `export json` back in with status 0.
    @Test func jsonImportFromTheCommandLine() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, copy) = try ExecutableTests.workingCopy(of: "species", suite: "ExportImportCommandTests")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "[\n  {\"name\": \"Lichens\"},\n  {\"name\": null}\n]\n".write(toFile: directory + "/bad.json", atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let bad = try runner.run([copy, "-c", "import json \(directory)/bad.json Category"])
        #expect(bad.status == 1)
        #expect(bad.standardError.contains("1 bad record, nothing imported"), "\(bad.standardError)")
        #expect(bad.standardError.contains("  record 2 (line 3): name holds required values; null does not fit"), "\(bad.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)

        let exported = try runner.run([Fixtures.realmPath("species"), "-c", "export json Category \(directory)/categories.json"])
        #expect(exported.status == 0, "\(exported.standardError)")
        let imported = try runner.run([copy, "-c", "import json \(directory)/categories.json Category"])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains("imported 5 objects into Category  (committed version"), "\(imported.standardOutput)")
        let dumped = try runner.run([copy, "-c", "dump"])
        let names = objects(try JSONParser.parse(dumped.standardOutput), "class_Category")?.compactMap { $0["name"]?.string }
        let original = try #require(objects(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species")), "class_Category")).compactMap { $0["name"]?.string }
        #expect(original.count == 5)
        #expect(names == original + original)
    }
}
