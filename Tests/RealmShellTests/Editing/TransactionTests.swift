import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import RealmQuery
import ShellTestSupport
import Testing
import TestSupport

/// begin / commit / rollback / status / update: staged changes become one version, or none.
@Suite("Write transactions", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct TransactionTests {
    @Test func stagedChangesCommitAsOneVersion() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "tasks", prefix: "TransactionTests")
        defer { FixtureCopy.remove(path) }
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("tasks"))
        let tasks = try #require(dump["tables"]?.array?.first { $0["name"]?.string == "class_Task" }?["objects"]?.array)
        let open = tasks.filter { $0["isCompleted"]?.bool == false }.count
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: path)
        let version = try #require(session.file?.top?.version)
        try session.execute("begin")
        #expect(session.prompt == "realm*> ")
        try session.execute("set Task[0].name = \"Renamed\"")
        try session.execute("update Task isCompleted == false SET isCompleted = true")
        try session.execute("status")
        #expect(output.text.contains("2. Task.isCompleted = true on \(open) objects matching isCompleted == false"))
        // Two staged changes (the set and the update), and no one to ask: both are refused.
        #expect(throws: BrowserError.pendingChanges(count: 2, action: "quitting")) { try session.execute("quit") }
        #expect(throws: BrowserError.pendingChanges(count: 2, action: "opening another file")) {
            try session.open(path: Fixtures.realmPath("species"))
        }
        try session.execute("commit")
        #expect(session.prompt == "realm> ")
        #expect(session.file?.top?.version == version + 1, "two changes, one version")
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        let file = try RealmFile(path: path)
        let table = try #require(file.table(named: "class_Task"))
        #expect(try QueryEngine(file: file).run("isCompleted == false", on: table).isEmpty)
        #expect(try QueryEngine(file: file).run("name == 'Renamed'", on: table) == [try #require(tasks[0]["_key"]?.int)])
    }

    @Test func rollbackLeavesTheFileUntouched() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "species", prefix: "TransactionTests")
        defer { FixtureCopy.remove(path) }
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let session = Session(output: BufferedOutput())
        try session.open(path: path)
        try session.execute("begin")
        try session.execute("set Specimen[0].name = 'gone'")
        try session.execute("rollback")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        try session.execute("quit")
        #expect(session.wantsToQuit)
    }

    @Test func quitBangDropsStagedChanges() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "species", prefix: "TransactionTests")
        defer { FixtureCopy.remove(path) }
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let session = Session(output: BufferedOutput())
        try session.open(path: path)
        try session.execute("begin")
        try session.execute("set Specimen[0].name = 'dropped'")
        do {
            try session.execute("quit")
            Issue.record("quit must refuse with staged changes")
        } catch {
            #expect("\(error)".contains("'quit!'"))
        }
        try session.execute("quit!")
        #expect(session.wantsToQuit)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    }

    @Test func aFailedStatementKeepsEarlierStagedChanges() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "species", prefix: "TransactionTests")
        defer { FixtureCopy.remove(path) }
        let session = Session(output: BufferedOutput())
        try session.open(path: path)
        try session.execute("begin")
        try session.execute("set Specimen[0].name = 'kept'")
        expectError(.invalidValue(mentioning: "Specimen.latitude", "double", "not a number")) {
            try session.execute("set Specimen[0].latitude = 'not a number'")
        }
        try session.execute("commit")
        let file = try RealmFile(path: path)
        let table = try #require(file.table(named: "class_Specimen"))
        #expect(try QueryEngine(file: file).run("name == 'kept'", on: table) == [0])
    }
}
