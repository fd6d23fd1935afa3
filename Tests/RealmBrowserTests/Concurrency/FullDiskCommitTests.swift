import Foundation
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// A commit on a really full disk: a size-limited tmpfs (mounting one needs root, so the suite
/// is skipped, saying why, for other users; CI runs as root). The commit fails with the file's
/// name and the system's reason, the file keeps its version and its size, and once space is
/// freed the same change commits.
@Suite("commits on a full disk end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment),
       .enabled(if: getuid() == 0, "mounting a size-limited tmpfs needs root"))
struct FullDiskCommitTests {
    let runner = ExecutableTests()
    /// Longer than the fixture's free space, so the commit must grow the file.
    static let longName = String(repeating: "a name longer than the free space of the file; ", count: 1500)

    /// Runs `body` with a fresh tmpfs of `kilobytes` mounted at a new directory, unmounted and
    /// removed afterwards, also when `body` fails.
    func withSmallFilesystem(kilobytes: Int, _ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("FullDiskCommitTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let mount = try command("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", directory])
        try #require(mount.status == 0, "mount: \(mount.standardError)")
        defer {
            let unmount = try? command("/bin/umount", [directory])
            #expect(unmount?.status == 0, "umount \(directory): \(unmount?.standardError ?? "did not run")")
        }
        try body(directory)
    }

    func command(_ path: String, _ arguments: [String]) throws -> ExecutableTests.Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        return try ExecutableTests.collect(process, input: nil)
    }

    /// Writes zeros into `path` until the filesystem has no space left; returns the bytes written.
    func fill(_ path: String) throws -> Int {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0, count: 4096)
        var total = 0
        while true {
            let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 { total += written; continue }
            #expect(errno == ENOSPC, "filling stopped with errno \(errno)")
            return total
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let fixture: String
        let table: String
        let property: String
        let key: Int
        var environment: [String: String] { fixture == "encrypted" ? ["REALM_BROWSER_KEY": EncryptedFixture.hexKey] : [:] }
        var testDescription: String { fixture }
    }

    static let cases = [Case(fixture: "species", table: "Specimen", property: "name", key: 4),
                        Case(fixture: "encrypted", table: "RealmTestClass0", property: "stringValue", key: 5)]

    @Test(arguments: cases)
    func aCommitThatDoesNotFitLeavesTheFileAsItWasAndCommitsOnceThereIsSpace(_ testCase: Case) throws {
        guard Fixtures.requirePresent() else { return }
        let original = try Data(contentsOf: URL(fileURLWithPath: Fixtures.realmPath(testCase.fixture)))
        let key = testCase.fixture == "encrypted" ? try EncryptedFixture.key() : nil
        let version = try #require(try RealmFile(path: Fixtures.realmPath(testCase.fixture), key: key).top?.version)
        let environment = testCase.environment
        try withSmallFilesystem(kilobytes: 256) { directory in
            let file = directory + "/\(testCase.fixture).realm"
            try original.write(to: URL(fileURLWithPath: file))
            FileManager.default.createFile(atPath: file + ".lock", contents: nil)
            let filler = directory + "/filler"
            #expect(try fill(filler) > 0)
            let set = "set \(testCase.table)[\(testCase.key)].\(testCase.property) = '\(Self.longName)'"
            let unchanged = "the file is unchanged (version \(version), \(original.count) bytes)"

            let failed = try runner.run([file, "-c", set], environment: environment)
            #expect(failed.status == 1)
            #expect(failed.standardError.contains("commit failed: \(file): "), "\(failed.standardError)")
            #expect(failed.standardError.contains("No space left on device"), "\(failed.standardError)")
            #expect(failed.standardError.contains(unchanged), "\(failed.standardError)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == original)

            // Inside a transaction the change stays staged after the failed commit.
            let staged = try runner.run([file], input: "begin\n\(set)\ncommit\nstatus\nrollback\n", environment: environment)
            #expect(staged.status == 1)
            #expect(staged.standardError.hasPrefix("error (line 3): commit failed: \(file): "), "\(staged.standardError)")
            #expect(staged.standardError.contains(unchanged), "\(staged.standardError)")
            #expect(staged.standardOutput.contains("1. \(testCase.table)[\(testCase.key)].\(testCase.property) = "), "\(staged.standardOutput)")
            #expect(staged.standardOutput.contains("rolled back 1 change"), "\(staged.standardOutput)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == original)
            let verified = try runner.run(["verify", file], environment: environment)
            #expect(verified.status == 0, "\(verified.standardOutput)\(verified.standardError)")

            try FileManager.default.removeItem(atPath: filler)
            let committed = try runner.run([file, "-c", set], environment: environment)
            #expect(committed.status == 0, "\(committed.standardError)")
            #expect(committed.standardOutput.contains("committed version \(version + 1)"), "\(committed.standardOutput)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)).count > original.count)
            let dump = try runner.run([file, "-c", "dump"], environment: environment)
            #expect(dump.status == 0, "\(dump.standardError)")
            let objects = try ExecutableTests.objects(try JSONParser.parse(dump.standardOutput), "class_\(testCase.table)")
            #expect(objects.first { $0["_key"]?.int == Int64(testCase.key) }?[testCase.property]?.string == Self.longName)
            let reverified = try runner.run(["verify", file], environment: environment)
            #expect(reverified.status == 0, "\(reverified.standardOutput)\(reverified.standardError)")
        }
    }

    /// `export` and `dump --out` on a full disk: the command fails naming the file and the
    /// system's reason, the file that was there keeps its bytes, and no temporary file stays.
    @Test(arguments: ["export csv Specimen", "dump --out"])
    func anExportThatDoesNotFitLeavesTheOldFile(_ command: String) throws {
        guard Fixtures.requirePresent() else { return }
        try withSmallFilesystem(kilobytes: 64) { directory in
            let target = directory + "/specimens.out"
            let old = Data("the export of yesterday\n".utf8)
            try old.write(to: URL(fileURLWithPath: target))
            let filler = directory + "/filler"
            #expect(try fill(filler) > 0)
            let failed = try runner.run([Fixtures.realmPath("species"), "-c", "\(command) \(target)"])
            #expect(failed.status == 1)
            #expect(failed.standardError.contains("\(target): No space left on device"), "\(failed.standardError)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == old)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["filler", "specimens.out"])

            try FileManager.default.removeItem(atPath: filler)
            let written = try runner.run([Fixtures.realmPath("species"), "-c", "\(command) \(target)"])
            #expect(written.status == 0, "\(written.standardError)")
            let text = try String(contentsOfFile: target, encoding: .utf8)
            #expect(command.hasPrefix("export") ? text.hasPrefix("_key,") : text.hasPrefix("{"), "\(text.prefix(80))")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["specimens.out"])
        }
    }

    /// `export sqlite` on a full disk: SQLite's "database or disk is full" with the system's
    /// reason, the old file kept, no temporary file; with the space back, the same file is written.
    @Test func anSQLiteExportThatDoesNotFitLeavesTheOldFile() throws {
        guard Fixtures.requirePresent() else { return }
        try withSmallFilesystem(kilobytes: 2048) { directory in
            let target = directory + "/demo.sqlite"
            let old = Data("the export of yesterday\n".utf8)
            try old.write(to: URL(fileURLWithPath: target))
            let filler = directory + "/filler"
            #expect(try fill(filler) > 0)
            let realm = try Data(contentsOf: URL(fileURLWithPath: Fixtures.realmPath("demo")))
            let failed = try runner.run(["export", "sqlite", Fixtures.realmPath("demo"), target])
            #expect(failed.status == 1)
            #expect(failed.standardError.contains("\(target): "), "\(failed.standardError)")
            #expect(failed.standardError.contains("No space left on device"), "\(failed.standardError)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == old)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["demo.sqlite", "filler"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: Fixtures.realmPath("demo"))) == realm)

            try FileManager.default.removeItem(atPath: filler)
            let written = try runner.run(["export", "sqlite", Fixtures.realmPath("demo"), target])
            #expect(written.status == 0, "\(written.standardError)")
            let sqlite = try SQLiteFile(path: target)
            #expect(try sqlite.rows("SELECT COUNT(*) FROM RealmTestClass1") == [[.integer(1000)]])
            #expect(try sqlite.integrityCheck() == ["ok"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["demo.sqlite"])
        }
    }
}
