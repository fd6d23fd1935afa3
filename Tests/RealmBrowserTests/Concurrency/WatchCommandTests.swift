import Foundation
import Glibc
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// `watch` in the built executable while a second process commits: our own editor
/// (`realm-browser FILE -c 'create ...'`, read unregistered and checked) or `realm-app-double`
/// (a running Realm app: each run pinned in its lock file). The tests act on what the watch has
/// printed (the next commit, Ctrl-C), never on time having passed. tasks.realm has 26 Task
/// objects (tasks.json); demo.realm 1000 RealmTestClass0 objects, whose integerValues the
/// double swaps two at a time.
@Suite("watch beside a committing process", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment), .serialized)
struct WatchCommandTests {
    /// Header times are the clock's: `(12:03:04` becomes `(HH:MM:SS`.
    static func maskingTimes(_ line: String) -> String {
        line.replacingOccurrences(of: #"\(\d\d:\d\d:\d\d"#, with: "(HH:MM:SS", options: .regularExpression)
    }

    /// A commit from another process: one `create`, one new version.
    func commitTask(_ name: String, to path: String) throws {
        let result = try ExecutableTests().run([path, "-c", "create Task name = \"\(name)\""])
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test func eachCommitShowsTheCountItMade() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ExecutableTests.workingCopy(of: "tasks", suite: "Watch")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = Int(try FileVersion.current(path: path).version)
        let watcher = try WatchingProcess([path, "-c", "watch 0.05 --count 3 count Task"])
        #expect(try watcher.nextLines(2).map(Self.maskingTimes) == ["-- version \(first) (HH:MM:SS)", "26"])
        for commit in 1...3 {
            try commitTask("watched \(commit)", to: path)
            // Shown before the next commit is made: this block is that commit's version alone.
            #expect(try watcher.nextLines(3).map(Self.maskingTimes) == [
                "-- version \(first + commit) (HH:MM:SS): 1 line removed, 1 added",
                "- \(25 + commit)",
                "+ \(26 + commit)",
            ], "\(watcher.seen)")
        }
        let end = try watcher.finish()
        #expect(end.rest == ["watch stopped after 3 new versions"])
        #expect(end.status == 0 && end.errors.isEmpty, "\(end.errors)")
    }

    @Test func ctrlCStopsTheWatchAndTheScriptGoesOn() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ExecutableTests.workingCopy(of: "tasks", suite: "Watch")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = Int(try FileVersion.current(path: path).version)
        let watcher = try WatchingProcess([path, "-c", "watch 0.05 count Task; count Task name BEGINSWITH 'watched'"])
        #expect(try watcher.nextLines(2).map(Self.maskingTimes) == ["-- version \(first) (HH:MM:SS)", "26"])
        try commitTask("watched", to: path)
        #expect(try watcher.nextLines(3).map(Self.maskingTimes) == [
            "-- version \(first + 1) (HH:MM:SS): 1 line removed, 1 added", "- 26", "+ 27",
        ])
        watcher.interrupt()
        let end = try watcher.finish()
        #expect(end.rest == ["watch stopped after 1 new version", "1"], "the next statement ran")
        #expect(end.status == 0 && end.errors.isEmpty, "\(end.errors)")
    }

    /// Whether standard error holds nothing but notices of reloads (a command after the watch
    /// catching up with the app's commits).
    static func onlyReloads(_ errors: String) -> Bool {
        errors.split(separator: "\n").allSatisfy { $0.hasPrefix("reloaded: another process committed version ") }
    }

    /// The fixture's integerValues, sorted: every committed version holds exactly these.
    static func fixtureValues() throws -> [Int64] {
        try ExecutableTests.objects(inFixture: "demo", "class_RealmTestClass0").map { try #require($0["integerValue"]?.int) }.sorted()
    }

    /// Splits a watch's output into its blocks: the header's version and the lines after it.
    static func blocks(_ lines: [String]) -> [(version: Int, body: String)] {
        var blocks: [(version: Int, body: String)] = []
        for line in lines {
            if line.hasPrefix("-- version "), let version = Int(line.dropFirst(11).prefix { $0.isNumber }) {
                blocks.append((version, ""))
            } else if !blocks.isEmpty {
                blocks[blocks.count - 1].body += line + "\n"
            }
        }
        return blocks
    }

    @Test func everyVersionShownBesideARunningAppIsWhole() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ExecutableTests.workingCopy(of: "demo", suite: "WatchApp")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let values = try Self.fixtureValues()
        let app = try AppDoubleProcess(path: path, className: "RealmTestClass0", property: "integerValue")
        defer { app.stop() }
        try app.send("rate 50")
        let watcher = try WatchingProcess([path, "-c", "watch 0.05 --count 4 --full dump RealmTestClass0; info"])
        let end = try watcher.finish()
        let report = try app.send("rate 0")
        // `info` after the watch catches up with the app's commits, and says so.
        #expect(end.status == 0 && Self.onlyReloads(end.errors), "\(end.errors)")
        let stopped = try #require(end.rest.firstIndex(of: "watch stopped after 4 new versions"), "\(end.rest.suffix(20))")
        #expect(end.rest[stopped...].contains { $0.hasPrefix("app           a Realm app has the file open (2 participants") },
                "the reads joined the app's session: \(end.rest[stopped...])")
        let blocks = Self.blocks(Array(end.rest[..<stopped]))
        #expect(blocks.count == 5)
        #expect(zip(blocks, blocks.dropFirst()).allSatisfy { $0.version < $1.version }, "\(blocks.map(\.version))")
        for block in blocks {
            // Each output is one committed version: the same values, two of them swapped per commit.
            let dump = try JSONParser.parse(block.body)
            let objects = try ExecutableTests.objects(dump, "class_RealmTestClass0")
            #expect(try objects.map { try #require($0["integerValue"]?.int) }.sorted() == values, "version \(block.version)")
        }
        // The watch is over: no participant or pinned version of ours is left behind.
        #expect(report.participants == 1 && report.frozen == 0, "\(report)")
        #expect(report.commits > 4)
    }

    @Test func ctrlCDuringReadsPinnedInAnAppsSessionReleasesThem() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ExecutableTests.workingCopy(of: "demo", suite: "WatchApp")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let app = try AppDoubleProcess(path: path, className: "RealmTestClass0", property: "integerValue")
        defer { app.stop() }
        try app.send("rate 100")
        // Long reads, so that Ctrl-C may well come while one holds a version (either way the
        // watch must stop, and nothing of ours may stay registered).
        let watcher = try WatchingProcess([path, "-c", "watch 0.05 dump RealmTestClass0; count RealmTestClass0"])
        var headers = 0
        while headers < 2, let line = try watcher.nextLine() {
            if line.hasPrefix("-- version ") { headers += 1 }
        }
        watcher.interrupt()
        let end = try watcher.finish()
        let report = try app.send("rate 0")
        #expect(end.status == 0 && Self.onlyReloads(end.errors), "\(end.errors)")
        #expect(end.rest.suffix(2).first?.hasPrefix("watch stopped after ") == true, "\(end.rest.suffix(3))")
        #expect(end.rest.last == "1000", "the next statement ran")
        #expect(report.participants == 1 && report.frozen == 0, "\(report)")
    }

    @Test func ctrlCInTheREPLReturnsToThePrompt() throws {
        guard Fixtures.requirePresent() else { return }
        guard let tmux = InteractiveTests.tmux else {
            Issue.record("tmux is not installed; scripts/setup.sh installs it (apt-get install tmux)")
            return
        }
        let (directory, path) = try ExecutableTests.workingCopy(of: "tasks", suite: "WatchREPL")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let terminal = try InteractiveTests.Terminal(tmux: tmux, command: [ExecutableTests.executable.path, path],
                                                     environment: ["REALM_BROWSER_HISTORY": "/dev/null", "TERM": "xterm"])
        try terminal.waitFor("realm> ")
        try terminal.type("watch 0.05 count Task"); try terminal.press("Enter")
        try terminal.waitFor("\n26\n")
        try commitTask("watched", to: path)
        try terminal.waitFor("\n- 26\n+ 27\n")
        try terminal.press("C-c")
        let stopped = try terminal.waitFor("watch stopped after 1 new version\nrealm> ")
        #expect(stopped.contains("+ 27\n"), "the watch's output stays on the screen above")
        try terminal.type("count Task name BEGINSWITH 'watched'"); try terminal.press("Enter")
        try terminal.waitFor("'watched'\n1\nrealm> ")
        try terminal.type("quit"); try terminal.press("Enter")
        let deadline = Date().addingTimeInterval(Patience.seconds)
        while try terminal.isRunning(), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try !terminal.isRunning(), "the session went on after Ctrl-C, and quit ended it")
    }

    @Test func refusalsSayWhy() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ExecutableTests.workingCopy(of: "tasks", suite: "Watch")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = """
        begin
        watch count Task
        rollback
        watch set Task[0].name = "x"
        watch watch count Task
        watch 0 count Task
        watch 0.01 count Task
        watch --count 0 count Task
        watch --fast count Task
        watch
        watch cuont Task
        watch count Tsk

        """
        let result = try ExecutableTests().run([path], input: script)
        #expect(result.status == 1)
        let usage = "usage: watch [SECONDS] [--count N] [--full] COMMAND"
        let reads = "classes, schema, show, find, sort, backlinks, count, stats, dump, info, verify, diff"
        #expect(result.standardError.split(separator: "\n").map(String.init) == [
            "error (line 2): watch cannot run inside a write transaction: this session holds the file, so no one else can commit; 'commit' or 'rollback' first",
            "error (line 4): watch runs commands that only read the file (\(reads)); 'set' is not one of them",
            "error (line 5): watch cannot run watch: give it the command to run again, e.g. 'watch count Dog'",
            "error (line 6): \(usage); SECONDS is how often to look for a new version, from 0.05 to 86400 (got '0')",
            "error (line 7): \(usage); SECONDS is how often to look for a new version, from 0.05 to 86400 (got '0.01')",
            "error (line 8): \(usage); --count takes a number of new versions, 1 or more (got '0')",
            "error (line 9): \(usage); unknown option '--fast'",
            "error (line 10): \(usage), e.g. 'watch count Dog' or 'watch 0.5 show Dog'",
            "error (line 11): unknown command 'cuont'; did you mean 'count'? (type 'help' for the list)",
            "error (line 12): no class named 'Tsk'; did you mean 'Task'? (type 'classes' to list them)",
        ], "\(result.standardError)")
        #expect(!result.standardOutput.contains("-- version"), "nothing was watched")
    }
}
