import Foundation
#if canImport(Glibc)
import Glibc
#endif
import RealmInterchange
import Testing
import TestSupport

/// The REPL as a person uses it: realm-browser runs in a tmux terminal, keys are typed with
/// `send-keys` (Tab included) and the screen is read with `capture-pane`. Expected results are
/// counted from species.json. tmux comes from Debian; scripts/setup.sh installs it.
@Suite("interactive REPL in tmux", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment), .serialized)
struct InteractiveTests {
    static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// One tmux server of our own (its own socket), ended by `kill-server` on that socket.
    final class Terminal {
        let tmux: String
        let socket = "realm-browser-test-\(getpid())-\(UUID().uuidString.prefix(8))"

        init(tmux: String, command: [String], environment: [String: String]) throws {
            self.tmux = tmux
            let assignments = environment.map { "\($0.key)=\($0.value)" }
            // The server stays in the background: it must not hold our pipes open.
            _ = try run(["new-session", "-d", "-s", "main", "-x", "220", "-y", "50", "env"] + assignments + command, capture: false)
        }

        deinit { _ = try? run(["kill-server"]) }

        /// Runs a tmux client with posix_spawn, every descriptor above 2 closed: the server it
        /// may start lives on in the background and must not hold this process's pipes (other
        /// tests read theirs to the end) or Foundation's child-process bookkeeping.
        @discardableResult
        func run(_ arguments: [String], capture: Bool = true) throws -> (status: Int32, output: String) {
            let outputPath = capture ? FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path : "/dev/null"
            defer { if capture { try? FileManager.default.removeItem(atPath: outputPath) } }
            var environment = ProcessInfo.processInfo.environment
            environment["TERM"] = environment["TERM"] ?? "xterm"
            environment.removeValue(forKey: "TMUX")
            let argv = [tmux, "-L", socket, "-f", "/dev/null"] + arguments
            let status = try TmuxClient.spawn(argv, environment: environment, output: outputPath)
            let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            let output = capture ? ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "") : ""
            return (exitStatus, output)
        }

        func type(_ text: String) throws { try run(["send-keys", "-t", "main", "-l", text]) }
        func press(_ key: String) throws { try run(["send-keys", "-t", "main", key]) }

        func screen() throws -> String { try run(["capture-pane", "-p", "-J", "-t", "main"]).output }

        /// Waits (at most `Patience.seconds`) until the screen shows `text`; returns the screen.
        @discardableResult
        func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            let deadline = Date().addingTimeInterval(Patience.seconds)
            var last = ""
            while Date() < deadline {
                last = try screen()
                if last.contains(text) { return last }
                Thread.sleep(forTimeInterval: 0.05)
            }
            Issue.record("the screen never showed \(text.debugDescription); it shows:\n\(last)", sourceLocation: sourceLocation)
            return last
        }

        func isRunning() throws -> Bool { try run(["has-session", "-t", "main"]).status == 0 }
    }

    @Test func typeAQueryWithTabCompletion() throws {
        guard Fixtures.requirePresent() else { return }
        guard let tmux = Self.tmux else {
            Issue.record("tmux is not installed; scripts/setup.sh installs it (apt-get install tmux)")
            return
        }
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species"))
        let tables = try #require(dump["tables"]?.array)
        let categories = try #require(tables.first { $0["class"]?.string == "Category" }?["objects"]?.array)
        let specimens = try #require(tables.first { $0["class"]?.string == "Specimen" }?["objects"]?.array)
        let birdsKey = try #require(categories.first { $0["name"]?.string == "Birds" }?["_key"]?.int)
        let birds = specimens.filter { $0["category"]?["$link"]?.array?.last?.int == birdsKey }.count
        let northWest = specimens.filter {
            (Double($0["latitude"]?["$double"]?.string ?? "") ?? 0) > 50 && (Double($0["longitude"]?["$double"]?.string ?? "") ?? 0) < 0
        }.count

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("realm-browser-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let history = directory.appendingPathComponent("history").path
        let terminal = try Terminal(tmux: tmux, command: [ExecutableTests.executable.path, Fixtures.realmPath("species")],
                                    environment: ["REALM_BROWSER_HISTORY": history, "TERM": "xterm"])
        try terminal.waitFor("realm> ")

        // Command, key path through the link, operator, SORT( and a property, each by Tab.
        try terminal.type("fin"); try terminal.press("Tab")
        try terminal.waitFor("realm> find ")
        try terminal.type("Spec"); try terminal.press("Tab")
        try terminal.waitFor("realm> find Specimen ")
        try terminal.type("category.na"); try terminal.press("Tab")
        try terminal.waitFor("realm> find Specimen category.name ")
        try terminal.type("BEG"); try terminal.press("Tab")
        try terminal.waitFor("realm> find Specimen category.name BEGINSWITH ")
        try terminal.type("'B' SO"); try terminal.press("Tab")
        try terminal.waitFor("realm> find Specimen category.name BEGINSWITH 'B' SORT(")
        try terminal.type("na"); try terminal.press("Tab")
        try terminal.waitFor("realm> find Specimen category.name BEGINSWITH 'B' SORT(name ")
        try terminal.type("DESC)"); try terminal.press("Enter")
        let results = try terminal.waitFor("(0..\(birds) of \(birds) matching Specimen objects)")
        #expect(results.contains("Category[0] \"Birds\""))

        // A statement over two lines: the continuation prompt, then the result.
        try terminal.type("count Specimen latitude > 50 AND ("); try terminal.press("Enter")
        try terminal.waitFor("...> ")
        try terminal.type("longitude < 0)"); try terminal.press("Enter")
        // The count, then the prompt, which names find's result because find stands on it. The
        // wait is for the whole of it: the prompt is drawn a moment after the count.
        let counted = try terminal.waitFor("longitude < 0)\n\(northWest)\nrealm Specimen(\(birds))> ")
        #expect(counted.contains("              ...> longitude < 0)\n\(northWest)\nrealm Specimen(\(birds))> "))

        // A key typed in the REPL opens the encrypted file and stays out of the history file.
        try terminal.type("open \(Fixtures.realmPath("encrypted")) --key \(EncryptedFixture.hexKey)"); try terminal.press("Enter")
        try terminal.waitFor("opened ")

        try terminal.type("quit"); try terminal.press("Enter")
        let deadline = Date().addingTimeInterval(Patience.seconds)
        while try terminal.isRunning(), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try !terminal.isRunning(), "quit ends the program")
        let saved = try String(contentsOfFile: history, encoding: .utf8)
        #expect(saved.contains("find Specimen category.name BEGINSWITH 'B' SORT(name DESC)\n"))
        #expect(saved.contains("quit\n"))
        #expect(!saved.contains("--key") && !saved.contains(EncryptedFixture.hexKey.prefix(16)))

        // A new session reads the history back (Up recalls earlier lines), and a session that is
        // killed keeps the lines it was given.
        let second = try Terminal(tmux: tmux, command: [ExecutableTests.executable.path, Fixtures.realmPath("species")],
                                  environment: ["REALM_BROWSER_HISTORY": history, "TERM": "xterm"])
        try second.waitFor("realm> ")
        for _ in 0..<4 { try second.press("Up") }
        try second.waitFor("realm> find Specimen category.name BEGINSWITH 'B' SORT(name DESC)")
        try second.press("C-u")
        try second.type("count Category"); try second.press("Enter")
        try second.waitFor("realm> count Category")
        try second.waitFor("\n5\nrealm> ")
        try second.run(["kill-server"])
        let afterKill = try String(contentsOfFile: history, encoding: .utf8)
        #expect(afterKill.hasSuffix("quit\ncount Category\n"))
        try? FileManager.default.removeItem(at: directory)
    }
}
