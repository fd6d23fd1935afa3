import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// Commits place their nodes in the file's available free space (format document §8.1): a file
/// edited again and again stays the size its data needs, every byte stays accounted for, and
/// realm-core's own free lists are used as they are.
@Suite("Commits reuse free space", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct FreeSpaceReuseTests {
    func report(_ path: String) throws -> SpaceAccounting.Report {
        try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    func physicalSize(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? -1
    }

    /// 500 single-field edits of species.realm (8 KiB, 2,896 bytes free in 5 entries), each its
    /// own commit, names of varying length and numbers alternating.
    ///
    /// The bound: 16 KiB, one doubling of the 8 KiB fixture. A commit here rewrites one column
    /// leaf, the cluster leaf, the Specimen table top, the table list, the three free lists and
    /// the top, about 1.2 KiB; the nodes it replaces are freed at the new version and are the
    /// same sizes the next commit writes, so they fit it exactly or the 8 KiB gained by the one
    /// growth (§8.1: below 1 MiB a file doubles) holds chunks twice the size. Append-only commits
    /// would have grown the file by the ~600 KB the loop writes.
    @Test func fiveHundredEditsStayInsideOneDoubling() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "species", prefix: "FreeSpaceReuse")
        defer { FixtureCopy.remove(path) }
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: path)
        var names: [Int64: String] = [:]
        var latitudes: [Int64: Int] = [:]
        var written = 0
        for round in 1...500 {
            let key = Int64(round * 7 % 42)
            if round % 2 == 0 {
                let name = "specimen \(round) " + String(repeating: "x", count: round % 29)
                try session.execute("set Specimen[_key = \(key)].name = \"\(name)\"")
                names[key] = name
            } else {
                try session.execute("set Specimen[_key = \(key)].latitude = \(round)")
                latitudes[key] = round
            }
            let line = try #require(output.text.split(separator: "\n").last)
            written += try #require(Int(line.split(separator: ", ").last?.split(separator: " ").first ?? ""))
            let report = try report(path)
            #expect(report.version == Int64(3 + round), "one version per commit")
            #expect(report.logicalSize <= 16384, "round \(round): logical size \(report.logicalSize)")
            #expect(try physicalSize(path) <= 16384, "round \(round)")
        }
        #expect(written > 30 * 16384, "the loop wrote \(written) bytes into a file of at most 16 KiB")
        let changes = names.map { ("class_Specimen", $0.key, "name", JSONValue.string($0.value)) }
            + latitudes.map { ("class_Specimen", $0.key, "latitude", JSONValue.object([JSONValue.Member(key: "$double", value: .string("\($0.value)"))])) }
        #expect(try EditTests().dump(path) == EditTests().expected("species", changes))
    }

    /// Structural commits reuse space too: 100 rounds of creating a Task, appending it to a
    /// list and deleting it again (300 commits on tasks.realm, 8 KiB) stay inside one doubling,
    /// for the reason above, and leave exactly Realm's dump of the fixture.
    @Test func createLinkDeleteRoundsStayInsideOneDoubling() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "tasks", prefix: "FreeSpaceReuse")
        defer { FixtureCopy.remove(path) }
        let session = Session(output: BufferedOutput())
        try session.open(path: path)
        for round in 1...100 {
            for command in ["create Task name = \"temporary \(round)\", isCompleted = false",
                            "append TaskList[0].tasks Task[26]", "delete Task[26]"] {
                try session.execute(command)
                let report = try report(path)
                #expect(report.logicalSize <= 16384, "round \(round), \(command): logical size \(report.logicalSize)")
            }
        }
        #expect(try report(path).version == 4 + 300)
        #expect(try physicalSize(path) <= 16384)
        #expect(try EditTests().dump(path) == JSONParser.parse(String(contentsOfFile: Fixtures.jsonPath("tasks"), encoding: .utf8)))
    }

    /// realm-core's fixtures come with free lists (from 5 entries in species.realm to 154 in
    /// alltypes.realm): one edit of each is placed entirely inside them, the file keeps its
    /// size, and the dump differs from Realm's by exactly the change.
    @Test("an edit fits realm-core's free space", arguments: [
        ("species", "set Specimen[_key = 5].name = \"Pine marten\"", "class_Specimen", Int64(5), "name", JSONValue.string("Pine marten")),
        ("tasks", "set Task[_key = 3].name = \"Water the plants\"", "class_Task", Int64(3), "name", JSONValue.string("Water the plants")),
        ("alltypes", "set AllTypes[_key = 7].intReq = 4242", "class_AllTypes", Int64(7), "intReq", JSONValue.int(4242)),
        ("demo", "set RealmTestClass1[_key = 3].integerValue = 42", "class_RealmTestClass1", Int64(3), "integerValue", JSONValue.int(42)),
        ("big", "set Item[_key = 150000].name = \"Deluxe Mug, chipped\"", "class_Item", Int64(150000), "name", JSONValue.string("Deluxe Mug, chipped")),
        ("history", "set Note[_key = 0].text = \"rewritten\"", "class_Note", Int64(0), "text", JSONValue.string("rewritten")),
    ])
    func editReusesRealmsFreeSpace(fixture: String, command: String, table: String, key: Int64, member: String,
                                   value: JSONValue) throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: fixture, prefix: "FreeSpaceReuse")
        defer { FixtureCopy.remove(path) }
        let before = try report(path)
        let sizeBefore = try physicalSize(path)
        #expect(before.freeEntries > 0)
        let session = Session(output: BufferedOutput())
        try session.open(path: path)
        try session.execute(command)
        let after = try report(path)
        #expect(after.version == before.version + 1)
        #expect(after.logicalSize == before.logicalSize)
        #expect(try physicalSize(path) == sizeBefore)
        let oldNodes = Set(before.nodes.map(\.lowerBound))
        let newNodes = after.nodes.filter { !oldNodes.contains($0.lowerBound) }
        #expect(newNodes.count >= 6, "leaf, cluster, table top, table list, three free lists, top")
        // Adjacent entries are one stretch of free space (a node may span two of them).
        var stretches: [Range<Int>] = []
        for entry in before.freeList.map(\.range).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = stretches.last, last.upperBound == entry.lowerBound {
                stretches[stretches.count - 1] = last.lowerBound..<entry.upperBound
            } else {
                stretches.append(entry)
            }
        }
        for node in newNodes {
            #expect(stretches.contains { $0.contains(node.lowerBound) && $0.upperBound >= node.upperBound },
                    "the node at \(node) lies in space the old version listed as free")
        }
        // The nodes the old version used and the new one does not are free at the new version.
        let newNodeStarts = Set(after.nodes.map(\.lowerBound))
        for node in before.nodes where !newNodeStarts.contains(node.lowerBound) {
            #expect(after.freeList.contains { $0.range == node && $0.version == after.version })
        }
        #expect(try EditTests().dump(path) == EditTests().expected(fixture, [(table, key, member, value)]))
    }
}
