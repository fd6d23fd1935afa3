import RealmFormat
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// Editing sessions as users run them: schema edits with links from `-c` and piped input.
@Suite("Editing sessions end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct EditSessionTests {
    let executable = ExecutableTests()

    /// A writable copy of a fixture in its own directory (with the lock file editing creates).
    func copy(of fixture: String) throws -> (directory: URL, path: String) {
        let (directory, path) = try ExecutableTests.workingCopy(of: fixture, suite: "EditSession")
        return (URL(fileURLWithPath: directory), path)
    }

    @Test func schemaEditsWithLinksFromTheCommandLine() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try copy(of: "species")
        defer { try? FileManager.default.removeItem(at: directory) }
        // species.realm is at version 3; each statement outside 'begin' commits one version.
        let inline = try executable.run([path, "-c", "add class Habitat (name string, parent Habitat, species Specimen[]); add property Specimen habitat Habitat"])
        #expect(inline.status == 0)
        #expect(inline.standardError.isEmpty)
        #expect(inline.standardOutput.hasPrefix("add class Habitat (name string, parent Habitat, species Specimen[])  (committed version 4, "))
        #expect(inline.standardOutput.contains("add property Specimen.habitat Habitat  (committed version 5, "))
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))

        let piped = try executable.run([path], input: """
        begin
        add class Fungus (name string primary, host Specimen)
        add property Fungus hosts Specimen[]
        commit
        schema Fungus
        schema Habitat
        set Specimen[2].habitat = Habitat[0]
        """)
        #expect(piped.status == 1, "Habitat has no objects, so the last line fails")
        #expect(piped.standardError == "error (line 7): Habitat has no objects, so there is no Habitat[0]\n")
        #expect(piped.standardOutput.contains("committed 2 changes as version 6"))
        #expect(piped.standardOutput.contains("""
        name   string (primary key)
        host   link -> Specimen (optional)
        hosts  list of Specimen
        name     string
        parent   link -> Habitat (optional)
        species  list of Specimen
        (linked from Habitat.parent)
        (linked from Specimen.habitat)

        """))
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        let after = try executable.run([path, "-c", "schema Specimen"])
        #expect(after.standardOutput.hasSuffix("""
        habitat              link -> Habitat (optional)
        (linked from Habitat.species)
        (linked from Fungus.host)
        (linked from Fungus.hosts)

        """))
    }

    /// Reads what a running process printed until `expected` has arrived (or `Patience.seconds` passed).
    func read(_ handle: FileHandle, until expected: String) -> String {
        var text = ""
        let deadline = Date().addingTimeInterval(Patience.seconds)
        while !text.contains(expected), Date() < deadline {
            let data = handle.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return text
    }

    @Test func anOpenSessionSeesAnotherProcessCommit() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try copy(of: "species")
        defer { try? FileManager.default.removeItem(at: directory) }
        let reader = Process()
        reader.executableURL = ExecutableTests.executable
        reader.arguments = [path]
        var environment = ProcessInfo.processInfo.environment
        environment["REALM_BROWSER_HISTORY"] = "/dev/null"
        reader.environment = environment
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        reader.standardInput = input
        reader.standardOutput = output
        reader.standardError = errors
        try reader.run()
        input.fileHandleForWriting.write(Data("cd Category[0]\ncount Category\n".utf8))
        #expect(read(output.fileHandleForReading, until: "5\n") == "5\n")

        // A second process commits while the first one has the file open (a reader holds no lock).
        let writer = try executable.run([path, "-c", "set Category[0].name = \"Aves\"; create Category name = \"Fungi\""])
        #expect(writer.status == 0)
        #expect(writer.standardError.isEmpty)

        input.fileHandleForWriting.write(Data("count Category\nshow name\n".utf8))
        try input.fileHandleForWriting.close()
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let notices = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        reader.waitUntilExit()
        #expect(reader.terminationStatus == 0)
        // species.realm is at version 3; the writer committed versions 4 and 5.
        #expect(notices == "reloaded: another process committed version 5\n")
        #expect(rest == "6\n\"Aves\"\n", "the new version, and the session still stands on Category[0]")
    }

    @Test func scriptsWithStagedChangesRefuseToQuitOpenOrEnd() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try copy(of: "species")
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let piped = try executable.run([path], input: """
        begin
        set Category[0].name = "Aves"
        quit
        open \(Fixtures.realmPath("tasks"))
        status
        """)
        #expect(piped.status == 1)
        #expect(piped.standardError == """
        error (line 3): 1 pending change would be lost by quitting: 'commit' or 'rollback' first (or 'quit!' to drop them)
        error (line 4): 1 pending change would be lost by opening another file: 'commit' or 'rollback' first
        error: the input ended with 1 uncommitted change; nothing was written (end with 'commit')

        """)
        #expect(piped.standardOutput.hasSuffix("1. Category[0].name = \"Aves\"\n"), "still in the transaction after the refusals")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    }

    /// A session on a pseudo-terminal, as a person runs it: standard input, output and error
    /// are the terminal, so the executable uses readline and may ask questions.
    final class TerminalSession: @unchecked Sendable {
        let process = Process()
        private let master: Int32
        private let terminal: FileHandle
        private var screen: [UInt8] = []
        private let lock = NSLock()
        private var reader: Thread?

        init(arguments: [String]) throws {
            // Linux's pseudo-terminal multiplexer: unlock the new terminal, then ask for its
            // number (TIOCSPTLCK and TIOCGPTN).
            master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            var unlock: CInt = 0
            var number: CUnsignedInt = 0
            guard master >= 0, ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0,
                  let terminal = FileHandle(forUpdatingAtPath: "/dev/pts/\(number)") else {
                throw CocoaError(.fileNoSuchFile)
            }
            self.terminal = terminal
            // A wide window (TIOCSWINSZ), so readline shows the question's whole prompt.
            var size = winsize(ws_row: 40, ws_col: 200, ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(master, UInt(TIOCSWINSZ), &size)
            process.executableURL = ExecutableTests.executable
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment["REALM_BROWSER_HISTORY"] = "/dev/null"
            environment["TERM"] = "dumb"
            process.environment = environment
            process.standardInput = terminal
            process.standardOutput = terminal
            process.standardError = terminal
            let reader = Thread { [master] in
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = Glibc.read(master, &buffer, buffer.count)
                    if count <= 0 { break }
                    self.lock.lock()
                    self.screen += buffer[..<count]
                    self.lock.unlock()
                }
            }
            self.reader = reader
            try process.run()
            reader.start()
        }

        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return String(decoding: screen, as: UTF8.self)
        }

        /// Waits until the screen shows `expected` (at most `Patience.seconds`).
        @discardableResult
        func waitFor(_ expected: String) -> Bool {
            for _ in 0..<Int(Patience.seconds * 20) {
                if text.contains(expected) { return true }
                usleep(50_000)
            }
            return false
        }

        func type(_ keys: String) {
            _ = keys.utf8CString.withUnsafeBufferPointer { Glibc.write(master, $0.baseAddress, $0.count - 1) }
        }

        /// Waits for the process to end (killing it after `Patience.seconds`) and closes the terminal.
        func finish() throws -> Int32 {
            for _ in 0..<Int(Patience.seconds * 20) where process.isRunning { usleep(50_000) }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            try terminal.close()
            close(master)
            return process.terminationStatus
        }
    }

    @Test func ctrlDAtATerminalAsksAndTheAnswerCommits() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try copy(of: "species")
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try TerminalSession(arguments: [path])
        #expect(session.waitFor("realm> "))
        session.type("begin\r")
        #expect(session.waitFor("realm*> "))
        session.type("set Category[0].name = 'Aves'\r")
        // Keys are typed only once readline shows its prompt: it may flush input typed earlier.
        #expect(session.waitFor("staged: Category[0].name = \"Aves\"  (1 pending; 'commit' writes them)\r\nrealm*> "))
        session.type("\u{04}")   // Ctrl-D at the prompt
        #expect(session.waitFor("1 change is staged and not committed. Commit, discard or cancel leaving? [commit/discard/cancel] "))
        session.type("\u{04}")   // Ctrl-D at the question: cancel, back at the prompt
        #expect(session.waitFor("cancelled: the transaction stays open\r\nrealm*> "))
        session.type("quit\r")
        #expect(session.waitFor("Commit, discard or cancel quitting? [commit/discard/cancel] "))
        session.type("commit\r")
        #expect(try session.finish() == 0)
        #expect(session.text.contains("committed 1 change as version 4"), "\(session.text.debugDescription)")
        let check = try executable.run([path, "-c", "show Category[0].name"])
        #expect(check.standardOutput == "\"Aves\"\n")
    }
}
