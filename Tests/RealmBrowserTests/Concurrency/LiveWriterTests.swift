import Foundation
import RealmInterchange
import Testing
import TestSupport

/// A session reading while another realm-browser process commits (issue 16): every answer must
/// come from one committed version, never a mixture of two.
///
/// Commit `v` sets `integerValue` of every `RealmTestClass0` and every `RealmTestClass1` object
/// of demo.realm to `v`, in one transaction. So a read from one version sees a single value in
/// both classes, and a mixture shows as two values, a partial count, or classes that disagree.
/// The test paces the two processes without timing anything: in round `v` it hands the writer
/// commit `v` and the reader five reads, then waits for both. The reads overlap the commit, so
/// each must show `v - 1` or `v`, and once one has shown `v` the later ones must too.
@Suite("Reading beside our own writer", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment), .serialized)
struct LiveWriterTests {
    static let rounds = 200
    static let readsPerRound = 5

    /// The commands of commit `value`.
    static func commit(_ value: Int) -> [String] {
        ["begin", "update RealmTestClass0 TRUEPREDICATE SET integerValue = \(value)",
         "update RealmTestClass1 TRUEPREDICATE SET integerValue = \(value)", "commit"]
    }

    /// Waits for the writer's "committed ..." line and returns it.
    static func committed(_ writer: WatchingProcess) throws -> String {
        while let line = try writer.nextLine() {
            if line.hasPrefix("committed ") { return line }
            try #require(line.hasPrefix("staged: "), "the writer said: \(line)")
        }
        throw WatchingProcess.Failure(description: "the writer ended early:\n\(writer.seen)")
    }

    /// The single value `rows` hold in `property`, or nil (recorded) when they hold several.
    static func single(_ rows: [JSONValue], _ property: String, _ what: String) -> Int64? {
        let values = Set(rows.compactMap { $0[property]?.int })
        guard values.count == 1, rows.count == 1000 else {
            Issue.record("\(what): \(rows.count) objects holding \(values.sorted().prefix(5)) — a mixture of versions")
            return nil
        }
        return values.first
    }

    @Test func everyReadShowsOneCommittedVersion() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ExecutableTests.workingCopy(of: "demo", suite: "LiveWriter")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let untouched = try ExecutableTests.objects(inFixture: "demo", "class_RealmTestClass2")
        let keys = try ExecutableTests.objects(inFixture: "demo", "class_RealmTestClass0").map { $0["_key"] }

        let writer = try WatchingProcess([path])
        defer { writer.stop() }
        try writer.send(Self.commit(0).joined(separator: "\n"))
        let first = try Self.committed(writer)
        let reader = try WatchingProcess([path], errorFile: directory + "/reader.err")
        defer { reader.stop() }
        try reader.send("mode jsonl")

        var reads = 0
        var roundsSeeingBoth = 0
        for round in 1...Self.rounds {
            let dumpPath = "\(directory)/\(round).dump"
            try writer.send(Self.commit(round).joined(separator: "\n"))
            try reader.send("stats RealmTestClass0 integerValue", "count RealmTestClass1 integerValue == \(round)",
                            "show RealmTestClass0[\(round * 37 % 1000)]", "once \(dumpPath)", "dump",
                            "count RealmTestClass0 integerValue == \(round)")
            let what = "round \(round)"
            var seen: [Int64] = []

            let stats = try reader.nextLines(6).map { try JSONParser.parse($0) }
            let statistic = { (name: String) in stats.first { $0["statistic"]?.string == name }?["value"] }
            let low = statistic("min")?.int
            #expect(statistic("count") == .int(1000) && low == statistic("max")?.int, "\(what): stats \(stats)")
            if let low { seen.append(low) }

            let counted = try JSONParser.parse(try reader.nextLines(1)[0])["count"]
            #expect(counted == .int(0) || counted == .int(1000), "\(what): count in class 1 \(String(describing: counted))")
            seen.append(counted == .int(1000) ? Int64(round) : Int64(round - 1))

            let shown = try JSONParser.parse(try reader.nextLines(1)[0])
            #expect(shown["_key"] == keys[round * 37 % 1000], "\(what): \(shown)")
            if let value = shown["integerValue"]?.int { seen.append(value) }

            let closing = try JSONParser.parse(try reader.nextLines(1)[0])["count"]
            #expect(closing == .int(0) || closing == .int(1000), "\(what): closing count \(String(describing: closing))")

            let dump = try JSONParser.parse(contentsOfFile: dumpPath)
            let inClass0 = Self.single(try ExecutableTests.objects(dump, "class_RealmTestClass0"), "integerValue", "\(what): dump, class 0")
            let inClass1 = Self.single(try ExecutableTests.objects(dump, "class_RealmTestClass1"), "integerValue", "\(what): dump, class 1")
            #expect(inClass0 == inClass1, "\(what): the dump's classes come from different versions")
            #expect(try ExecutableTests.objects(dump, "class_RealmTestClass2") == untouched, "\(what): class 2 changed")
            if let inClass0 { seen.append(inClass0) }
            seen.append(closing == .int(1000) ? Int64(round) : Int64(round - 1))

            #expect(seen.allSatisfy { $0 == Int64(round - 1) || $0 == Int64(round) }, "\(what): read \(seen)")
            #expect(seen == seen.sorted(), "\(what): a later read showed an older version: \(seen)")
            if Set(seen).count == 2 { roundsSeeingBoth += 1 }
            reads += Self.readsPerRound
            _ = try Self.committed(writer)
        }

        let writerEnd = try writer.finish()
        let readerEnd = try reader.finish()
        #expect(writerEnd.status == 0 && readerEnd.status == 0, "writer \(writerEnd), reader \(readerEnd)")
        #expect(readerEnd.rest.isEmpty, "\(readerEnd.rest)")
        let notices = try String(contentsOfFile: directory + "/reader.err", encoding: .utf8)
        let unexpected = notices.split(separator: "\n").filter { !$0.hasPrefix("reloaded: another process committed version ") }
        #expect(unexpected.isEmpty, "the reader said: \(unexpected.prefix(5))")
        // What the file holds at the end: the last commit, in a fresh process.
        let final = try ExecutableTests().run([path, "--json", "-c", "count RealmTestClass0 integerValue == \(Self.rounds)"])
        #expect(final.standardOutput == "{\"count\": 1000}\n", "\(final)")
        print("live writer: \(reads) reads beside \(Self.rounds) commits after \(first); \(roundsSeeingBoth) rounds saw both versions")
    }
}
