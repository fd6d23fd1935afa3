import RealmFormat
import Foundation
import RealmInterchange
import Testing
import TestSupport

/// Runs the built `realm-browser` the way users and scripts do: `-c`, piped stdin, exit codes.
@Suite("realm-browser end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ExecutableTests {
    struct Run {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The executable sits next to the test bundle in the build products folder.
    static let executable: URL = {
        let products = Bundle.main.bundleURL.deletingLastPathComponent()
        let candidates = [
            products.appendingPathComponent("realm-browser"),
            Bundle.main.bundleURL.appendingPathComponent("realm-browser"),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("realm-browser"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    func run(_ arguments: [String], input: String? = nil, in directory: String? = nil,
             environment extra: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = Self.executable
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["REALM_BROWSER_HISTORY"] = "/dev/null"
        environment.merge(extra) { $1 }
        process.environment = environment
        return try Self.collect(process, input: input)
    }

    /// Runs a prepared `process` with `input` piped to its standard input (closed afterwards) and
    /// collects its exit status and both outputs. Shared by every way the suites start the
    /// executable (plain, or under `script` for a terminal), so all of them read output the same way.
    static func collect(_ process: Process, input: String?) throws -> Run {
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   standardOutput: String(decoding: output, as: UTF8.self),
                   standardError: String(decoding: errors, as: UTF8.self))
    }

    @Test func commandOptionPrintsAndExitsZero() throws {
        guard Fixtures.requirePresent() else { return }
        let result = try run([Fixtures.realmPath("demo"), "-c", "classes"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        // demo.realm: Realm Browser's demo database, three classes of 1000 objects each.
        #expect(result.standardOutput == """
        RealmTestClass0  1000
        RealmTestClass1  1000
        RealmTestClass2  1000

        """)
    }

    @Test func severalCommandsAndObjectView() throws {
        guard Fixtures.requirePresent() else { return }
        let result = try run([Fixtures.realmPath("species"), "-c", "classes; show Specimen[3]"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Category   5\nSpecimen  42\nSpecimen[3]  (object key 3)\n"))
        #expect(result.standardOutput.contains("  category             Category[0] \"Birds\"\n"))
    }

    @Test func pipedCommandsRunWithoutPrompts() throws {
        guard Fixtures.requirePresent() else { return }
        let result = try run([Fixtures.realmPath("tasks")], input: "classes\nschema Car\nquit\nclasses\n")
        #expect(result.status == 0)
        #expect(!result.standardOutput.contains("realm>"))
        #expect(result.standardOutput == """
        BankInfo   6
        Car        4
        Person     5
        Task      26
        TaskList   5
        owner  link -> Person (optional)

        """)
    }

    @Test func failingCommandsSetExitStatusOne() throws {
        guard Fixtures.requirePresent() else { return }
        let piped = try run([Fixtures.realmPath("tasks")], input: "classes\nshow Nope\ninfo\n")
        #expect(piped.status == 1)
        #expect(piped.standardError.contains("error (line 2): no class named 'Nope'"))
        #expect(piped.standardOutput.contains("file format   24"), "commands after a failure still run")
        let inline = try run([Fixtures.realmPath("tasks"), "-c", "show Task[99]"])
        #expect(inline.status == 1)
        #expect(inline.standardError.contains("out of range"))
    }

    @Test func missingAndInvalidFilesFail() throws {
        guard Fixtures.requirePresent() else { return }
        let missing = try run(["/nonexistent/missing.realm"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("cannot open /nonexistent/missing.realm"))
        let notRealm = try run([Fixtures.jsonPath("species"), "-c", "classes"])
        #expect(notRealm.status == 1)
        #expect(notRealm.standardError.contains("not a Realm file"))
        let encrypted = try run([Fixtures.realmPath("encrypted"), "-c", "classes"])
        #expect(encrypted.status == 1)
        #expect(encrypted.standardError.contains("encrypted"))
    }

    @Test func usageErrorsExitTwoAndHelpExitsZero() throws {
        let bogus = try run(["--bogus"])
        #expect(bogus.status == 2)
        #expect(bogus.standardError.contains("unknown option '--bogus'"))
        let help = try run(["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("Usage: realm-browser [FILE]"))
        #expect(help.standardOutput.contains("$REALM_BROWSER_THREADS=N caps\nthe threads, 1 for none"))
        let inSession = try run([], input: "help\n")
        #expect(inSession.status == 0)
        #expect(inSession.standardOutput.contains("show [CLASS | CLASS[N] | PATH] [FROM..TO]"))
    }
}

extension ExecutableTests {
    /// A writable copy of a fixture in a fresh directory of its own (the fixtures stay untouched).
    /// Shared because almost every editing suite needs one, and each had grown its own copy of the
    /// same five lines; the directory is named for the suite so leftovers say where they came from.
    /// The caller removes `directory` when done; if the copy fails, the directory is removed here.
    static func workingCopy(of fixture: String, suite: String, named name: String? = nil) throws -> (directory: String, file: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(suite)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/\(name ?? fixture).realm"
        do {
            try FileManager.default.copyItem(atPath: Fixtures.realmPath(fixture), toPath: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
        return (directory, file)
    }

    /// The objects of one table in a dump, or a test failure (at the caller) when the table is missing.
    /// Shared so every suite reads dumps the same way.
    static func objects(_ dump: JSONValue, _ table: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSONValue] {
        try #require(dump["tables"]?.array?.first { $0["name"]?.string == table }?["objects"]?.array, sourceLocation: sourceLocation)
    }

    /// The objects of one table in a fixture's reference dump (`<fixture>.json`).
    static func objects(inFixture fixture: String, _ table: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSONValue] {
        try objects(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture)), table, sourceLocation: sourceLocation)
    }

    /// A writable copy of a fixture as a single file in the temporary directory, for suites that
    /// edit it in place and need no neighbouring files; remove it with `removeFileCopy(_:)`.
    static func fileCopy(of fixture: String, suite: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(suite)-\(UUID().uuidString).realm").path
        try FileManager.default.copyItem(atPath: Fixtures.realmPath(fixture), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        return path
    }

    /// Removes a `fileCopy(of:suite:)` and the lock file editing it created beside it.
    static func removeFileCopy(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: path + ".lock")
    }

    /// The file's dump as the executable writes it, expecting the dump to succeed. Shared so the
    /// editing suites all compare against the same canonical output.
    func dump(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        let result = try run([path, "-c", "dump"])
        #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
        return try JSONParser.parse(result.standardOutput)
    }

    /// Checks an edited file the same way in every suite: every byte accounted for, and every
    /// backlink matching a link.
    static func verifyFile(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(try FileVerifier(file: RealmFile(path: path)).verify().problems == [], sourceLocation: sourceLocation)
    }
}
