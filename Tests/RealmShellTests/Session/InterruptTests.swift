import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// Ctrl-C in the middle of each long command, at every point it looks for one: the session's
/// cancellation is requested at the command's 1st check, then its 2nd, ... until the command
/// runs through. After each stop the command has thrown `.interrupted`, the output directory
/// holds exactly what it held before (no output file, no temporary one; a file at the target
/// keeps its bytes), and the transaction's staged change is still pending; at the end it commits.
@Suite("Ctrl-C stops commands", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct InterruptTests {
    /// A copy of demo.realm (three classes of 1000 objects: a dozen leaves) in a directory of
    /// its own, open in a session with one staged change.
    struct Workspace {
        let directory: String
        let path: String
        let session: Session
        let output: BufferedOutput

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("InterruptTests-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            path = directory + "/demo.realm"
            try FileManager.default.copyItem(atPath: Fixtures.realmPath("demo"), toPath: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
            output = BufferedOutput()
            session = Session(output: output)
            try session.open(path: path)
            try session.execute("begin")
            try session.execute("create RealmTestClass0 integerValue = 424242, stringValue = 'staged before'")
        }

        /// Every file in the directory (but the lock file) with its bytes.
        func contents() throws -> [String: Data] {
            var files: [String: Data] = [:]
            let enumerator = FileManager.default.enumerator(atPath: directory)
            while let name = enumerator?.nextObject() as? String {
                var isDirectory: ObjCBool = false
                let full = directory + "/" + name
                guard !name.hasSuffix(".lock"), FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else { continue }
                files[name] = isDirectory.boolValue ? Data() : try Data(contentsOf: URL(fileURLWithPath: full))
            }
            return files
        }

        func remove() { try? FileManager.default.removeItem(atPath: directory) }
    }

    /// Interrupts `statement` at each of its checks in turn; returns how many runs were stopped.
    @discardableResult
    func sweep(_ statement: String, in workspace: Workspace) throws -> Int {
        let before = try workspace.contents()
        var stopped = 0
        var finished = false
        for check in 1...10_000 {
            workspace.session.cancellation = Cancellation(requestAfterChecks: check)
            do {
                try workspace.session.execute(statement)
                finished = true
                break
            } catch .interrupted {
                stopped += 1
            }
            #expect(try workspace.contents() == before, "\(statement) stopped at check \(check) left files behind or changed one")
            #expect(workspace.session.pendingChangeCount == 1, "\(statement) stopped at check \(check)")
        }
        workspace.session.cancellation = Cancellation()
        #expect(finished, "\(statement) never ran to its end")
        #expect(stopped > 1, "\(statement) looks for Ctrl-C more than once")
        return stopped
    }

    /// The staged change survived every stop: it commits, and the object is there.
    func commitsTheStagedChange(_ workspace: Workspace) throws {
        try workspace.session.execute("commit")
        let file = try RealmFile(path: workspace.path)
        let table = try #require(file.table(named: "class_RealmTestClass0"))
        #expect(table.objects.count == 1001)
        #expect(FileVerifier(file: file).verify().problems.isEmpty)
    }

    @Test func dumpToAFile() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data("an older dump\n".utf8).write(to: URL(fileURLWithPath: workspace.directory + "/dump.json"))
        try sweep("dump --out \(workspace.directory)/dump.json", in: workspace)
        let dump = try JSONParser.parse(contentsOfFile: workspace.directory + "/dump.json")
        #expect(dump["tables"]?.array?.count == 4, "the run that went through wrote the whole dump")
        #expect(try workspace.contents().keys.sorted() == ["demo.realm", "dump.json"])
        try commitsTheStagedChange(workspace)
    }

    @Test func dumpToTheOutput() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try Workspace()
        defer { workspace.remove() }
        try sweep("dump RealmTestClass1", in: workspace)
        try commitsTheStagedChange(workspace)
    }

    @Test func exportJSONAndCSV() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: workspace.directory + "/class0.json"))
        try sweep("export json RealmTestClass0 \(workspace.directory)/class0.json", in: workspace)
        #expect(try JSONParser.parse(contentsOfFile: workspace.directory + "/class0.json").array?.count == 1000)
        try sweep("export json \(workspace.directory)/all.json", in: workspace)
        try FileManager.default.createDirectory(atPath: workspace.directory + "/csv", withIntermediateDirectories: false)
        try sweep("export csv \(workspace.directory)/csv", in: workspace)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.directory + "/csv").sorted()
                == ["RealmTestClass0.csv", "RealmTestClass1.csv", "RealmTestClass2.csv"])
        // A directory the export made goes again when it stops.
        try sweep("export csv \(workspace.directory)/made", in: workspace)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.directory + "/made").count == 3)
        // A query result, its objects found by key rather than by a leaf walk.
        try workspace.session.execute("find RealmTestClass1 integerValue > 0")
        try sweep("export csv result \(workspace.directory)/result.csv", in: workspace)
        try commitsTheStagedChange(workspace)
    }

    @Test func importIntoTheTransaction() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try Workspace()
        defer { workspace.remove() }
        let csv = workspace.directory + "/rows.csv"
        try Data(("integerValue,stringValue\n" + (0..<700).map { "\($0),imported \($0)\n" }.joined()).utf8)
            .write(to: URL(fileURLWithPath: csv))
        let stopped = try sweep("import csv \(csv) RealmTestClass0", in: workspace)
        #expect(stopped > 3, "the records are checked and staged with checks along the way")
        #expect(workspace.session.pendingChangeCount == 2)
        try workspace.session.execute("commit")
        let file = try RealmFile(path: workspace.path)
        #expect(try #require(file.table(named: "class_RealmTestClass0")).objects.count == 1701)
    }

    @Test func compactAndGenerate() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data("not a realm\n".utf8).write(to: URL(fileURLWithPath: workspace.directory + "/copy.realm"))
        try sweep("compact \(workspace.directory)/copy.realm --force", in: workspace)
        #expect(try RealmFile(path: workspace.directory + "/copy.realm").table(named: "class_RealmTestClass2")?.objects.count == 1000)
        // 600 rows: the generator's walks, then three classes of three leaves written.
        let stopped = try sweep("generate demo \(workspace.directory)/gen.realm --rows 600 --seed 3", in: workspace)
        #expect(stopped > 9, "stopped while drawing and while writing")
        #expect(try RealmFile(path: workspace.directory + "/gen.realm").table(named: "class_RealmTestClass1")?.objects.count == 600)
        try commitsTheStagedChange(workspace)
    }

    @Test func queriesAndReads() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try Workspace()
        defer { workspace.remove() }
        try sweep("count RealmTestClass0 stringValue CONTAINS 'zz'", in: workspace)
        try sweep("find RealmTestClass1 integerValue > 5", in: workspace)
        try sweep("stats RealmTestClass2", in: workspace)
        try sweep("verify", in: workspace)
        try commitsTheStagedChange(workspace)
    }

    @Test func aRequestBeforeTheCommandStopsItAtItsFirstCheck() throws {
        guard Fixtures.requirePresent() else { return }
        let workspace = try Workspace()
        defer { workspace.remove() }
        workspace.session.cancellation = Cancellation(requested: true)
        let before = workspace.output.text
        #expect {
            try workspace.session.execute("dump")
        } throws: { error in
            if case BrowserError.interrupted = error { return true }
            return false
        }
        // The dump's opening lines are printed before its first leaf is read, no object.
        let printed = String(workspace.output.text.dropFirst(before.count))
        #expect(printed.hasPrefix("{\n  \"file_format\": 24,"))
        #expect(!printed.contains("\"_key\""), "\(printed)")
        // Commands without long loops do not look: status and commit run.
        try workspace.session.execute("status")
        #expect(workspace.output.text.contains("1. create RealmTestClass0"))
        try commitsTheStagedChange(workspace)
    }
}
