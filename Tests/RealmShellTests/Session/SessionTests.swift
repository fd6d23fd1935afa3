import RealmShell
import Foundation
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// Commands against Realm's own fixture files; expected values come from the fixtures' JSON dumps.
@Suite("Session commands on fixtures", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SessionTests {
    func session(_ fixture: String) throws -> (Session, BufferedOutput) {
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: Fixtures.realmPath(fixture))
        return (session, output)
    }

    func objects(of table: String, in dump: JSONValue) throws -> [JSONValue] {
        let tables = try #require(dump["tables"]?.array)
        let entry = try #require(tables.first { $0["name"]?.string == table })
        return try #require(entry["objects"]?.array)
    }

    func lines(_ output: BufferedOutput) -> [String] {
        output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func classesListsClassTablesWithCounts() throws {
        guard Fixtures.requirePresent() else { return }
        for name in ["species", "tasks", "demo", "big", "history"] {
            let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(name))
            let (session, output) = try session(name)
            try session.execute("classes")
            let printed = lines(output).filter { !$0.isEmpty }.map { $0.split(separator: " ").map(String.init) }
            let expected = try #require(dump["tables"]?.array).compactMap { table -> [String]? in
                guard let className = table["class"]?.string, let count = table["count"]?.int else { return nil }
                return [className, String(count)]
            }
            #expect(printed == expected, "\(name)")
            let all = BufferedOutput()
            let allSession = Session(output: all)
            try allSession.open(path: Fixtures.realmPath(name))
            try allSession.execute("classes --all")
            #expect(all.text.contains("metadata"))
            #expect(all.text.contains("(internal)"))
            #expect(!output.text.contains("metadata"))
        }
    }

    @Test func schemaShowsEveryPropertyWithTypeAndTarget() throws {
        guard Fixtures.requirePresent() else { return }
        let (session, output) = try session("species")
        try session.execute("schema Specimen")
        #expect(lines(output) == [
            "name                 string",
            "specimenDescription  string",
            "latitude             double",
            "longitude            double",
            "created              date",
            "category             link -> Category (optional)",
            "",
        ])
        let (tasks, tasksOutput) = try self.session("tasks")
        try tasks.execute("schema BankInfo")
        #expect(tasksOutput.text.contains("bank_accno  string (primary key)"))
        #expect(tasksOutput.text.contains("(linked from Person.banks)"))
        try tasks.execute("schema TaskList")
        #expect(tasksOutput.text.contains("tasks      list of Task"))
    }

    @Test func showObjectMatchesTheDump() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species"))
        let specimens = try objects(of: "class_Specimen", in: dump)
        let categories = try objects(of: "class_Category", in: dump)
        let (session, output) = try session("species")
        for position in [0, 3, 41] {
            let object = specimens[position]
            let shown = BufferedOutput()
            let single = Session(output: shown)
            try single.open(path: Fixtures.realmPath("species"))
            try single.execute("show Specimen[\(position)]")
            let text = shown.text
            let key = try #require(object["_key"]?.int)
            #expect(text.hasPrefix("Specimen[\(position)]  (object key \(key))"))
            let name = try #require(object["name"]?.string)
            #expect(text.contains("  name                 \"\(name)\"\n"))
            if case let .array(link)? = object["category"]?["$link"], let targetKey = link.last?.int {
                let targetPosition = try #require(categories.firstIndex { $0["_key"]?.int == targetKey })
                let targetName = try #require(categories[targetPosition]["name"]?.string)
                #expect(text.contains("category             Category[\(targetPosition)] \"\(targetName)\""))
            } else {
                #expect(text.contains("category             null"))
            }
        }
        try session.execute("show Specimen[-1]")
        #expect(output.text.hasPrefix("Specimen[41]"))
        let spaced = BufferedOutput()
        let spacedSession = Session(output: spaced)
        try spacedSession.open(path: Fixtures.realmPath("species"))
        try spacedSession.execute("show Specimen [3]")
        #expect(spaced.text.hasPrefix("Specimen[3]  (object key"))
    }

    @Test func listingPagesAndMore() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species"))
        let names = try objects(of: "class_Specimen", in: dump).map { try #require($0["name"]?.string) }
        let (session, output) = try session("species")
        session.pageSize = 15
        try session.execute("show Specimen")
        try session.execute("more")
        try session.execute("more")
        #expect(throws: BrowserError.noMoreRows, "15 + 15 + 12 rows: all 42 shown") { try session.execute("more") }
        let rows = lines(output).filter { $0.contains(" │ ") && !$0.hasPrefix("#") }
        #expect(rows.count == names.count)
        for (position, row) in rows.enumerated() {
            let cells = row.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells[0] == String(position))
            #expect(cells[1] == names[position])
        }
        let ranged = BufferedOutput()
        let rangedSession = Session(output: ranged)
        try rangedSession.open(path: Fixtures.realmPath("species"))
        try rangedSession.execute("show Specimen 20..40")
        let rangedRows = lines(ranged).filter { $0.contains(" │ ") && !$0.hasPrefix("#") }
        #expect(rangedRows.count == 20)
        #expect(rangedRows.first?.hasPrefix("20 │ \(names[20])") == true)
        #expect(ranged.text.contains("(20..40 of 42 Specimen objects"))
    }

    @Test func lookUpByPrimaryKeyAndObjectKey() throws {
        guard Fixtures.requirePresent() else { return }
        let tasksDump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("tasks"))
        let banks = try objects(of: "class_BankInfo", in: tasksDump)
        let (tasks, tasksOutput) = try session("tasks")
        let last = try #require(banks.last)
        let account = try #require(last["bank_accno"]?.string)
        try tasks.execute("show BankInfo[bank_accno = \"\(account)\"]")
        #expect(tasksOutput.text.hasPrefix("BankInfo[\(banks.count - 1)]  (object key \(try #require(last["_key"]?.int)))"))
        let bankname = try #require(last["bankname"]?.string)
        #expect(lines(tasksOutput).contains { $0.hasPrefix("  bankname ") && $0.hasSuffix(" \"\(bankname)\"") })
        #expect(throws: BrowserError.noSuchObject(className: "BankInfo", address: "bank_accno = \"no such account\"")) {
            try tasks.execute("show BankInfo[bank_accno = \"no such account\"]")
        }
        expectError(.invalidAddress("BankInfo[bankname = \"x\"]", reasonMentioning: "'bankname' is not the primary key", "'bank_accno'")) {
            try tasks.execute("show BankInfo[bankname = \"x\"]")
        }
        expectError(.invalidAddress("Task[name = \"x\"]", reasonMentioning: "'name' is not the primary key", "no primary key")) {
            try tasks.execute("show Task[name = \"x\"]")
        }

        let (demo, demoOutput) = try session("demo")
        try demo.execute("show RealmTestClass0[_key = 65536]")
        #expect(demoOutput.text.hasPrefix("RealmTestClass0[256]  (object key 65536)"))
        // The keys run 0...255, then 65536...: no object has key 256 (the position of key 65536).
        #expect(throws: BrowserError.noSuchObject(className: "RealmTestClass0", address: "object key 256")) {
            try demo.execute("show RealmTestClass0[_key = 256]")
        }

        let (big, bigOutput) = try session("big")
        try big.execute("show Item[id = 150000]")
        #expect(bigOutput.text.hasPrefix("Item[150000]  (object key 150000)"))
    }

    @Test func errorsNameTheProblem() throws {
        guard Fixtures.requirePresent() else { return }
        let (session, _) = try session("species")
        #expect(throws: BrowserError.positionOutOfRange(className: "Specimen", position: 42, count: 42)) { try session.execute("show Specimen[42]") }
        do {
            try session.execute("show specimen")
            Issue.record("a wrong class name must fail")
        } catch {
            #expect(error.description.contains("did you mean 'Specimen'"))
        }
        do {
            try session.execute("shwo Specimen")
            Issue.record("a wrong command must fail")
        } catch {
            #expect(error.description.contains("did you mean 'show'"))
        }
        // A JSON dump is no Realm file: its bytes 16..19 are not the mnemonic "T-DB".
        expectError(.file("notARealmFile", where: { if case let .notARealmFile(reason) = $0 { reason.contains("T-DB") } else { false } })) {
            try session.open(path: Fixtures.jsonPath("species"))
        }
        #expect(session.file != nil, "a failed open keeps the previous file")
        #expect(throws: BrowserError.noFileOpen) { try Session(output: BufferedOutput()).execute("classes") }
    }

    @Test func infoDescribesTheFile() throws {
        guard Fixtures.requirePresent() else { return }
        let (session, output) = try session("history")
        try session.execute("info")
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("history"))
        let tableCount = try #require(dump["tables"]?.array).count
        #expect(output.text.contains("file format   24"))
        #expect(output.text.contains("history       in-realm"))
        #expect(output.text.contains("tables        \(tableCount) (1 class, 1 internal)"))
        #expect(output.text.contains("size          262144 bytes (256.0 KiB)"))
        // history.realm was written by 300 write transactions after the schema was created.
        let version = try #require(lines(output).first { $0.hasPrefix("version") })
        let number = try #require(Int(version.split(separator: " ")[1]))
        #expect(number > 300)
    }
}
