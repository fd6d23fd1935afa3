import Foundation
import RealmFormat
import Testing
import TestSupport

/// `realm-browser verify FILE` as scripts use it: `OK` and exit 0 for every realm-core fixture,
/// each problem with its place and exit 1 for damage, one JSON document with `--json`.
@Suite("verify", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct VerifyCommandTests {
    let executable = ExecutableTests()

    static let fixtures = Fixtures.goldenNames + ["alltypes"] + [
        "test_upgrade_database_20", "test_upgrade_database_1000_22", "test_upgrade_database_1000_23",
        "test_upgrade_database_4_22", "test_upgrade_database_4_23",
    ].map { "legacy/\($0)" }

    @Test("every fixture verifies OK", arguments: VerifyCommandTests.fixtures)
    func fixturesAreSound(fixture: String) throws {
        let result = try executable.run(["verify", Fixtures.realmPath(fixture)])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("OK\n\(Fixtures.realmPath(fixture)): "), "\(result.standardOutput)")
    }

    @Test func encryptedFixtureVerifiesWithItsKey() throws {
        let result = try executable.run(["verify", Fixtures.realmPath("encrypted")], environment: ["REALM_BROWSER_KEY": EncryptedFixture.hexKey])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasSuffix(": 4 tables, 301 objects, 477 nodes, 8 free entries, version 3\n"), "\(result.standardOutput)")
    }

    /// species.realm with its `metadata` table renamed in place (same length): the object store
    /// would not find the schema version.
    @Test func aMissingMetadataTableIsNamed() throws {
        let copy = try damagedCopy(of: "species") { bytes in
            let name = Array("metadata".utf8)
            for start in 0...(bytes.count - name.count) where bytes[start..<start + name.count].elementsEqual(name) {
                bytes[start + 7] = UInt8(ascii: "x")
            }
        }
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let result = try executable.run(["verify", copy])
        #expect(result.status == 1)
        #expect(result.standardOutput == "[metadata] the file has classes but no metadata table (the schema version)\n")
        #expect(result.standardError.contains("1 problem found"))

        let json = try executable.run(["verify", copy, "--json"])
        #expect(json.status == 1)
        #expect(json.standardOutput.contains("\"ok\":false,\"problemCount\":1,"))
        #expect(json.standardOutput.contains("{\"check\":\"metadata\",\"table\":null,\"objectKey\":null,\"column\":null,\"offset\":null,"))
    }

    @Test func aDamagedHeaderIsReportedNotThrown() throws {
        let copy = try damagedCopy(of: "tasks") { bytes in bytes[16] = 0 }
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let result = try executable.run(["verify", copy])
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("[header] the file does not open: not a Realm file"), "\(result.standardOutput)")
    }

    /// A node whose size byte claims more elements than it has now overlaps the nodes after it:
    /// verify names its offset.
    @Test func aNodeThatGrowsOverItsNeighboursIsNamed() throws {
        let original = try Fixtures.bytes("demo")
        let report = try SpaceAccounting.verify(original)
        let node = try #require(report.nodes.first { $0.lowerBound > 4096 })
        let copy = try damagedCopy(of: "demo") { bytes in
            bytes[node.lowerBound + 5] = 0xFF
        }
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let result = try executable.run(["verify", copy])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("offset \(node.lowerBound)"), "\(result.standardOutput)")
    }

    private func damagedCopy(of fixture: String, _ damage: (inout [UInt8]) -> Void) throws -> String {
        var bytes = try Fixtures.bytes(fixture)
        damage(&bytes)
        let path = NSTemporaryDirectory() + "verify-\(fixture)-\(UUID().uuidString).realm"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
