import RealmShell
import Foundation
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// `diff` compares two files: nothing for a file and its copies, exactly the edits made to an
/// edited copy. Every expected line comes from the fixture (README counts, what `show` prints
/// for the objects touched) and from the edits the test itself makes, never from running diff.
@Suite("diff: objects", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct DiffTests {
    /// What `diff ARGUMENTS` prints, with `open` (if any) open in the session.
    static func diff(_ arguments: String, open: String? = nil) throws -> String {
        let output = BufferedOutput()
        let session = Session(output: output)
        if let open { try session.open(path: open) }
        try session.execute("diff " + arguments)
        return output.text
    }

    /// Runs `commands` on the file at `path` in a session of its own (edits commit in place).
    static func edit(_ path: String, _ commands: String) throws {
        let (session, _) = try FileSession.open(path)
        for statement in StatementSplitter.statements(in: commands) { try session.execute(statement) }
    }

    /// Counts from fixtures/README.md: demo 3 × 1000; species 5 categories + 42 specimens; tasks
    /// 6 + 4 + 5 + 26 + 5; alltypes 299 AllTypes + 24 Target (its embedded class is compared
    /// inside the objects that hold it); history 504 live notes.
    @Test("a fixture against itself", arguments: [
        ("demo", "3 classes, 3000 objects"), ("species", "2 classes, 47 objects"), ("tasks", "5 classes, 46 objects"),
        ("alltypes", "3 classes, 323 objects"), ("history", "1 class, 504 objects"),
    ])
    func fixtureAgainstItself(fixture: String, counts: String) throws {
        guard Fixtures.requirePresent() else { return }
        let path = Fixtures.realmPath(fixture)
        #expect(try DiffTests.diff("\(path) \(path)") == "no differences between \(path) and \(path) (\(counts))\n")
        #expect(try DiffTests.diff(path, open: path) == "no differences between \(path) and \(path) (\(counts))\n")
    }

    /// A compacted copy has other bytes, refs and free space, and the same objects and keys.
    @Test func compactedCopyHasNoDifferences() throws {
        guard Fixtures.requirePresent() else { return }
        let original = Fixtures.realmPath("alltypes")
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("DiffTests-\(UUID().uuidString).realm").path
        defer { FixtureCopy.remove(copy) }
        _ = try FileSession.open(original).0.execute("compact \(copy)")
        #expect(try DiffTests.diff(copy, open: original) == "no differences between \(original) and \(copy) (3 classes, 323 objects)\n")
    }

    /// The edits of `editedTasks`, as the fixture's objects show them before and after.
    static let taskEdits = """
        begin; set Task[2].name = "Buy oat milk"; set Task[3].isCompleted = true; set Car[1].owner = Person[3]; \
        append Person[3].banks BankInfo[bank_accno = "CH9300762011623852957"]; \
        set BankInfo[bank_accno = "GB29NWBK60161331926819"].status = "active"; \
        create BankInfo bank_accno = "SE4550000000058398257466", bankname = "SEB", status = "active"; \
        create Task name = "Water the garden", createdAt = 2025-02-01@00:00:00, notes = "", isCompleted = false; \
        delete Car[2]; commit; add property Person age int?; add class Tag (name string primary, tasks Task[])
        """

    /// tasks.realm before the edits (from `show`): Task[2] "Buy milk", Task[3] "Backup laptop" not
    /// completed, Car[1] owned by Person[2] "Chloé", Person[3] "Dmitri" without banks, BankInfo[2]
    /// "GB29…" closed, BankInfo[4] "CH93…"; Car[2] has no owner and nothing links to cars.
    /// Task and Car have no primary key (matched by object key; Task's 26 objects have keys
    /// 0...25, so the new one gets 26); BankInfo's is bank_accno.
    @Test func editedCopyListsExactlyTheEdits() throws {
        guard Fixtures.requirePresent() else { return }
        let original = Fixtures.realmPath("tasks")
        let copy = try FixtureCopy.make(of: "tasks", prefix: "DiffTests")
        defer { FixtureCopy.remove(copy) }
        try DiffTests.edit(copy, DiffTests.taskEdits)
        let expected = """
            --- \(original)
            +++ \(copy)
            schema:
              + property Person.age: int (optional)
              + class Tag (0 objects)
                  name   string (primary key)
                  tasks  list of Task
            objects:
              BankInfo:
                ~ BankInfo[bank_accno = "GB29NWBK60161331926819"]
                    status  "closed" → "active"
                + BankInfo[bank_accno = "SE4550000000058398257466"]
              Car:
                ~ Car[_key = 1]
                    owner  Person[2] "Chloé" → Person[3] "Dmitri"
                - Car[_key = 2]
              Person:
                ~ Person[_key = 3] "Dmitri"
                    banks  list of BankInfo, 0 items → list of BankInfo, 1 item: [BankInfo[4] "CH9300762011623852957"]
              Task:
                ~ Task[_key = 2] "Buy oat milk"
                    name  "Buy milk" → "Buy oat milk"
                ~ Task[_key = 3] "Backup laptop"
                    isCompleted  false → true
                + Task[_key = 26] "Water the garden"
            summary:
              class     added  removed  changed  unchanged
              BankInfo      1        0        1          5
              Car           0        1        1          2
              Person        0        0        1          4
              Task          1        0        2         24
              TaskList      0        0        0          5

            """
        #expect(try DiffTests.diff(copy, open: original) == expected)
        #expect(try DiffTests.diff("\(original) \(copy)") == expected)

        // --class: that class only, its schema changes included.
        #expect(try DiffTests.diff("\(original) \(copy) --class Car") == """
            --- \(original)
            +++ \(copy)
            objects:
              Car:
                ~ Car[_key = 1]
                    owner  Person[2] "Chloé" → Person[3] "Dmitri"
                - Car[_key = 2]
            summary:
              class  added  removed  changed  unchanged
              Car        0        1        1          2

            """)
        #expect(try DiffTests.diff("\(original) \(copy) --class Tag") == """
            --- \(original)
            +++ \(copy)
            schema:
              + class Tag (0 objects)
                  name   string (primary key)
                  tasks  list of Task

            """)
        #expect(try DiffTests.diff("\(original) \(copy) --class TaskList") == "no differences between \(original) and \(copy) (1 class, 5 objects)\n")
        // Swapped, every + is a - and every old value a new one.
        let reversed = try DiffTests.diff("\(copy) \(original) --class BankInfo")
        #expect(reversed.contains("    - BankInfo[bank_accno = \"SE4550000000058398257466\"]\n"))
        #expect(reversed.contains("        status  \"active\" → \"closed\"\n"))
    }

    /// Links compare by the target's primary key: a BankInfo deleted and created again (a new
    /// object key, 6) with the same values, linked again from the same lists, is no difference.
    @Test func linksCompareByTheTargetsPrimaryKey() throws {
        guard Fixtures.requirePresent() else { return }
        let original = Fixtures.realmPath("tasks")
        let copy = try FixtureCopy.make(of: "tasks", prefix: "DiffTests")
        defer { FixtureCopy.remove(copy) }
        // From tasks.json: NL91… (key 0) is in Alice's (Person 0) and Eve's (Person 4) banks.
        try DiffTests.edit(copy, """
            begin; delete BankInfo[bank_accno = "NL91ABNA0417164300"]; \
            create BankInfo bank_accno = "NL91ABNA0417164300", bankname = "ABN AMRO", status = "active"; commit; \
            begin; set Person[0].banks = {BankInfo[bank_accno = "NL91ABNA0417164300"], BankInfo[bank_accno = "DE89370400440532013000"]}; \
            set Person[4].banks = {BankInfo[bank_accno = "NL91ABNA0417164300"], BankInfo[bank_accno = "ES9121000418450200051332"]}; commit
            """)
        #expect(try DiffTests.diff(copy, open: original) == "no differences between \(original) and \(copy) (5 classes, 46 objects)\n")
    }

    /// alltypes.realm (from `show`): obj-0001's address is { "Main St 1", "Copenhagen", 1001 },
    /// obj-0002's { "Main St 2", "København", 1002 }; obj-0003's doubleList [inf, -inf, smallest
    /// normal]; obj-0004's mixedValue -inf. Replacing an embedded object by an equal one makes a
    /// new object (a new key) and no difference; -0.0 differs from inf, and a mixed int from -inf.
    @Test func embeddedObjectsCollectionsAndMixedValues() throws {
        guard Fixtures.requirePresent() else { return }
        let original = Fixtures.realmPath("alltypes")
        let copy = try FixtureCopy.make(of: "alltypes", prefix: "DiffTests")
        defer { FixtureCopy.remove(copy) }
        try DiffTests.edit(copy, """
            begin; set AllTypes[1].address = { street: "Main St 1", city: "Copenhagen", zip: 1001 }; \
            set AllTypes[2].address.city = "Aarhus"; set AllTypes[3].doubleList[0] = -0.0; set AllTypes[4].mixedValue = 5; \
            delete AllTypes[_id = "obj-0010"]; commit
            """)
        #expect(try DiffTests.diff(copy, open: original) == """
            --- \(original)
            +++ \(copy)
            objects:
              AllTypes:
                ~ AllTypes[_id = "obj-0002"]
                    address  EmbeddedAddress { street: "Main St 2", city: "København", zip: 1002 } → EmbeddedAddress { street: "Main St 2", city: "Aarhus", zip: 1002 }
                ~ AllTypes[_id = "obj-0003"]
                    doubleList  list of double, 3 items: [inf, -inf, 2.2250738585072014e-308] → list of double, 3 items: [-0.0, -inf, 2.2250738585072014e-308]
                ~ AllTypes[_id = "obj-0004"]
                    mixedValue  -inf → 5
                - AllTypes[_id = "obj-0010"]
            summary:
              class     added  removed  changed  unchanged
              AllTypes      0        1        3        295
              Target        0        0        0         24

            """)
    }

    /// Another process commits to B while diff reads it: what was read may mix two versions, so
    /// it is dropped and B read again (the hook commits once, before the first version check).
    @Test func otherFileChangedDuringTheComparisonIsReadAgain() throws {
        guard Fixtures.requirePresent() else { return }
        let original = Fixtures.realmPath("tasks")
        let copy = try FixtureCopy.make(of: "tasks", prefix: "DiffTests")
        defer { FixtureCopy.remove(copy) }
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: original)
        var commits = 0
        session.beforeVersionCheck = {
            guard commits == 0 else { return }
            commits += 1
            try? DiffTests.edit(copy, "set Task[2].name = \"Buy oat milk\"")
        }
        try session.execute("diff \(copy) --class Task")
        #expect(commits == 1)
        // tasks.realm: Task[2] is "Buy milk"; 26 tasks.
        #expect(output.text == """
            --- \(original)
            +++ \(copy)
            objects:
              Task:
                ~ Task[_key = 2] "Buy oat milk"
                    name  "Buy milk" → "Buy oat milk"
            summary:
              class  added  removed  changed  unchanged
              Task       0        0        1         25

            """)
    }

    @Test func mistakesAreReported() throws {
        guard Fixtures.requirePresent() else { return }
        let tasks = Fixtures.realmPath("tasks")
        expectError(.notNow(mentioning: "no Realm file is open to compare with \(tasks)", "diff A B")) { try DiffTests.diff(tasks) }
        do {
            _ = try DiffTests.diff(tasks)
            Issue.record("diff OTHER without an open file must fail")
        } catch {
            #expect("\(error)" == "no Realm file is open to compare with \(tasks): open one first, or give two files: diff A B")
        }
        let cases: [(String, String)] = [
            ("\(tasks) \(tasks) --class Cars", "no class named 'Cars'; did you mean 'Car'? (type 'classes' to list them)"),
            ("\(tasks) \(tasks) --bogus", "usage: diff OTHER | diff A B [--class CLASS] [--json] [--key-file KEYFILE | --key KEY]  ('--bogus' is not an option of diff)"),
            ("\(tasks) \(tasks) \(tasks)", "usage: diff OTHER | diff A B [--class CLASS] [--json] [--key-file KEYFILE | --key KEY]"),
            ("\(tasks) /nonexistent/b.realm", "cannot open /nonexistent/b.realm: No such file or directory"),
        ]
        for (arguments, message) in cases {
            do {
                _ = try DiffTests.diff(arguments)
                Issue.record("diff \(arguments) succeeded")
            } catch {
                #expect("\(error)" == message)
            }
        }
    }

    @Test func helpTeachesByExample() throws {
        let output = BufferedOutput()
        try Session(output: output).execute("help diff")
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "diff OTHER | A B [--class CLASS] [--json] [--key-file KEYFILE]")
        #expect(lines.contains("  diff before.realm --class Task      one class: its schema and objects only"))
        #expect(lines.contains { $0.hasPrefix("  realm-browser diff a.realm b.realm  from the shell; exit status 0 same, 1 different, 2 trouble") })
        // Matching files, as diff prints species.realm against itself.
        #expect(lines.contains("    no differences between a.realm and b.realm (2 classes, 47 objects)"))
        let species = Fixtures.realmPath("species")
        #expect(try DiffTests.diff("\(species) \(species)") == "no differences between \(species) and \(species) (2 classes, 47 objects)\n")
    }

    @Test func completionOffersOptionsAndClasses() throws {
        guard Fixtures.requirePresent() else { return }
        let (session, _) = try FileSession.open(Fixtures.realmPath("tasks"))
        #expect(Completer.complete("diff other.realm --cl", session: session) == ["--class"])
        #expect(Completer.complete("diff other.realm --class Ta", session: session) == ["Task", "TaskList"])
        #expect(Completer.complete("diff oth", session: session) == nil, "a file name")
    }
}
