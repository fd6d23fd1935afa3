import Foundation
import RealmInterchange
import Testing
import TestSupport

/// The REPL on a real terminal (tmux, 80x12): a result taller than the window goes through
/// $PAGER, a short one straight to the screen. The pager here is `cat > FILE`, so that what it
/// received can be read back.
@Suite("Pager in an interactive session", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct InteractivePagerTests {
    static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs tmux and returns what it printed. Not through Foundation's `Process`: the tmux
    /// server that `new-session` forks would inherit the descriptor `Process` watches and keep
    /// the test waiting, so the child is spawned with every descriptor above 2 closed.
    @discardableResult
    /// `socket` is the server's socket file (`-S`), private to the test.
    func tmux(_ socket: String, _ arguments: [String]) throws -> String {
        let executable = try #require(Self.tmux, "tmux is needed (Debian package tmux; scripts/setup.sh installs it)")
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: capture) }
        _ = try #require(TmuxClient.addCloseFrom, "glibc 2.34 or later is needed (posix_spawn_file_actions_addclosefrom_np)")
        _ = try TmuxClient.spawn([executable, "-S", socket] + arguments, environment: nil, output: capture)
        return (try? String(contentsOfFile: capture, encoding: .utf8)) ?? ""
    }

    /// Polls `condition` for up to `Patience.seconds` (the debug build starts slowly on a busy machine).
    func eventually(_ condition: () throws -> Bool) rethrows -> Bool {
        for _ in 0..<Int(Patience.seconds * 10) {
            if try condition() { return true }
            usleep(100_000)
        }
        return try condition()
    }

    /// A private tmux socket and the file the pager writes, fresh for each test; both pager tests
    /// use the same pair and end their session the same way (`endSession`).
    func sessionPaths() -> (socket: String, paged: String) {
        (FileManager.default.temporaryDirectory.appendingPathComponent("tmux-pager-\(UUID().uuidString)").path,
         FileManager.default.temporaryDirectory.appendingPathComponent("pager-\(UUID().uuidString).txt").path)
    }

    /// Quits the browser, ends the tmux server and removes the session's files.
    func endSession(socket: String, paged: String) {
        _ = try? tmux(socket, ["send-keys", "-t", "pager", "quit", "Enter"])
        _ = try? tmux(socket, ["kill-server"])
        try? FileManager.default.removeItem(atPath: socket)
        try? FileManager.default.removeItem(atPath: paged)
    }

    @Test func tallResultsGoThroughThePager() throws {
        guard Fixtures.requirePresent() else { return }
        let names = try #require(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species"))["tables"]?.array?
            .first { $0["name"]?.string == "class_Specimen" }?["objects"]?.array).map { try #require($0["name"]?.string) }
        let (socket, paged) = sessionPaths()
        defer { endSession(socket: socket, paged: paged) }
        let command = "env -u COLUMNS -u LINES -u NO_COLOR PAGER='cat > \(paged)' REALM_BROWSER_HISTORY=/dev/null "
            + "'\(ExecutableTests.executable.path)' '\(Fixtures.realmPath("species"))'"
        try tmux(socket, ["new-session", "-d", "-s", "pager", "-x", "80", "-y", "12", command])
        #expect(try eventually { try tmux(socket, ["capture-pane", "-p", "-t", "pager"]).contains("realm>") })
        try tmux(socket, ["send-keys", "-t", "pager", "show Specimen", "Enter"])
        #expect(eventually { (try? String(contentsOfFile: paged, encoding: .utf8))?.contains("(0..20 of 42") == true })
        let table = try String(contentsOfFile: paged, encoding: .utf8)
        let lines = table.split(separator: "\n")
        #expect(lines.count == 23, "header, rule, 20 rows and the footer")
        #expect(table.contains("\u{1B}[1m"), "the pager gets colors (less -R shows them)")
        // Cut to the window's 80 columns: the visible text of every line, without color codes.
        let visible = lines.map { $0.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) }
        #expect(visible.allSatisfy { $0.count <= 80 })
        #expect(visible[2].hasPrefix(" 0 │ \(names[0])"))
        try tmux(socket, ["send-keys", "-t", "pager", "count Category", "Enter"])
        #expect(try eventually { try tmux(socket, ["capture-pane", "-p", "-t", "pager"]).contains("count Category\n5\n") })
        #expect(try String(contentsOfFile: paged, encoding: .utf8) == table, "a short result does not start the pager")
    }

    @Test func interruptingThePagerKeepsTheSession() throws {
        guard Fixtures.requirePresent() else { return }
        let (socket, paged) = sessionPaths()
        defer { endSession(socket: socket, paged: paged) }
        // A pager that stays open until the user presses Ctrl-C, which the whole foreground
        // process group receives: the browser too.
        let command = "env -u COLUMNS -u LINES PAGER='cat > \(paged); sleep 60' REALM_BROWSER_HISTORY=/dev/null "
            + "'\(ExecutableTests.executable.path)' '\(Fixtures.realmPath("species"))'"
        try tmux(socket, ["new-session", "-d", "-s", "pager", "-x", "80", "-y", "12", command])
        #expect(try eventually { try tmux(socket, ["capture-pane", "-p", "-t", "pager"]).contains("realm>") })
        try tmux(socket, ["send-keys", "-t", "pager", "show Specimen", "Enter"])
        #expect(eventually { (try? String(contentsOfFile: paged, encoding: .utf8))?.contains("(0..20 of 42") == true })
        try tmux(socket, ["send-keys", "-t", "pager", "C-c"])
        try tmux(socket, ["send-keys", "-t", "pager", "count Category", "Enter"])
        #expect(try eventually { try tmux(socket, ["capture-pane", "-p", "-t", "pager"]).contains("count Category\n5\n") },
                "the browser survived Ctrl-C in the pager and runs the next command")
    }
}
