import Foundation
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// A Mixed link to a class without a backlink column for that property, from the command line
/// and piped stdin: the commit adds the column, and the file is Realm's alltypes.realm
/// (alltypes.json) plus exactly the links, every byte accounted for and every backlink right.
@Suite("Mixed backlink columns added on first use, end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct MixedBacklinkColumnCommandTests {
    let runner = ExecutableTests()

    func copyOfAllTypes() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("MixedBacklinkColumnCommandTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.realmPath("alltypes"), toPath: directory + "/alltypes.realm")
        return directory + "/alltypes.realm"
    }

    func dump(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        try runner.dump(path, sourceLocation: sourceLocation)
    }

    func check(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try ExecutableTests.verifyFile(path, sourceLocation: sourceLocation)
    }

    @Test func setFromTheCommandLineAddsTheColumn() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try copyOfAllTypes()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let set = try runner.run([path, "-c", "set AllTypes[0].mixedValue = AllTypes[1]"])
        #expect(set.status == 0, "\(set.standardError)")
        #expect(set.standardOutput.contains("committed version"), "\(set.standardOutput)")
        try check(path)
        var expected = try ExpectedDump(fixture: "alltypes")
        try expected.set("mixedValue", of: "class_AllTypes", key: 0, to: ExpectedDump.link("class_AllTypes", 1))
        #expect(try dump(path) == expected.value)
        let backlinks = try runner.run([path, "-c", "backlinks AllTypes[1]"])
        #expect(backlinks.status == 0, "\(backlinks.standardError)")
        #expect(backlinks.standardOutput.contains("AllTypes.mixedValue -> AllTypes[1]  (1 link)"), "\(backlinks.standardOutput)")
    }

    @Test func pipedTransactionAddsColumnsForListAndValue() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try copyOfAllTypes()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let run = try runner.run([path], input: "begin\nappend AllTypes[2].mixedList AllTypes[3]\nset AllTypes[4].mixedValue = AllTypes[3]\ncommit\n")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("committed 2 changes"), "\(run.standardOutput)")
        try check(path)
        var expected = try ExpectedDump(fixture: "alltypes")
        #expect(try expected.member("mixedList", of: "class_AllTypes", key: 2) == .array([]))
        try expected.set("mixedList", of: "class_AllTypes", key: 2, to: .array([ExpectedDump.link("class_AllTypes", 3)]))
        try expected.set("mixedValue", of: "class_AllTypes", key: 4, to: ExpectedDump.link("class_AllTypes", 3))
        #expect(try dump(path) == expected.value)
        let table = try #require(try RealmFile(path: path).table(named: "class_AllTypes"))
        #expect(table.backlinkColumns.count == 2)
    }
}
