import RealmShell
import RealmFormat
import Foundation
import RealmInterchange
import Testing
import TestSupport

/// A child process commits edit after edit and is killed with SIGKILL at random instants; after
/// every kill the file must open, account for every byte, and hold the state of some complete
/// commit: never a third outcome.
@Suite("Crash safety", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct CrashSafetyTests {
    /// Starts the executable on `path` with `script` piped in, waits until the file itself shows
    /// `commits` more versions, then kills it with SIGKILL: during the next commit or between
    /// two, wherever it is. When to kill is decided by the file's progress, not by a pause, so
    /// the outcome does not depend on how loaded the machine is; what is asserted is what the
    /// file shows afterwards. Returns the version the kill was decided at (the file must be at
    /// least there). `options` follow the path (`--key-file` for an encrypted copy, whose
    /// version is read with `key`).
    @discardableResult
    func runAndKill(path: String, options: [String] = [], key: EncryptionKey? = nil, script: String, afterCommits commits: Int) throws -> Int64 {
        let start = try FileVersion.current(path: path, key: key).version
        let target = start + Int64(commits)
        let process = Process()
        process.executableURL = ExecutableTests.executable
        process.arguments = [path] + options
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        // The deadline only keeps a broken build from hanging the suite. A version read while a
        // commit writes its header may fail or be the old one: it is read again. It may also be
        // newer than any published one: between reading the header and the top array it names,
        // two commits can publish a version and write the next (unpublished) top over the old
        // one. So a version counts only when a second read, whose header is read after the
        // first read's top array, finds the same top ref and version.
        let deadline = Date().addingTimeInterval(120)
        var seen = start
        while process.isRunning, seen < target, Date() < deadline {
            if let first = try? FileVersion.current(path: path, key: key), first == (try? FileVersion.current(path: path, key: key)) {
                seen = first.version
            }
            if seen < target { usleep(100) }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(seen >= target, "the process ended before its \(commits) commits (version \(seen), wanted \(target))")
        return target
    }

    @Test func killedCommitsLeaveTheOldOrTheNewVersion() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ExecutableTests.workingCopy(of: "species", suite: "CrashSafety")
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let baseline = try dumpWithout(path: path)
        let script = (1...60).map { "set Specimen[0].latitude = \($0)\nset Specimen[0].name = \"run \($0)\"\n" }.joined()
        var generator = SystemRandomNumberGenerator()
        var previous = (latitude: baseline.latitude, name: baseline.name)
        var finalVersion: Int64 = 0
        var waitedFor: Int64 = 0
        for _ in 0..<200 {
            // Up to 20 of the script's 120 commits, so a run is always cut short.
            let reached = try runAndKill(path: path, script: script, afterCommits: Int.random(in: 1...20, using: &generator))

            let report = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            // Commits reuse free space, and a killed commit only wrote into space its version
            // kept free: the file stays inside one doubling of the 8 KiB fixture however many
            // commits ran or were cut short (appending would add ~1 KB per commit).
            #expect(report.logicalSize <= 16384, "logical size \(report.logicalSize) at version \(report.version)")
            finalVersion = report.version
            #expect(report.version >= reached, "version \(report.version), the kill was decided at \(reached)")
            waitedFor = reached
            let (rest, latitude, name) = try dumpWithout(path: path)
            #expect(rest == baseline.rest, "only the edited properties may differ")
            // Each run commits latitude = 1, name = "run 1", latitude = 2, ... one at a time, so
            // the file holds either the state before the run or the state after one of its
            // commits; anything else would be a torn commit.
            let valid = (latitude == previous.latitude && name == previous.name)
                || (1...60).contains { round in
                    latitude == Double(round) && (name == "run \(round)" || name == (round == 1 ? previous.name : "run \(round - 1)"))
                }
            #expect(valid, "latitude \(latitude), name \(name) after \(previous)")
            previous = (latitude, name)
        }
        // Enough commits completed for the size bound above to mean something (every run commits
        // at least once; twenty appended commits would already pass 16 KiB).
        #expect(finalVersion >= waitedFor && finalVersion - 3 >= 200, "\(finalVersion - 3) commits completed")
    }

    /// The same with commits that rebuild a table's tree (a create, a delete that nullifies
    /// links and a set in one transaction): every kill leaves one whole transaction or none.
    @Test func killedRebuildsLeaveTheOldOrTheNewVersion() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ExecutableTests.workingCopy(of: "species", suite: "CrashSafety")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let original = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species"))
        let originalNames = try #require(original["tables"]?.array?.first { $0["name"]?.string == "class_Category" }?["objects"]?.array)
            .compactMap { $0["name"]?.string }
        // Each transaction creates "run N", deletes the second category and renames the first to
        // "run N": the class keeps five objects, and its first and last names always agree.
        let script = (1...30).map { "begin\ncreate Category name = \"run \($0)\"\ndelete Category[1]\nset Category[0].name = \"run \($0)\"\ncommit\n" }.joined()
        var generator = SystemRandomNumberGenerator()
        var previous = originalNames
        for _ in 0..<100 {
            // Up to 10 of the script's 30 transactions.
            let reached = try runAndKill(path: path, script: script, afterCommits: Int.random(in: 1...10, using: &generator))
            #expect(try FileVersion.current(path: path).version >= reached)

            _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            #expect(try FileVerifier(file: RealmFile(path: path)).verify().problems == [])
            let output = BufferedOutput()
            let session = Session(output: output)
            try session.open(path: path)
            try session.execute("dump")
            let tables = try #require(try JSONParser.parse(output.text)["tables"]?.array)
            let names = try #require(tables.first { $0["name"]?.string == "class_Category" }?["objects"]?.array).compactMap { $0["name"]?.string }
            #expect(tables.first { $0["name"]?.string == "class_Specimen" }?["count"] == .int(42))
            #expect(names.count == 5)
            #expect(names == previous || (names.first == names.last && names.first?.hasPrefix("run ") == true),
                    "categories \(names) after \(previous)")
            previous = names
        }
        #expect(previous != originalNames, "some transactions were committed")
    }

    /// The dump of `path` with Specimen[0]'s latitude and name taken out (and returned).
    func dumpWithout(path: String) throws -> (rest: String, latitude: Double, name: String) {
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: path)
        try session.execute("dump Specimen")
        var lines = output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("{\"_key\": 0,") })
        let object = try JSONParser.parse(lines[index].trimmingCharacters(in: CharacterSet(charactersIn: " ,")))
        let latitude = try #require(object["latitude"]?["$double"]?.string.flatMap(Double.init))
        let name = try #require(object["name"]?.string)
        lines[index] = ""
        return (lines.joined(separator: "\n"), latitude, name)
    }
}
