import Foundation
import RealmInterchange
import Testing
import TestSupport

/// Wrong input as users type it, through the executable: each is refused with a message that
/// names what the user wrote, and a refused edit leaves the file byte for byte as it was.
@Suite("wrong input end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct UserErrorTests {
    let runner = ExecutableTests()

    /// A writable copy of a fixture in a fresh directory (the fixtures stay untouched).
    func copy(_ fixture: String) throws -> (directory: String, file: String) {
        try ExecutableTests.workingCopy(of: fixture, suite: "UserErrorTests")
    }

    func objects(_ fixture: String, _ table: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSONValue] {
        try ExecutableTests.objects(inFixture: fixture, table, sourceLocation: sourceLocation)
    }

    @Test func negativePositionOutOfRangeNamesThePositionTyped() throws {
        guard Fixtures.requirePresent() else { return }
        let count = try objects("species", "class_Specimen").count
        let result = try runner.run([Fixtures.realmPath("species"), "-c", "show Specimen[-\(count + 1)]"])
        #expect(result.status == 1)
        #expect(result.standardError == "error (line 1): Specimen[-\(count + 1)] is out of range: positions run from 0 to \(count - 1)\n")
        let last = try runner.run([Fixtures.realmPath("species"), "-c", "show Specimen[-\(count)].name"])
        #expect(last.status == 0, "\(last.standardError)")
        let first = try #require(try objects("species", "class_Specimen").first?["name"]?.string)
        #expect(last.standardOutput == "\"\(first)\"\n")
    }

    @Test func primaryKeysStayUniqueWhenSetOrUpdated() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try copy("alltypes")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ids = try objects("alltypes", "class_AllTypes").map { try #require($0["_id"]?.string) }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let taken = try runner.run([file, "-c", "set AllTypes[1]._id = \"\(ids[0])\""])
        #expect(taken.status == 1)
        #expect(taken.standardError.contains("AllTypes already has an object with _id = \"\(ids[0])\""), "\(taken.standardError)")
        let bulk = try runner.run([file, "-c", "update AllTypes TRUEPREDICATE SET _id = \"same\""])
        #expect(bulk.status == 1)
        #expect(bulk.standardError.contains("AllTypes already has an object with _id = \"same\""), "\(bulk.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "a refused edit writes nothing")
        let unchanged = try runner.run([file, "-c", "set AllTypes[0]._id = \"\(ids[0])\"; set AllTypes[0]._id = \"renamed\"; show AllTypes[0]._id"])
        #expect(unchanged.status == 0, "\(unchanged.standardError)")
        #expect(unchanged.standardOutput.hasSuffix("\"renamed\"\n"))
    }

    @Test func aStatementFailingHalfwayInsideBeginStagesNothing() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try copy("alltypes")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before = try runner.run([file, "-c", "dump AllTypes"])
        // The update fails on its second object (the first already took "same").
        let script = "begin\nupdate AllTypes TRUEPREDICATE SET _id = \"same\"\nset AllTypes[0].intReq = 7\nstatus\ncommit\n"
        let result = try runner.run([file], input: script)
        #expect(result.status == 1)
        #expect(result.standardError.contains("error (line 2): AllTypes already has an object with _id = \"same\""), "\(result.standardError)")
        #expect(result.standardOutput.contains("committed 1 change as version"), "\(result.standardOutput)")
        let count = try runner.run([file, "-c", "count AllTypes _id == \"same\"; show AllTypes[0].intReq"])
        #expect(count.standardOutput == "0\n7\n")
        let after = try runner.run([file, "-c", "dump AllTypes"])
        let changed = zip(before.standardOutput.split(separator: "\n"), after.standardOutput.split(separator: "\n")).filter { $0 != $1 }
        #expect(changed.count == 1, "only AllTypes[0].intReq changed")
    }

    @Test func writingCommandsRefuseTheOpenRealmFile() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try copy("species")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        try FileManager.default.createSymbolicLink(atPath: directory + "/alias.realm", withDestinationPath: file)
        let attempts = ["export json Category \(file)", "export csv Specimen \(directory)/alias.realm", "export json \(file)",
                        "dump --out \(file)", "dump Category --out \(directory)/./species.realm",
                        "generate demo \(file) --rows 3 --force", "load \(Fixtures.jsonPath("species")) \(file) --force"]
        for attempt in attempts {
            let result = try runner.run([file, "-c", attempt])
            #expect(result.status == 1, "\(attempt)")
            #expect(result.standardError.hasSuffix("that is the open Realm file; write to another file\n"), "\(attempt): \(result.standardError)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "\(attempt) left the file as it was")
        }
        let elsewhere = try runner.run([file, "-c", "export json Category \(directory)/category.json"])
        #expect(elsewhere.status == 0, "\(elsewhere.standardError)")
    }

    @Test func exportWithoutAFileNamesWhatIsMissing() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("UserErrorTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (arguments, named) in [("json Specimen", "Specimen"), ("csv Category", "Category"), ("json result", "result")] {
            let result = try runner.run([Fixtures.realmPath("species"), "-c", "export \(arguments)"], in: directory)
            #expect(result.status == 1)
            #expect(result.standardError.contains("usage: export \(arguments) FILE: name the file to write"), "\(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: directory + "/" + named))
        }
        let every = try runner.run([Fixtures.realmPath("species"), "-c", "export json \(directory)/Specimen"])
        #expect(every.status == 0, "\(every.standardError)")
        #expect(every.standardOutput == "exported 47 objects of 2 classes to \(directory)/Specimen\n")
    }

    @Test func commandsThatCannotRunNowSaySoWithoutUsage() throws {
        guard Fixtures.requirePresent() else { return }
        let result = try runner.run([Fixtures.realmPath("species")], input: "commit\nrollback\nback\nsort name\nexport json result /dev/null\n")
        #expect(result.status == 1)
        #expect(result.standardError == """
        error (line 1): no transaction is open ('begin' starts one)
        error (line 2): no transaction is open; nothing to roll back
        error (line 3): there is no earlier place to go back to (cd moves)
        error (line 4): sort re-sorts the result of the last find; run find first
        error (line 5): 'export FORMAT result FILE' exports the last find; run find first

        """)
    }

    @Test func decimalPropertiesTakeTheDigitsAsTyped() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try copy("alltypes")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Texts realm-core itself wrote into alltypes.json: set back, they must dump the same.
        let fixtureTexts = Set(try objects("alltypes", "class_AllTypes").compactMap { $0["decimalReq"]?["$decimal"]?.string })
        for text in ["-1.5", "1.0", "1E-30", "+12345678901234567890123E-3", "6987.38", "-9999999999999999999999999999999999E+6111"] {
            #expect(fixtureTexts.contains(text), "\(text) is one of realm-core's")
            let result = try runner.run([file, "-c", "set AllTypes[0].decimalReq = \(text)"])
            #expect(result.status == 0, "\(text): \(result.standardError)")
            let dump = try JSONParser.parse(try runner.run([file, "-c", "dump AllTypes"]).standardOutput)
            let first = dump["tables"]?.array?.first?["objects"]?.array?.first
            #expect(first?["decimalReq"]?["$decimal"]?.string == text)
        }
        let inUpdate = try runner.run([file, "-c", "update AllTypes _id == \"\(try #require(try objects("alltypes", "class_AllTypes")[1]["_id"]?.string))\" SET decimalOpt = 0.1; count AllTypes decimalOpt == 0.1"])
        #expect(inUpdate.status == 0, "\(inUpdate.standardError)")
        #expect(inUpdate.standardOutput.hasSuffix("\n1\n"), "\(inUpdate.standardOutput)")
    }

    @Test func valueErrorsQuoteTheTextTypedAndSayValue() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try copy("alltypes")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let script = "set AllTypes[0].intReq = 9223372036854775808\nset AllTypes[0].objectIdReq = 5\nset AllTypes[0].boolReq = yes\ncreate Target value = 1.5\n"
        let result = try runner.run([file], input: script)
        #expect(result.status == 1)
        #expect(result.standardError == """
        error (line 1): AllTypes.intReq is an int property; 9223372036854775808 does not fit
        error (line 2): AllTypes.objectIdReq is an objectId property; 5 does not fit
        error (line 3): cannot read the value:
        yes
        ^ expected one value, such as 'text', 42, true, null or 2015-03-01@12:00:00
        error (line 4): Target.value is an int property; 1.5 does not fit

        """)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test func anErrorAmongSeveralStatementsOnALineNamesTheStatement() throws {
        guard Fixtures.requirePresent() else { return }
        let inline = try runner.run([Fixtures.realmPath("species"), "-c", "count Category; show Nope; count Specimen"])
        #expect(inline.status == 1)
        #expect(inline.standardOutput == "5\n42\n")
        #expect(inline.standardError == "error (line 1, statement 2): no class named 'Nope' (type 'classes' to list them)\n")
        let piped = try runner.run([Fixtures.realmPath("species")], input: "count Category\ncount Specimen; count Nope\nshow Nope\n")
        #expect(piped.standardError == """
        error (line 2, statement 2): no class named 'Nope' (type 'classes' to list them)
        error (line 3): no class named 'Nope' (type 'classes' to list them)

        """)
    }

    @Test func filesWithoutClassesSaySoInSchemaAndExport() throws {
        guard Fixtures.requirePresent() else { return }
        let legacy = Fixtures.realmPath("legacy/test_upgrade_database_4_23")
        // Realm's dump of this file: its tables are internal (no class_ prefix).
        let tables = try #require(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("legacy/test_upgrade_database_4_23"))["tables"]?.array)
        #expect(!tables.isEmpty && tables.allSatisfy { $0["class"] == .null })
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("UserErrorTests-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try runner.run([legacy], input: "schema\nexport json \(directory).json\nexport csv \(directory)\n")
        #expect(result.status == 1)
        #expect(result.standardOutput == "(no classes; 'classes --all' lists the internal tables, 'schema TABLE' shows one)\n")
        #expect(result.standardError == """
        error (line 2): the file has no classes (tables named class_...) to export; 'classes --all' lists its tables, 'export json TABLE FILE' exports one
        error (line 3): the file has no classes (tables named class_...) to export; 'classes --all' lists its tables, 'export csv TABLE FILE' exports one

        """)
        #expect(!FileManager.default.fileExists(atPath: directory + ".json") && !FileManager.default.fileExists(atPath: directory))
    }

    @Test func helpForOpenDoesNotPromiseReadOnly() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try copy("species")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let help = try runner.run([], input: "help open\n")
        #expect(help.standardOutput == "open FILE [--key-file KEYFILE | --key KEY]\n"
                + "  open another Realm file instead of this one (browsed read-only; set, create, delete... edit it in place); an encrypted one with its key\n")
        // What the help says: a file opened with 'open' is edited in place like the first.
        let edited = try runner.run([], input: "open \(file)\nset Category[0].name = \"Aves\"\n")
        #expect(edited.status == 0, "\(edited.standardError)")
        #expect(try runner.run([file, "-c", "show Category[0].name"]).standardOutput == "\"Aves\"\n")
    }

    @Test func helpOverviewKeepsSummariesNearTheirCommands() throws {
        let help = try runner.run([], input: "help\n")
        let lines = help.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let column = 2 + 44 + 2
        #expect(lines.contains("  classes [--all]" + String(repeating: " ", count: column - 17) + "list classes and their object counts (--all adds internal tables)"))
        let add = try #require(lines.firstIndex { $0.hasPrefix("  add class NAME") })
        #expect(lines[add] == "  add class NAME (PROPERTY TYPE [primary], ...) | property CLASS NAME TYPE | index CLASS.PROPERTY")
        #expect(lines[add + 1] == String(repeating: " ", count: column) + "add a class or a property, e.g. add class Fungus (name string, host Specimen, hosts Specimen[]) or add property Specimen habitat string?")
        let commands = lines.prefix { !$0.isEmpty }.dropFirst()
        for line in commands where !line.hasPrefix(String(repeating: " ", count: column)) {
            // Either the usage alone, or the summary starting at the column.
            let start = line.dropFirst(2)
            if let gap = start.range(of: "  ") {
                #expect(start.distance(from: start.startIndex, to: gap.lowerBound) <= 44, "\(line)")
                #expect(line.count > column && line[line.index(line.startIndex, offsetBy: column - 1)] == " " && line[line.index(line.startIndex, offsetBy: column)] != " ", "\(line)")
            }
        }
    }

    @Test func listPositionsOutOfRangeNameTheListAndThePositionTyped() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try copy("alltypes")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let all = try objects("alltypes", "class_AllTypes")
        let addresses = try #require(all[2]["addressList"]?.array).count
        let targets = try #require(all[2]["targetList"]?.array).count
        let script = """
        remove AllTypes[2].addressList[99]
        remove AllTypes[2].addressList[-\(addresses + 1)]
        move AllTypes[2].targetList 0 99
        remove AllTypes[2].targetList[\(targets)]
        append AllTypes[2].targetList null

        """
        let result = try runner.run([file], input: script)
        #expect(result.status == 1)
        #expect(result.standardError == """
        error (line 1): AllTypes[2].addressList[99] is out of range: positions run from 0 to \(addresses - 1)
        error (line 2): AllTypes[2].addressList[-\(addresses + 1)] is out of range: positions run from 0 to \(addresses - 1)
        error (line 3): AllTypes.targetList: there is no element 99: it has \(targets) elements (0..\(targets - 1), or -1 for the last)
        error (line 4): AllTypes.targetList: there is no element \(targets): it has \(targets) elements (0..\(targets - 1), or -1 for the last)
        error (line 5): targetList is a list of links: it holds objects, not null

        """)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test func settingALinkToWhatItHoldsCommitsNoVersion() throws {
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
        let result = try runner.run([file, "-c", "set Car[\(owned)].owner = Person[\(position)]; set Car[\(empty)].owner = null; info"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("(unchanged: the file already holds that; nothing committed)\nCar[\(empty)].owner = null  (unchanged: the file already holds that; nothing committed)\n"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("version       4 (commits since"), "the fixture's version, as before")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test func deletingOrSettingThroughANullLinkSaysItIsNull() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try copy("alltypes")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let position = try #require(try objects("alltypes", "class_AllTypes").firstIndex { $0["address"] == .null })
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let result = try runner.run([file, "-c", "delete AllTypes[\(position)].address; delete AllTypes; set AllTypes[\(position)].address.city = \"Oslo\""])
        #expect(result.status == 1)
        #expect(result.standardError == """
        error (line 1, statement 1): AllTypes[\(position)].address is null: there is no object to delete
        error (line 1, statement 2): usage: delete CLASS[N]  (the path must lead to one object)
        error (line 1, statement 3): AllTypes[\(position)].address is null: there is no object to set city on

        """)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test func uncommittedChangesAtTheEndAreCountedInWords() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try copy("species")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let one = try runner.run([file], input: "begin\nset Category[0].name = \"x\"\n")
        #expect(one.status == 1)
        #expect(one.standardError == "error: the input ended with 1 uncommitted change; nothing was written (end with 'commit')\n")
        let two = try runner.run([file, "-c", "begin; set Category[0].name = 'x'; set Category[1].name = 'y'"])
        #expect(two.standardError == "error: the input ended with 2 uncommitted changes; nothing was written (end with 'commit')\n")
    }

    @Test func aBarePositionAtTheTopAsksForAClass() throws {
        guard Fixtures.requirePresent() else { return }
        let result = try runner.run([Fixtures.realmPath("tasks")], input: "cd 3\nshow [0]\ncd TaskList\ncd 3\nshow name\n")
        #expect(result.status == 1)
        // tasks.realm's first class (in name order, as 'classes' lists them) is BankInfo.
        #expect(result.standardError == """
        error (line 1): cannot read object address '3': a position needs a class first, e.g. BankInfo[3], or 'cd CLASS' (or a find) to stand on one
        error (line 2): cannot read object address '[0]': a position needs a class first, e.g. BankInfo[0], or 'cd CLASS' (or a find) to stand on one

        """)
        let lists = try #require(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("tasks"))["tables"]?.array?.first { $0["name"]?.string == "class_TaskList" }?["objects"]?.array)
        #expect(result.standardOutput == "\"\(try #require(lists[3]["name"]?.string))\"\n")
    }

    @Test func doubleQuotedPrimaryKeysWorkLikeSingleQuotedOnes() throws {
        guard Fixtures.requirePresent() else { return }
        let all = try objects("alltypes", "class_AllTypes")
        // The fixture's first object has the empty string as its primary key.
        #expect(all[0]["_id"]?.string == "")
        let second = try #require(all[1]["_id"]?.string)
        let targets = try #require(all[1]["targetList"]?.array).count
        for quote in ["\"", "'"] {
            let result = try runner.run([Fixtures.realmPath("alltypes"), "-c", "show AllTypes[_id = \(quote)\(quote)]._id; show AllTypes[_id = \(quote)\(second)\(quote)].targetList"])
            #expect(result.status == 0, "\(quote): \(result.standardError)")
            #expect(result.standardOutput.hasPrefix("\"\"\n"), "\(quote): \(result.standardOutput)")
            #expect(result.standardOutput.hasSuffix("(0..\(targets) of \(targets) elements of AllTypes[_id = \(quote)\(second)\(quote)].targetList)\n"), "\(quote): \(result.standardOutput)")
        }
    }

    @Test func commandsWithoutArgumentsRefuseLeftoverWords() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try copy("species")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let result = try runner.run([file], input: "info Specimen\nbegin now\nbegin\nset Category[0].name = \"x\"\ncommit it\nstatus x\nrollback all\nrollback\nquit now\ncount Category\n")
        #expect(result.status == 1)
        #expect(result.standardError == """
        error (line 1): usage: info takes no arguments ('Specimen' is left over)
        error (line 2): usage: begin takes no arguments ('now' is left over)
        error (line 5): usage: commit [--keep-version] ('it' is left over)
        error (line 6): usage: status takes no arguments ('x' is left over)
        error (line 7): usage: rollback takes no arguments ('all' is left over)
        error (line 9): usage: quit takes no arguments ('now' is left over)

        """)
        #expect(result.standardOutput.hasSuffix("rolled back 1 change\n5\n"), "\(result.standardOutput)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test func helpForACommandWithItsFirstArgument() throws {
        let result = try runner.run([], input: "help add class\nhelp export json\nhelp nosuch thing\n")
        #expect(result.standardOutput.hasPrefix("add class NAME (PROPERTY TYPE [primary], ...) | property CLASS NAME TYPE | index CLASS.PROPERTY\n"))
        #expect(result.standardOutput.contains("\nexport json|csv [CLASS | result] FILE | sqlite FILE [CLASS...]\n"))
        #expect(result.standardError == "error (line 3): unknown command 'nosuch thing' (type 'help' for the list)\n")
    }
}
