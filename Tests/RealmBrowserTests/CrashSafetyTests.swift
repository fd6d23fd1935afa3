import RealmFormat
import Foundation
import Testing
import TestSupport

/// A child process commits edit after edit and is killed with SIGKILL at random instants; after
/// every kill the file must open, account for every byte, and hold the state of some complete
/// commit: never a third outcome.
@Suite("Crash safety", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct CrashSafetyTests {
    /// Starts the executable on `path` with `script` piped in and kills it with SIGKILL a random
    /// pause of up to 25 ms after its first commit reached the file. Shared by both kill loops so
    /// they interrupt commits the same way. Waiting for the first commit (rather than timing from
    /// the start) makes every run commit at least once however loaded the machine is.
    /// Returns whether the kill interrupted the process (rather than finding it already finished).
    /// `options` follow the path (`--key-file` for an encrypted copy, whose first bytes, page
    /// 0's IV entry, change with every commit as the header's do).
    func runAndKill(path: String, options: [String] = [], script: String, using generator: inout SystemRandomNumberGenerator) throws -> Bool {
        let header = try headerBytes(path)
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
        // A commit flips the header's top-ref selection; the deadline only keeps a broken
        // build from hanging the suite.
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, try headerBytes(path) == header, Date() < deadline { usleep(200) }
        usleep(UInt32.random(in: 0..<25_000, using: &generator))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
    }

    @Test func killedCommitsLeaveTheOldOrTheNewVersion() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ExecutableTests.workingCopy(of: "species", suite: "CrashSafety")
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let baseline = try dumpWithout(path: path)
        let script = (1...60).map { "set Specimen[0].latitude = \($0)\nset Specimen[0].name = \"run \($0)\"\n" }.joined()
        var generator = SystemRandomNumberGenerator()
        var interrupted = 0
        var previous = (latitude: baseline.latitude, name: baseline.name)
        var finalVersion: Int64 = 0
        for _ in 0..<200 {
            if try runAndKill(path: path, script: script, using: &generator) { interrupted += 1 }

            let report = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            // Commits reuse free space, and a killed commit only wrote into space its version
            // kept free: the file stays inside one doubling of the 8 KiB fixture however many
            // commits ran or were cut short (appending would add ~1 KB per commit).
            #expect(report.logicalSize <= 16384, "logical size \(report.logicalSize) at version \(report.version)")
            finalVersion = report.version
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
        #expect(interrupted > 100, "most runs are killed while committing")
        // Enough commits completed for the size bound above to mean something (every run commits
        // at least once; twenty appended commits would already pass 16 KiB).
        #expect(finalVersion - 3 >= 200, "\(finalVersion - 3) commits completed")
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
        var interrupted = 0
        var previous = originalNames
        for _ in 0..<100 {
            if try runAndKill(path: path, script: script, using: &generator) { interrupted += 1 }

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
        #expect(interrupted > 50, "most runs are killed while committing")
        #expect(previous != originalNames, "some transactions were committed")
    }

    /// The file header (top refs, mnemonic, format, selection bit): it changes with every commit.
    func headerBytes(_ path: String) throws -> Data {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        return try handle.read(upToCount: 24) ?? Data()
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
