import Foundation
import Glibc
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// realm-browser beside a running Realm app (issue 13): a helper process plays the app
/// (`realm-app-double`: it initiates the lock-file session of realm-file-format.md §10.1 and
/// commits in place, reusing freed space only up to the oldest version a reader holds), and
/// each commit swaps the `integerValue` of two `RealmTestClass0` objects of a copy of
/// demo.realm, so that every version holds the same multiset of values as Realm's own dump of
/// the fixture. Every read must answer, and answer exactly that.
@Suite("Reading beside a running Realm app", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment), .serialized)
struct ReadingBesideAnAppTests {
    static let className = "RealmTestClass0"
    static let property = "integerValue"

    /// The fixture's values of the swapped property, as realm-core dumped them.
    static func fixtureValues() throws -> [Int64] {
        try ExecutableTests.objects(inFixture: "demo", "class_" + className).map { try #require($0[property]?.int) }
    }

    /// A session script that runs `cycles` rounds of four reads (stats, a count query, a dump
    /// and a sorted query), each read's output going to a file of its own in `directory`.
    static func readScript(cycles: Int, directory: String) -> String {
        var lines = ["mode json", "once \(directory)/info.json", "info"]
        for cycle in 0..<cycles {
            lines += [
                "once \(directory)/\(cycle).stats", "stats \(className) \(property)",
                "once \(directory)/\(cycle).count", "count \(className) \(property) > 5000000",
                "once \(directory)/\(cycle).dump", "dump \(className)",
                "once \(directory)/\(cycle).find", "find \(className) \(property) > 9000000 SORT(\(property) ASC)",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func everyReadAnswersConsistentlyAtEveryCommitRate() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ExecutableTests.workingCopy(of: "demo", suite: "BesideApp")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let values = try Self.fixtureValues()
        let sum = values.reduce(Int128(0)) { $0 + Int128($1) }
        let expectedCount = values.filter { $0 > 5_000_000 }.count
        let expectedFound = values.filter { $0 > 9_000_000 }.sorted()
        let keysAndStrings = try ExecutableTests.objects(inFixture: "demo", "class_" + Self.className)
            .map { "\($0["_key"]?.int ?? -1) \($0["stringValue"]?.string ?? "null")" }

        let app = try AppDoubleProcess(path: path, className: Self.className, property: Self.property)
        defer { app.stop() }
        let cycles = 120
        var reads = 0
        var previous = try app.send("report")
        for rate in ["20", "200", "max"] {
            let outputs = directory + "/rate-" + rate
            try FileManager.default.createDirectory(atPath: outputs, withIntermediateDirectories: true)
            try app.send("rate \(rate)")
            // The script arrives in two halves with two commits between them, so the app commits
            // while the session runs however the machine's load spreads the two processes.
            let script = Self.readScript(cycles: cycles, directory: outputs).split(separator: "\n").map(String.init)
            let session = try WatchingProcess([path], errorFile: outputs + "/session.err")
            defer { session.stop() }
            try session.send(script[..<(script.count / 2)].joined(separator: "\n"))
            let between = try app.send("commit 2")
            try session.send(script[(script.count / 2)...].joined(separator: "\n"))
            let end = try session.finish()
            let report = try app.send("rate 0")
            let errors = try String(contentsOfFile: outputs + "/session.err", encoding: .utf8)
            #expect(end.status == 0 && end.rest.isEmpty, "rate \(rate): \(end.rest.prefix(5)) \(errors.suffix(2000))")
            #expect(!errors.contains("error"), "rate \(rate): \(errors.suffix(2000))")
            #expect(between.commits >= previous.commits + 2 && report.commits >= between.commits, "\(previous) \(between) \(report)")
            // The session ended: its participant and every pin are gone.
            #expect(report.participants == 1 && report.frozen == 0, "\(report)")
            previous = report

            let info = try String(contentsOfFile: outputs + "/info.json", encoding: .utf8)
            #expect(info.contains("a Realm app has the file open (2 participants"), "\(info)")
            for cycle in 0..<cycles {
                let stats = try JSONParser.parse(contentsOfFile: "\(outputs)/\(cycle).stats")
                let statistics = Dictionary(uniqueKeysWithValues: try #require(stats.array).compactMap { row in
                    row["statistic"]?.string.map { ($0, row["value"]) }
                })
                #expect(statistics["count"] == .int(Int64(values.count)) && statistics["min"] == .int(values.min() ?? 0)
                        && statistics["max"] == .int(values.max() ?? 0), "rate \(rate), read \(cycle): \(stats)")
                let statsText = try String(contentsOfFile: "\(outputs)/\(cycle).stats", encoding: .utf8)
                #expect(statsText.contains("\"statistic\": \"sum\", \"value\": \(sum)}"), "rate \(rate), read \(cycle): \(statsText)")

                let count = try JSONParser.parse(contentsOfFile: "\(outputs)/\(cycle).count")
                #expect(count.array?.first?["count"] == .int(Int64(expectedCount)), "rate \(rate), read \(cycle): \(count)")

                let dump = try JSONParser.parse(contentsOfFile: "\(outputs)/\(cycle).dump")
                let objects = try ExecutableTests.objects(dump, "class_" + Self.className)
                #expect(objects.compactMap { $0[Self.property]?.int }.sorted() == values.sorted(), "rate \(rate), read \(cycle)")
                #expect(objects.map { "\($0["_key"]?.int ?? -1) \($0["stringValue"]?.string ?? "null")" } == keysAndStrings)

                let found = try JSONParser.parse(contentsOfFile: "\(outputs)/\(cycle).find")
                #expect(try #require(found.array).compactMap { $0[Self.property]?.int } == expectedFound, "rate \(rate), read \(cycle)")
                reads += 4
            }
        }
        #expect(reads >= 1000)
        // Commits found a reader holding an older version (the registration the reads rely on).
        #expect(previous.held > 0, "\(previous)")

        // With no reader left, the app's commits reuse the space again: the file stops growing.
        let settled = try app.send("commit 50")
        let later = try app.send("commit 300")
        #expect(later.size == settled.size, "the file grew from \(settled.size) to \(later.size) with no reader")
        #expect(try app.quit() == 0)
        let report = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(report.version == Int64(later.version))
        let final = try ExecutableTests().dump(path)
        #expect(try ExecutableTests.objects(final, "class_" + Self.className).compactMap { $0[Self.property]?.int }.sorted() == values.sorted())
    }

    /// The bytes of every node of the file's current version (before anything else commits).
    static func nodeBytes(of path: String) throws -> (nodes: [Range<Int>], bytes: [[UInt8]]) {
        let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let report = try SpaceAccounting.verify(file)
        return (report.nodes, report.nodes.map { Array(file[$0]) })
    }

    @Test func aPinnedVersionKeepsEveryByteUntilItIsReleased() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ExecutableTests.workingCopy(of: "demo", suite: "BesideApp")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let app = try AppDoubleProcess(path: path, className: Self.className, property: Self.property)
        defer { app.stop() }
        let first = try app.send("commit 5")
        let reader = try #require(try LockFileReader.join(realmPath: path))
        let pin = try reader.pinNewest()
        #expect(pin.version == UInt64(first.version))
        let snapshot = try Self.nodeBytes(of: path)

        // Every commit sees the pinned version as reachable (from the second on, as older than
        // the newest) and leaves its nodes alone; the file grows instead.
        let pinned = try app.send("commit 300")
        #expect(pinned.held == 299 && pinned.frozen == 1 && pinned.participants == 2, "\(pinned)")
        #expect(pinned.size > first.size)
        let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let changed = zip(snapshot.nodes, snapshot.bytes).filter { Array(file[$0.0]) != $0.1 }.map(\.0)
        #expect(changed.isEmpty, "nodes of the pinned version were overwritten: \(changed.prefix(5))")
        // The pinned version still reads as it was: the fixture's values after five swaps.
        let pinnedFile = try RealmFile(path: path, pinned: pin)
        let table = try #require(pinnedFile.table(named: "class_" + Self.className))
        let column = try #require(table.column(named: Self.property))
        let values = try (0..<table.objects.count).map { position in
            let (leaf, row) = try #require(try table.objects.leaf(atPosition: position))
            guard case let .int(value) = try ColumnLeafReader(leaf: leaf, column: column).value(at: row) else { return Int64?.none }
            return value
        }
        #expect(values.compactMap { $0 }.sorted() == (try Self.fixtureValues()).sorted())
        #expect(pinnedFile.top?.version == Int64(first.version))

        // Released: the next commits reuse that space, and the file stops growing.
        try reader.release(pin)
        try reader.leave()
        let released = try app.send("commit 50")
        #expect(released.held == 299 && released.frozen == 0 && released.participants == 1, "\(released)")
        let later = try app.send("commit 300")
        #expect(later.size == released.size)
        let reused = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(zip(snapshot.nodes, snapshot.bytes).contains { Array(reused[$0.0]) != $0.1 },
                "after the release, commits write into the old version's space")
        #expect(try app.quit() == 0)
    }
}

/// A command that ends while it holds its pin: `dump --out FIFO` registers the newest version,
/// then blocks opening a named pipe that no one reads, until the test sends it a signal.
extension ReadingBesideAnAppTests {
    /// Starts the executable on `arguments` with the termination signals unblocked and at their
    /// default dispositions (the test runner's threads block them, and `Process` children would
    /// inherit that), output to /dev/null. Returns its process id.
    static func spawnWithSignalsDelivered(_ arguments: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let executable = ExecutableTests.executable.path
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { (text: String) in strdup(text) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment: [UnsafeMutablePointer<CChar>?] = ["REALM_BROWSER_HISTORY=/dev/null", "PATH=/usr/bin:/bin"].map { (text: String) in strdup(text) } + [nil]
        defer { environment.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, environment)
        guard result == 0 else { throw AppDoubleProcess.Failure(description: "posix_spawn: \(String(cString: strerror(result)))") }
        return child
    }

    /// Waits for `child` to exit, at most `seconds`; false (and the child killed) if it did not.
    static func waitForExit(_ child: pid_t, status: inout Int32, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if waitpid(child, &status, WNOHANG) == child { return true }
            usleep(5000)
        }
        kill(child, SIGKILL)
        waitpid(child, &status, 0)
        return false
    }

    /// The lock file's bytes, read with pread.
    static func lockFileBytes(_ realmPath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: realmPath + ".lock")))
    }

    static func load<T: FixedWidthInteger>(_ type: T.Type, at offset: Int, in bytes: [UInt8]) -> T {
        bytes[offset..<offset + MemoryLayout<T>.size].reversed().reduce(T(0)) { ($0 << 8) | T($1) }
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGKILL])
    func aCommandEndedBySignalLeavesOnlyWhatSIGKILLCannotRelease(signal: Int32) throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ExecutableTests.workingCopy(of: "demo", suite: "BesideApp")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/dump.fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        let app = try AppDoubleProcess(path: path, className: Self.className, property: Self.property)
        defer { app.stop() }
        try app.send("commit 3")
        let before = try Self.lockFileBytes(path)

        let child = try Self.spawnWithSignalsDelivered([path, "-c", "dump --out \(fifo)"])
        var status: Int32 = 0
        defer { if waitpid(child, &status, WNOHANG) == 0 { kill(child, SIGKILL); waitpid(child, &status, 0) } }
        // Wait for the pin (the deadline only keeps a broken build from hanging the suite).
        let deadline = Date().addingTimeInterval(Patience.seconds)
        var pinned: [UInt8] = before
        while Date() < deadline {
            pinned = try Self.lockFileBytes(path)
            if Self.load(UInt32.self, at: SharedInfoLayout.numParticipants, in: pinned) == 2,
               let entry = (0..<32).first(where: { Self.load(UInt32.self, at: SharedInfoLayout.entryOffset($0) + SharedInfoLayout.Entry.countFrozen, in: pinned) == 1 }) {
                let newest = Int(Self.load(UInt32.self, at: SharedInfoLayout.newest, in: pinned))
                #expect(entry == newest, "the newest version is the one pinned")
                break
            }
            usleep(2000)
        }
        let newest = Int(Self.load(UInt32.self, at: SharedInfoLayout.newest, in: pinned))
        let countFrozen = SharedInfoLayout.entryOffset(newest) + SharedInfoLayout.Entry.countFrozen
        try #require(Self.load(UInt32.self, at: countFrozen, in: pinned) == 1, "the dump never pinned a version")

        kill(child, signal)
        // A child still running at the deadline is a failure (the signal did not end the
        // command); it is then killed so the suite goes on.
        try #require(Self.waitForExit(child, status: &status, seconds: Patience.seconds), "signal \(signal) did not end the command")
        let after = try Self.lockFileBytes(path)
        let changed = before.indices.filter { before[$0] != after[$0] }
        if signal == SIGKILL {
            // What a crashed Realm reader leaves: its participant and its pin, nothing else.
            #expect(status & 0x7f == SIGKILL)
            #expect(changed == [SharedInfoLayout.numParticipants, countFrozen])
            #expect(Self.load(UInt32.self, at: SharedInfoLayout.numParticipants, in: after) == 2)
        } else {
            #expect(changed == [], "signal \(signal) left bytes \(changed) changed")
        }
        // The app goes on committing either way; after a kill, the version stays held (older
        // than the newest from the second commit on) until the app's session ends.
        let report = try app.send("commit 5")
        #expect(report.held == (signal == SIGKILL ? 4 : 0), "\(report)")
        #expect(try app.quit() == 0)
    }
}
