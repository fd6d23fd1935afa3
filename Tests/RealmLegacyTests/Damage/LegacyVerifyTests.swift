import Foundation
import RealmFormat
@testable import RealmLegacy
import Testing
import TestSupport

/// `verify` of old files checks their own layout (L§14, M§8.5 space accounting): every fixture
/// is sound, and a damage made by a byte edit of a copy is named where it is.
@Suite("Old formats: verify", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct LegacyVerifyTests {
    @Test("every old-formats fixture verifies, its space accounted for exactly", arguments: OldFixtures.names)
    func fixturesAreSound(name: String) throws {
        guard Fixtures.requirePresent() else { return }
        let report = try #require(LegacyVerifier.verify(path: OldFixtures.realmPath(name), key: try OldFixtures.key(for: name)))
        #expect(report.problems.isEmpty, "\(name): \(report.problems.prefix(3))")
        #expect(report.nodeCount > 0 && report.objectCount > 0)
    }

    @Test("a file of another format is not one LegacyVerifier takes")
    func otherFormatsAreLeftAlone() throws {
        guard Fixtures.requirePresent() else { return }
        #expect(LegacyVerifier.verify(path: Fixtures.realmPath("tasks"), key: nil) == nil)
        #expect(LegacyVerifier.verify(path: Fixtures.jsonPath("tasks"), key: nil) == nil)
    }

    /// tasks-f9's Car.owner holds target rows + 1 (legacy document Appendix A: [1, 3, 0, 1]);
    /// Car 0 made to link to Person 1 instead of 0 leaves Person 0's backlinks naming it.
    @Test("a link that its target's backlinks do not mirror is named; the file still opens")
    func linkWithoutBacklink() throws {
        guard Fixtures.requirePresent() else { return }
        let copy = try ScratchCopy(of: "tasks-f9")
        defer { copy.remove() }
        let mapped = try MappedFile(path: copy.path)
        let file = try ColumnStoreFile(bytes: mapped.bytes, header: try FileHeader(file: mapped.bytes, readable: 5...11))
        let car = try #require(file.tables.first { $0.name == "class_Car" })
        let owner = try #require(car.spec.columns.first { $0.name == "owner" })
        let root = try withExtendedLifetime(mapped) { try car.root(of: owner) }
        #expect(root.width == 2 && root.size == 4)
        let byte = try copy.byte(at: root.ref + 8)
        #expect(byte & 0x03 == 1)
        try copy.patch(at: root.ref + 8, [(byte & ~0x03) | 0x02])

        let report = try #require(LegacyVerifier.verify(path: copy.path, key: nil))
        #expect(report.problems.count == 2, "\(report.problems)")
        #expect(report.problems.allSatisfy { $0.check == .backlinks && $0.table == "class_Car" && $0.column == "owner" })
        #expect(report.problems.contains { $0.message.contains("target row 0") })
        #expect(report.problems.contains { $0.message.contains("target row 1") })
        // The image follows the links: Car 0's owner is Person 1.
        let image = try FileOpening.open(path: copy.path)
        let table = try #require(image.table(named: "class_Car"))
        let leaf = try #require(try table.objects.leaf(atPosition: 0))
        let column = try #require(table.column(named: "owner"))
        let value = try ColumnLeafReader(leaf: leaf.leaf, column: column).value(at: leaf.row)
        #expect(value == .link(table: try #require(image.table(named: "class_Person")).key, key: 1))
    }
}
