import Foundation
import RealmInterchange
import Testing
import TestSupport

/// The shell's own flags and commands through the built executable: --version, --help, help
/// topics, -f scripts, --bail, multi-line input, models and schema --dot.
@Suite("realm-browser shell end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ShellCommandTests {
    let executable = ExecutableTests()

    func run(_ arguments: [String], input: String? = nil) throws -> ExecutableTests.Run {
        try executable.run(arguments, input: input)
    }

    func temporaryFile(_ name: String, _ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("realm-browser-shell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func versionAndHelpFlags() throws {
        let version = try run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput == "realm-browser 0.1.0\n")
        let help = try run(["-h"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("  -f, --file SCRIPT "))
        #expect(help.standardOutput.contains("  --bail "))
        let missing = try run(["-f"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("-f needs a value"))
    }

    @Test func helpTopicsFromTheCommandLine() throws {
        guard Fixtures.requirePresent() else { return }
        let path = Fixtures.realmPath("species")
        for (topic, expected) in [("", "Commands:\n"), ("commands", "  models swift|kotlin|java|js|ts|csharp [CLASS]"),
                                  ("queries", "find Specimen name BEGINSWITH [c] $0 SORT(name ASC) \"ba\""),
                                  ("literals", "uuid(3b241101-e2bb-4255-8caf-4136c566a962)"),
                                  ("transactions", "rollback"), ("scripts", "realm-browser app.realm --bail -f fixes.txt"),
                                  ("schema", "schema [CLASS] [--dot]")] {
            let result = try run([path, "-c", "help \(topic)"])
            #expect(result.status == 0, "help \(topic)")
            #expect(result.standardOutput.contains(expected), "help \(topic)")
        }
        let unknown = try run([path, "-c", "help transactoins"])
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("did you mean 'transactions'?"))
    }

    /// Every find in 'help queries' runs on the fixture that has its class; only the tutorial
    /// classes no fixture has (Dog, Company) are left out, and they are named here.
    @Test func queryHelpExamplesRun() throws {
        guard Fixtures.requirePresent() else { return }
        let help = try run(["-c", "help queries"]).standardOutput
        let fixtures = ["Specimen": "species", "Category": "species", "Task": "tasks", "TaskList": "tasks", "Person": "tasks", "BankInfo": "tasks",
                        "AllTypes": "alltypes", "Target": "alltypes", "Item": "big", "RealmTestClass1": "demo"]
        var notRun: Set<String> = []
        var ran = 0
        for line in help.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("find ") else { continue }
            // The example ends where the explanation starts (two or more spaces, then text).
            let command = String(trimmed.split(separator: "   ").first ?? trimmed).trimmingCharacters(in: .whitespaces)
            let className = String(command.split(separator: " ")[1])
            guard let fixture = fixtures[className] else { notRun.insert(className); continue }
            let result = try run([Fixtures.realmPath(fixture), "-c", command])
            #expect(result.status == 0, "\(command): \(result.standardError)")
            ran += 1
        }
        #expect(notRun == ["Dog", "Company"])
        #expect(ran >= 20)
    }

    @Test func scriptFilesWithCommentsAndMultiLineStatements() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species"))
        let specimens = try #require(dump["tables"]?.array?.first { $0["class"]?.string == "Specimen" }?["objects"]?.array)
        // Names starting with "ba" in any case, north of latitude 50, counted from the dump.
        let expected = specimens.filter { object in
            let name = object["name"]?.string?.lowercased() ?? ""
            let latitude = Double(object["latitude"]?["$double"]?.string ?? "") ?? 0
            return name.hasPrefix("ba") && latitude > 50
        }.count
        #expect(expected == 2)
        let script = try temporaryFile("count.txt", """
        # Specimens of the tutorial's search, north of 50 degrees
        count Specimen name BEGINSWITH[c] 'ba' AND (
            latitude > 50)
        count Specimen \\
            latitude > 50 AND name BEGINSWITH[c] 'ba'
        show Nope
        count Category

        """)
        let result = try run([Fixtures.realmPath("species"), "-f", script])
        #expect(result.standardOutput == "\(expected)\n\(expected)\n5\n")
        #expect(result.status == 1)
        #expect(result.standardError == "error (\(script), line 6): no class named 'Nope' (type 'classes' to list them)\n")
    }

    @Test func bailStopsAtTheFirstError() throws {
        guard Fixtures.requirePresent() else { return }
        let path = Fixtures.realmPath("species")
        let bail = try run([path, "--bail", "-c", "count Category; show Nope; count Specimen"])
        #expect(bail.status == 1)
        #expect(bail.standardOutput == "5\n")
        let goOn = try run([path, "-c", "count Category; show Nope; count Specimen"])
        #expect(goOn.status == 1)
        #expect(goOn.standardOutput == "5\n42\n")
        let piped = try run([path, "--bail"], input: "count Category\nfind Specimen name ==\ncount Specimen\n")
        #expect(piped.status == 1)
        #expect(piped.standardOutput == "5\n")
        #expect(piped.standardError.hasPrefix("error (line 2): invalid query"))
        let script = try temporaryFile("bail.txt", "count Category\nshow Nope\ncount Specimen\n")
        let file = try run([path, "--bail", "-c", "count Category", "-f", script])
        #expect(file.standardOutput == "5\n5\n", "-c first, then the script up to its error")
        #expect(file.status == 1)
        let fine = try run([path, "--bail", "-f", try temporaryFile("ok.txt", "count Category\n")])
        #expect(fine.status == 0)
        #expect(fine.standardOutput == "5\n")
    }

    @Test func missingScriptFails() throws {
        guard Fixtures.requirePresent() else { return }
        let result = try run([Fixtures.realmPath("species"), "-c", "count Category", "-f", "/nonexistent/script.txt"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty, "nothing runs when a script cannot be read")
        #expect(result.standardError.contains("cannot use /nonexistent/script.txt: cannot read the script"))
    }

    @Test func pipedInputJoinsContinuedLines() throws {
        guard Fixtures.requirePresent() else { return }
        let result = try run([Fixtures.realmPath("tasks")], input: "count Task isCompleted == true AND (\nname != '')\ncount TaskList\n")
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("tasks"))
        let tasks = try #require(dump["tables"]?.array?.first { $0["class"]?.string == "Task" }?["objects"]?.array)
        let completed = tasks.filter { $0["isCompleted"]?.bool == true && $0["name"]?.string != "" }.count
        #expect(completed == 12)
        #expect(result.standardOutput == "\(completed)\n5\n")
        #expect(result.status == 0)
    }

    @Test func modelsFromTheCommandLine() throws {
        guard Fixtures.requirePresent() else { return }
        let result = try run([Fixtures.realmPath("species"), "-c", "models swift"])
        #expect(result.status == 0)
        // species.json: Category { name }, Specimen { name, specimenDescription, latitude,
        // longitude, created, category -> Category? }; Category is linked from Specimen.category.
        #expect(result.standardOutput == """
        // Realm models for species.realm, written by realm-browser from the file's schema.
        import Foundation
        import RealmSwift

        class Category: Object {
            @Persisted var name: String
            @Persisted(originProperty: "category") var specimens: LinkingObjects<Specimen>
        }

        class Specimen: Object {
            @Persisted var name: String
            @Persisted var specimenDescription: String
            @Persisted var latitude: Double
            @Persisted var longitude: Double
            @Persisted var created: Date
            @Persisted var category: Category?
        }

        """)
        let kotlin = try run([Fixtures.realmPath("species"), "-c", "models kotlin Category"])
        #expect(kotlin.standardOutput.contains("    val specimens: RealmResults<Specimen> by backlinks(Specimen::category)\n"))
        let bad = try run([Fixtures.realmPath("species"), "-c", "models cobol"])
        #expect(bad.status == 1)
        #expect(bad.standardError.contains("unknown language 'cobol'"))
    }

    @Test func schemaDotPipesIntoGraphviz() throws {
        guard Fixtures.requirePresent() else { return }
        let result = try run([Fixtures.realmPath("tasks"), "-c", "schema --dot"])
        #expect(result.status == 0)
        let graph = try DotGraph(parsing: result.standardOutput)
        #expect(Set(graph.nodes.keys) == ["BankInfo", "Car", "Person", "Task", "TaskList"])
        #expect(graph.edges.contains { $0.from == "Person" && $0.to == "BankInfo" && $0.attributes["label"] == "banks (list)" })
        #expect(graph.edges.contains { $0.from == "Car" && $0.to == "Person" && $0.attributes["label"] == "owner" })
        #expect(graph.edges.contains { $0.from == "Task" && $0.to == "TaskList" && $0.attributes["style"] == "dashed" })
        // `realm-browser tasks.realm -c 'schema --dot' | dot -Tpng > schema.png` (scripts/test.sh installs Graphviz).
        let dot = try #require(["/usr/bin/dot", "/usr/local/bin/dot"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }),
                               "Graphviz's dot is needed")
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString).png").path
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "\"$0\" \"$1\" -c 'schema --dot' | \"$2\" -Tpng > \"$3\"",
                           ExecutableTests.executable.path, Fixtures.realmPath("tasks"), dot, png]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: png)))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG image")
        try? FileManager.default.removeItem(atPath: png)
    }
}
