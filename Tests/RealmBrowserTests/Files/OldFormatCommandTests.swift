import RealmShell
import Foundation
import Glibc
import Testing
import TestSupport

/// Files of formats 5 to 11 (../shared/fixtures/old-formats) through the built executable, in a
/// directory nothing may be written to: every read command works and leaves the file byte for
/// byte as it was and nothing beside it (no lock file, no image); every edit is refused with
/// one sentence. As root (CI) the directory is a tmpfs mounted read-only, so that a write would
/// fail; otherwise its permissions forbid writing.
@Suite("old formats end to end: read-only, byte-identical", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment), .serialized)
struct OldFormatCommandTests {
    let runner = ExecutableTests()

    /// A fixture, the class its read commands use, a query on it and a property to sort by.
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let className: String
        let query: String
        let sortKey: String
        var description: String { name }
        var isEncrypted: Bool { name.hasPrefix("encrypted") }
    }

    static let cases = [
        Case(name: "tasks-f9", className: "Task", query: "isCompleted == true AND name BEGINSWITH[c] 'b'", sortKey: "name"),
        Case(name: "species-f5", className: "Specimen", query: "category.name == 'Birds' SORT(name ASC)", sortKey: "created"),
        Case(name: "demo-f11", className: "RealmTestClass1", query: "ANY arrayReference.integerValue > 5000000 LIMIT(5)",
             sortKey: "doubleValue"),
        Case(name: "alltypes-f8", className: "AllTypes", query: "intList.@count > 2 OR stringOpt == nil", sortKey: "dateOpt"),
        Case(name: "encrypted-f6", className: "RealmTestClass2", query: "objectReference.boolValue == true", sortKey: "integerValue"),
    ]

    /// The statement of Realm's refusal, with the file's path and format.
    static func refusal(_ path: String, format: Int) -> String {
        "\(path) is a format-\(format) Realm file, read-only here because Realm's current engine would upgrade it in place: "
            + "'upgrade OUT' (or 'compact OUT') writes a format-24 copy that can be edited and that today's Realm SDKs open"
    }

    /// A directory holding copies of `names` that cannot be written to, and a writable one
    /// beside it for what the commands write; `body` gets both.
    func withReadOnlyCopies(_ names: [String], _ body: (_ directory: String, _ output: String) throws -> Void) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("OldFormatCommandTests-\(UUID().uuidString)").path
        let directory = base + "/ro"
        let output = base + "/out"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        defer {
            chmod(directory, 0o755)
            try? FileManager.default.removeItem(atPath: base)
        }
        let asRoot = getuid() == 0
        if asRoot {
            let mounted = try command("/bin/mount", ["-t", "tmpfs", "-o", "size=64m", "tmpfs", directory])
            try #require(mounted.status == 0, "mount: \(mounted.standardError)")
        }
        defer { if asRoot { _ = try? command("/bin/umount", [directory]) } }
        for name in names {
            try FileManager.default.copyItem(atPath: Fixtures.realmPath("old-formats/\(name)"), toPath: directory + "/\(name).realm")
        }
        try EncryptedFixture.writeKeyFile(in: output, name: "realm.key")
        if asRoot {
            let readOnly = try command("/bin/mount", ["-o", "remount,ro", directory])
            try #require(readOnly.status == 0, "remount read-only: \(readOnly.standardError)")
        } else {
            for name in names { chmod(directory + "/\(name).realm", 0o444) }
            chmod(directory, 0o555)
        }
        try body(directory, output)
    }

    func command(_ path: String, _ arguments: [String]) throws -> ExecutableTests.Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        return try ExecutableTests.collect(process, input: nil)
    }

    /// The fixture's bytes and the directory's listing are what they were.
    func expectUntouched(_ directory: String, _ names: [String], after what: String) throws {
        for name in names {
            let now = try Data(contentsOf: URL(fileURLWithPath: directory + "/\(name).realm"))
            let fixture = try Data(contentsOf: URL(fileURLWithPath: Fixtures.realmPath("old-formats/\(name)")))
            #expect(now == fixture, "\(what): \(name).realm changed")
        }
        let listing = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(listing == names.map { "\($0).realm" }.sorted(), "\(what): \(listing)")
    }

    @Test("every read command works and leaves the file byte-identical, nothing beside it", arguments: OldFormatCommandTests.cases)
    func readCommands(_ test: Case) throws {
        guard Fixtures.requirePresent() else { return }
        let other = "species-f9"
        try withReadOnlyCopies([test.name, other]) { directory, output in
            let path = directory + "/\(test.name).realm"
            let key = test.isEncrypted ? ["--key-file", output + "/realm.key"] : []
            let klass = test.className
            let statements = [
                "classes", "classes --all", "schema", "schema \(klass)", "schema --dot", "info",
                "show \(klass)", "show \(klass)[0]", "show \(klass) 0..3", "cd \(klass)[1]; show; back", "backlinks \(klass)[0]",
                "find \(klass) \(test.query)", "count \(klass) \(test.query)", "find \(klass) \(test.query); sort \(test.sortKey) desc",
                "stats \(klass)", "dump", "dump \(klass) --out \(output)/class.json", "export csv \(klass) \(output)/x.csv",
                "export json \(klass) \(output)/x.json", "find \(klass) \(test.query); export json result \(output)/r.json",
                "models swift", "models kotlin", "models ts", "verify", "verify \(path) \(key.joined(separator: " "))", "diff \(directory)/\(other).realm",
                "upgrade \(output)/upgraded.realm --force", "compact \(output)/compact.realm --force",
                "recover \(output)/recovered.realm --force", "timer on; count \(klass)",
            ]
            for statement in statements {
                let result = try runner.run(key + [path, "-c", statement], in: directory)
                #expect(result.status == 0, "\(test.name): \(statement): \(result.standardError)")
                #expect(result.standardError.hasPrefix("\(path): file format"), "\(test.name): \(statement): \(result.standardError)")
                try expectUntouched(directory, [test.name, other], after: statement)
            }
            // A watch sees its first version and no other: nothing changes the file.
            let watcher = try WatchingProcess(key + [path, "-c", "watch 0.05 count \(klass)"])
            #expect(try watcher.nextLines(2).last?.isEmpty == false)
            watcher.interrupt()
            let end = try watcher.finish()
            #expect(end.status == 0 && end.rest == ["watch stopped after 0 new versions"], "\(end.rest) \(end.errors)")
            try expectUntouched(directory, [test.name, other], after: "watch")
            // serve answers from the image, read-only.
            let server = try ServeTests.Server(path: path, key)
            let classes = try server.json("/api/classes")["classes"]?.array ?? []
            #expect(classes.contains { $0["class"]?.string == klass }, "\(classes)")
            server.process.interrupt()
            _ = try server.process.finish()
            try expectUntouched(directory, [test.name, other], after: "serve")
        }
    }

    @Test("every edit is refused with one sentence, the file untouched and no lock file made")
    func editsAreRefused() throws {
        guard Fixtures.requirePresent() else { return }
        try withReadOnlyCopies(["tasks-f9", "demo-f10"]) { directory, output in
            let path = directory + "/tasks-f9.realm"
            let csv = output + "/tasks.csv"
            try "name,notes\nx,y\n".write(toFile: csv, atomically: true, encoding: .utf8)
            let edits = [
                "set Task[0].name = \"x\"", "update Task isCompleted == false SET isCompleted = true", "create Task name = \"x\"",
                "delete Task[0]", "add class Dog (name string)", "add property Task priority int", "append TaskList[0].tasks Task[1]",
                "remove TaskList[0].tasks[0]", "move TaskList[0].tasks 0 1", "begin", "import csv \(csv) Task", "cd Task[0]; set name = \"x\"",
            ]
            for edit in edits {
                let result = try runner.run([path, "-c", edit], in: directory)
                #expect(result.status == 1, "\(edit)")
                #expect(result.standardError.hasSuffix(Self.refusal(path, format: 9) + "\n"), "\(edit): \(result.standardError)")
                try expectUntouched(directory, ["tasks-f9", "demo-f10"], after: edit)
            }
            let formatTen = try runner.run([directory + "/demo-f10.realm", "-c", "delete RealmTestClass0[0]"], in: directory)
            #expect(formatTen.standardError.contains(Self.refusal(directory + "/demo-f10.realm", format: 10)), "\(formatTen.standardError)")
            let serve = try runner.run(["serve", path, "--write", "--port", "0"], in: directory)
            #expect(serve.status == 1 && serve.standardError.contains(Self.refusal(path, format: 9)), "\(serve.standardError)")
            try expectUntouched(directory, ["tasks-f9", "demo-f10"], after: "serve --write")
        }
    }

    @Test("the image goes to $TMPDIR (or /tmp when that refuses) and leaves nothing there")
    func imageLeavesNothingBehind() throws {
        guard Fixtures.requirePresent() else { return }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("OldFormatImages-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        for name in ["demo-f9", "alltypes-f10", "tasks-f5"] {
            let result = try runner.run([Fixtures.realmPath("old-formats/\(name)"), "-c", "count metadata; dump --out /dev/null"],
                                        environment: ["TMPDIR": temporary])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty, "\(name)")
        }
        let elsewhere = try runner.run([Fixtures.realmPath("old-formats/species-f9"), "-c", "count Specimen"],
                                       environment: ["TMPDIR": temporary + "/missing"])
        #expect(elsewhere.status == 0 && elsewhere.standardOutput == "42\n", "\(elsewhere.standardError)")
    }

    @Test("info names the format and the SDKs that wrote it; help formats lists every format read")
    func infoAndHelp() throws {
        guard Fixtures.requirePresent() else { return }
        let info = try runner.run([Fixtures.realmPath("old-formats/tasks-f9"), "-c", "info"])
        #expect(info.status == 0)
        #expect(info.standardOutput.contains("file format   9 (written by Realm Cocoa 3.x-4.x, Realm Java 4.x-6.x, Realm JS 2.x-5.x, "
                                             + "Realm .NET 2.x-4.x (realm-core 4.0-5.23, 2017-2020)); read through a private format-24 copy"),
                "\(info.standardOutput)")
        #expect(info.standardOutput.contains("path          \(Fixtures.realmPath("old-formats/tasks-f9"))"))
        #expect(info.standardOutput.contains("size          8192 bytes"), "the original's size, not the image's")
        let help = try runner.run(["-c", "help formats"])
        #expect(help.status == 0)
        for (format, sdk) in [(5, "Realm Cocoa 0.101-1.1"), (6, "Realm Cocoa 2.0-2.4"), (7, "Realm Cocoa 2.5-2.10"), (8, "Realm Cocoa 3.0 betas"),
                              (9, "Realm Cocoa 3.x-4.x"), (10, "Realm Cocoa 5.0-5.3"), (11, "Realm Cocoa 5.4+")] {
            #expect(help.standardOutput.contains("\n  \(format < 10 ? " " : "")\(format)     ") && help.standardOutput.contains(sdk), "\(format)")
        }
    }
}
