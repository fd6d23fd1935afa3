import RealmFormat
import Foundation
@testable import RealmFormat
import Testing
import TestSupport

/// The live-node bitmap the commit checks placements against: marks across word boundaries,
/// and, walked from a realm-core file's top, exactly the nodes the test's own verifier finds.
@Suite("Live-node map")
struct LiveNodeMapTests {
    @Test func marksAndOverlapsAcrossWordBoundaries() {
        // One word covers 64 units of 8 bytes = 512 bytes; 504..<1040 spans three words.
        var map = LiveNodeMap(logicalSize: 4096)
        let first = map.mark(position: 504, length: 536)
        #expect(first)
        #expect(!map.overlaps(position: 24, length: 480), "24..<504 is clear")
        #expect(map.overlaps(position: 496, length: 16), "496..<512 touches 504")
        #expect(map.overlaps(position: 1032, length: 8), "the last unit")
        #expect(!map.overlaps(position: 1040, length: 3056), "1040 to the end is clear")
        let again = map.mark(position: 1024, length: 64)
        #expect(!again, "marking a marked unit again reports it")
        let last = map.mark(position: 4088, length: 8)
        #expect(last)
    }

    @Test("the walk finds the verifier's nodes", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment),
          arguments: ["species", "tasks", "alltypes", "history"])
    func walkMatchesTheVerifier(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let report = try SpaceAccounting.verify(try Fixtures.bytes(fixture))
        let file = try RealmFile(path: Fixtures.realmPath(fixture))
        let top = try file.mapped.bytes.node(at: Int64(try #require(file.top).ref), context: "top")
        let map = try LiveNodeMap(top: top, in: file.mapped.bytes, logicalSize: report.logicalSize)
        for entry in report.freeList {
            #expect(!map.overlaps(position: entry.range.lowerBound, length: entry.range.count), "free \(entry.range)")
        }
        // Every 8-byte unit of every node is marked.
        for node in report.nodes {
            #expect(stride(from: node.lowerBound, to: node.upperBound, by: 8).allSatisfy { map.overlaps(position: $0, length: 8) },
                    "node \(node)")
        }
    }
}
