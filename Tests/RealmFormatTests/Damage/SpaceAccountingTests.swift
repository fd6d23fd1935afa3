import RealmFormat
import TestSupport
import Testing

/// The verifier the writer's tests rely on must itself accept every file realm-core wrote
/// (the format document reports exact space accounting on all of them).
@Suite("Space verifier", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SpaceAccountingTests {
    @Test("realm-core's files account for every byte", arguments: ["demo", "species", "tasks", "history", "big", "alltypes"])
    func acceptsRealmFiles(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let report = try SpaceAccounting.verify(try Fixtures.bytes(fixture))
        #expect(report.nodeCount > 10)
        #expect(report.fileFormat == 24)
    }

    @Test func rejectsOverlapsAndGaps() throws {
        guard Fixtures.requirePresent() else { return }
        var bytes = try Fixtures.bytes("species")
        // Shrink the logical size recorded in the top array: nodes now lie outside it.
        let select = Int(bytes[23] & 1)
        let top = (0..<8).reduce(0) { $0 | Int(bytes[select * 8 + $1]) << (8 * $1) }
        let width = (1 << Int(bytes[top + 4] & 7)) >> 1
        bytes[top + 8 + 2 * width / 8] = 0x11
        bytes[top + 8 + 2 * width / 8 + 1] = 0
        #expect(throws: SpaceAccounting.Failure.self) { try SpaceAccounting.verify(bytes) }
    }
}
