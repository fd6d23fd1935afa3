import Foundation
import Testing
import TestSupport

/// Wrong input as users type it, through the executable: each is refused with a message that
/// names what the user wrote, and a refused edit leaves the file byte for byte as it was.
@Suite("wrong input end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct UserErrorTests {
    let runner = ExecutableTests()

    /// A writable copy of a fixture in a fresh directory (the fixtures stay untouched).
    func copy(_ fixture: String) throws -> (directory: String, file: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("UserErrorTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/\(fixture).realm"
        try FileManager.default.copyItem(atPath: Fixtures.realmPath(fixture), toPath: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        return (directory, file)
    }

    func objects(_ fixture: String, _ table: String) throws -> [JSONValue] {
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
        return try #require(dump["tables"]?.array?.first { $0["name"]?.string == table }?["objects"]?.array)
    }

    @Test func negativePositionOutOfRangeNamesThePositionTyped() throws {
        guard Fixtures.requirePresent() else { return }
        let count = try objects("species", "class_Specimen").count
        let result = try runner.run([Fixtures.realmPath("species"), "-c", "show Specimen[-\(count + 1)]"])
        #expect(result.status == 1)
        #expect(result.standardError == "error (line 1): Specimen[-\(count + 1)] is out of range: positions run from 0 to \(count - 1)\n")
        let last = try runner.run([Fixtures.realmPath("species"), "-c", "show Specimen[-\(count)].name"])
        #expect(last.status == 0, "\(last.standardError)")
        let first = try #require(try objects("species", "class_Specimen").first?["name"]?.string)
        #expect(last.standardOutput == "\"\(first)\"\n")
    }
}
