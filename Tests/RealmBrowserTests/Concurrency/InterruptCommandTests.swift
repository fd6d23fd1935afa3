import Foundation
import Glibc
import RealmFormat
import Testing
import TestSupport

/// Ctrl-C in the built executable. Scripts: the command and the script stop, exit status 130,
/// "interrupted" on standard error, no output file or temporary file left and a file at the
/// target untouched. Where the test must interrupt mid-command, `REALM_BROWSER_INTERRUPT_AFTER`
/// makes the Nth check act as if Ctrl-C came then (deterministic); one real SIGINT per behaviour
/// is sent once the command has demonstrably started (its temporary file exists). The REPL runs
/// in tmux: Ctrl-C at the prompt drops the line, during a command it stops the command and the
/// staged changes stay. demo.realm: three classes of 1000 objects (a dozen leaves).
@Suite("Ctrl-C in the executable", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment), .serialized)
struct InterruptCommandTests {
    /// The names in `directory`, but lock files.
    static func names(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasSuffix(".lock") }.sorted()
    }

    @Test(arguments: [
        "dump --out DIR/target",
        "export json RealmTestClass1 DIR/target",
        "export csv RealmTestClass2 DIR/target",
        "export sqlite DIR/target",
        "compact DIR/target --force",
        "generate demo DIR/target --rows 2000 --force",
        "import csv DIR/rows.csv RealmTestClass0",
        "find RealmTestClass0 stringValue CONTAINS 'zz'",
    ])
    func aScriptStopsAtTheInterruptedCommand(command: String) throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ExecutableTests.workingCopy(of: "demo", suite: "Interrupt")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(("integerValue,stringValue\n" + (0..<600).map { "\($0),row \($0)\n" }.joined()).utf8)
            .write(to: URL(fileURLWithPath: directory + "/rows.csv"))
        try Data("an older file\n".utf8).write(to: URL(fileURLWithPath: directory + "/target"))
        let before = try Self.names(in: directory)
        let realm = try Data(contentsOf: URL(fileURLWithPath: path))
        let statement = command.replacingOccurrences(of: "DIR", with: directory)
        // The third check: a few leaves (or records) into the command.
        let result = try ExecutableTests().run([path, "-c", "count RealmTestClass0; \(statement); classes"],
                                               environment: ["REALM_BROWSER_INTERRUPT_AFTER": "3"])
        #expect(result.status == 130)
        #expect(result.standardError == "interrupted (line 1, statement 2)\n")
        #expect(result.standardOutput == "1000\n", "the statement after the interrupted one did not run")
        #expect(try Self.names(in: directory) == before, "no output or temporary file left")
        #expect(try String(contentsOfFile: directory + "/target", encoding: .utf8) == "an older file\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == realm, "nothing was committed")
    }

    @Test func theSameScriptRunsThroughWithoutCtrlC() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ExecutableTests.workingCopy(of: "demo", suite: "Interrupt")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try ExecutableTests().run([path, "-c", "count RealmTestClass0; export json RealmTestClass1 \(directory)/out.json; classes"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("1000\n"))
        #expect(try Self.names(in: directory) == ["demo.realm", "out.json"])
    }

    @Test func realCtrlCStopsAGenerateInAScript() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("Interrupt-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: directory + "/big.realm"))
        // 500,000 objects of each class take a while; the signal comes once the file is being written.
        let process = try WatchingProcess(["-c", "generate demo \(directory)/big.realm --rows 500000 --force; help"])
        let deadline = Date().addingTimeInterval(300)
        while try !Self.names(in: directory).contains(where: { $0.hasPrefix("big.realm.tmp-") }) {
            try #require(Date() < deadline, "the temporary file never appeared")
            usleep(20_000)
        }
        process.interrupt()
        let end = try process.finish()
        #expect(end.status == 130)
        #expect(end.errors == "interrupted (line 1, statement 1)\n")
        #expect(end.rest.isEmpty, "help did not run")
        #expect(try Self.names(in: directory) == ["big.realm"])
        #expect(try String(contentsOfFile: directory + "/big.realm", encoding: .utf8) == "kept\n")
    }

    @Test func ctrlCAtThePromptDropsTheLine() throws {
        guard Fixtures.requirePresent() else { return }
        let tmux = try #require(InteractiveTests.tmux, "tmux is needed (scripts/setup.sh installs it)")
        let terminal = try InteractiveTests.Terminal(tmux: tmux, command: [ExecutableTests.executable.path, Fixtures.realmPath("demo")],
                                                     environment: ["REALM_BROWSER_HISTORY": "/dev/null", "TERM": "xterm"])
        try terminal.waitFor("realm> ")
        try terminal.type("count RealmTestClass0 integerVal")
        // Ctrl-C flushes the terminal's input: the line must have reached readline first.
        try terminal.waitFor("realm> count RealmTestClass0 integerVal")
        try terminal.press("C-c")
        try terminal.waitFor("realm> count RealmTestClass0 integerVal^C\nrealm> ")
        // A statement going on over lines is dropped whole, and the first prompt comes back.
        try terminal.type("count RealmTestClass1 integerValue > ("); try terminal.press("Enter")
        try terminal.waitFor("...> ")
        try terminal.press("C-c")
        try terminal.type("count RealmTestClass2"); try terminal.press("Enter")
        let screen = try terminal.waitFor("realm> count RealmTestClass2\n1000\nrealm> ")
        #expect(screen.contains("...> ^C\nrealm> count RealmTestClass2\n1000\n"))
        #expect(try terminal.isRunning())
    }

    @Test func ctrlCStopsAReplCommandAndKeepsTheStagedChanges() throws {
        guard Fixtures.requirePresent() else { return }
        let tmux = try #require(InteractiveTests.tmux, "tmux is needed (scripts/setup.sh installs it)")
        let (directory, path) = try ExecutableTests.workingCopy(of: "demo", suite: "Interrupt")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let terminal = try InteractiveTests.Terminal(tmux: tmux, command: [ExecutableTests.executable.path, path],
                                                     environment: ["REALM_BROWSER_HISTORY": "/dev/null", "TERM": "xterm"])
        try terminal.waitFor("realm> ")
        try terminal.type("begin"); try terminal.press("Enter")
        try terminal.type("create RealmTestClass0 integerValue = -987654"); try terminal.press("Enter")
        try terminal.waitFor("(1 pending;")
        try terminal.type("generate demo \(directory)/big.realm --rows 500000"); try terminal.press("Enter")
        let deadline = Date().addingTimeInterval(300)
        while try !Self.names(in: directory).contains(where: { $0.hasPrefix("big.realm.tmp-") }) {
            try #require(Date() < deadline, "the temporary file never appeared")
            usleep(20_000)
        }
        try terminal.press("C-c")
        // The progress line (stderr is the terminal) is cleared, then the word.
        try terminal.waitFor("interrupted\nrealm*> ")
        #expect(try Self.names(in: directory) == ["demo.realm"], "no file and no temporary file")
        try terminal.type("status"); try terminal.press("Enter")
        try terminal.waitFor("1. create RealmTestClass0 (integerValue = -987654)\nrealm*> ")
        try terminal.type("commit"); try terminal.press("Enter")
        try terminal.waitFor("committed")
        try terminal.type("count RealmTestClass0 integerValue == -987654"); try terminal.press("Enter")
        try terminal.waitFor("integerValue == -987654\n1\nrealm> ")
    }

    @Test func anInterruptedImportInTheReplLeavesTheTransactionAsItWas() throws {
        guard Fixtures.requirePresent() else { return }
        let tmux = try #require(InteractiveTests.tmux, "tmux is needed (scripts/setup.sh installs it)")
        let (directory, path) = try ExecutableTests.workingCopy(of: "demo", suite: "Interrupt")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(("integerValue,stringValue\n" + (0..<600).map { "\($0),row \($0)\n" }.joined()).utf8)
            .write(to: URL(fileURLWithPath: directory + "/rows.csv"))
        // The checks of `begin` and `create` come first (none); the import's 3rd stops it.
        let terminal = try InteractiveTests.Terminal(tmux: tmux, command: [ExecutableTests.executable.path, path],
                                                     environment: ["REALM_BROWSER_HISTORY": "/dev/null", "TERM": "xterm",
                                                                   "REALM_BROWSER_INTERRUPT_AFTER": "3"])
        try terminal.waitFor("realm> ")
        try terminal.type("begin"); try terminal.press("Enter")
        try terminal.type("create RealmTestClass0 integerValue = 4242"); try terminal.press("Enter")
        try terminal.waitFor("(1 pending;")
        try terminal.type("import csv \(directory)/rows.csv RealmTestClass0"); try terminal.press("Enter")
        try terminal.waitFor("RealmTestClass0\ninterrupted\nrealm*> ")
        try terminal.type("status"); try terminal.press("Enter")
        try terminal.waitFor("status\n1. create RealmTestClass0 (integerValue = 4242)\nrealm*> ")
        // Run again, the import goes through (the test hook fires once) and stages beside it.
        try terminal.type("import csv \(directory)/rows.csv RealmTestClass0"); try terminal.press("Enter")
        try terminal.waitFor("(2 pending;")
        try terminal.type("commit"); try terminal.press("Enter")
        try terminal.waitFor("committed")
        try terminal.type("count RealmTestClass0"); try terminal.press("Enter")
        try terminal.waitFor("count RealmTestClass0\n1601\nrealm> ")
    }
}
