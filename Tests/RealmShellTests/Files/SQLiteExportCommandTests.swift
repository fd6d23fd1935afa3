import Foundation
import RealmInterchange
import RealmShell
import ShellTestSupport
import Testing
import TestSupport

/// `export sqlite FILE [CLASS...]` in the REPL: what it says, which tables it writes, its
/// completion and its refusals. The values themselves are checked on every fixture by
/// RealmInterchangeTests' `SQLiteExportFixtureTests`.
@Suite("export sqlite in the shell", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SQLiteExportCommandTests {
    @Test func theWholeFileWithItsRelations() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("SQLiteExportCommandTests")
        let (session, output) = try workspace.session(Fixtures.realmPath("tasks"))
        let target = workspace.path("tasks.sqlite")
        try session.execute("export sqlite \(target)")
        #expect(output.text == "exported 47 objects of 5 classes and 1 other table to \(target) (8 SQLite tables)\n")
        let sqlite = try SQLiteFile(path: target)
        #expect(try sqlite.tableNames() == ["BankInfo", "Car", "Person", "Person_banks", "Task", "TaskList", "TaskList_tasks", "metadata"])
        // tasks.json: the five lists hold 4, 5, 10, 3 and 3 tasks; four cars, one without owner.
        #expect(try sqlite.rows("SELECT owner, COUNT(*) FROM TaskList_tasks GROUP BY owner ORDER BY owner").map { $0[1] }
                == [.integer(4), .integer(5), .integer(10), .integer(3), .integer(3)])
        #expect(try sqlite.rows("SELECT COUNT(*) FROM Car WHERE owner IS NULL") == [[.integer(1)]])
        #expect(try sqlite.foreignKeyViolations().isEmpty)
    }

    @Test func chosenClassesOnly() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("SQLiteExportCommandTests")
        let (session, output) = try workspace.session(Fixtures.realmPath("tasks"))
        let target = workspace.path("some.sqlite")
        try session.execute("export sqlite \(target) Person Car")
        #expect(output.text == "exported 9 objects of 2 classes to \(target) (3 SQLite tables)\n")
        #expect(try SQLiteFile(path: target).tableNames() == ["Car", "Person", "Person_banks"])
        #expect(try SQLiteFile(path: target).foreignKeys(of: "Person_banks").map(\.from) == ["owner"], "BankInfo was not exported")
    }

    @Test func refusals() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try ExportWorkspace("SQLiteExportCommandTests")
        let (session, _) = try workspace.session(Fixtures.realmPath("alltypes"))
        expectError(.usage(mentioning: "export sqlite FILE [CLASS...]")) { try session.execute("export sqlite") }
        expectError(.usage(mentioning: "the file comes first", "./AllTypes")) {
            try session.execute("export sqlite AllTypes \(workspace.path("x.sqlite"))")
        }
        expectError(.invalidValue(mentioning: "EmbeddedAddress", "embedded")) {
            try session.execute("export sqlite \(workspace.path("x.sqlite")) EmbeddedAddress")
        }
        #expect(throws: BrowserError.unknownClass("Nope", suggestion: nil)) {
            try session.execute("export sqlite \(workspace.path("x.sqlite")) Nope")
        }
        expectError(.cannotWrite(path: Fixtures.realmPath("alltypes"), reasonMentioning: "open Realm file")) {
            try session.execute("export sqlite \(Fixtures.realmPath("alltypes"))")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.directory).isEmpty)
    }

    @Test func completion() throws {
        guard Fixtures.requirePresent() else { return }
        let session = Session(output: BufferedOutput())
        try session.open(path: Fixtures.realmPath("tasks"))
        #expect(Completer.complete("export s", session: session) == ["sqlite"])
        #expect(Completer.complete("export sqlite ta", session: session) == nil, "a file name first")
        #expect(Completer.complete("export sqlite out.sqlite Ta", session: session) == ["Task", "TaskList"])
        #expect(Completer.complete("export sqlite out.sqlite Task P", session: session) == ["Person"])
    }
}
