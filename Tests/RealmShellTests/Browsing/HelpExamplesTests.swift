@testable import RealmShell
import Foundation
import RealmFormat
@testable import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// `help verify` and `help import` teach by example, and what they show a command printing is
/// what it prints: the sample lines are compared with runs on the fixtures (`help diff` is
/// checked in `DiffTests`).
@Suite("help examples", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct HelpExamplesTests {
    static func help(_ topic: String) throws -> [String] {
        let output = BufferedOutput()
        try Session(output: output).execute("help \(topic)")
        return output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func verifyTeachesByExample() throws {
        guard Fixtures.requirePresent() else { return }
        let lines = try HelpExamplesTests.help("verify")
        #expect(Array(lines.prefix(6)) == [
            "verify [FILE] [--json] [--key-file KEYFILE]",
            "  check the whole file's structure (nodes, free space, trees, values, backlinks, indexes): OK, or every problem and where",
            "  verify                          the open file: OK, or one line per problem",
            "  verify other.realm              another file (encrypted: --key-file KEYFILE or REALM_BROWSER_KEY)",
            "  verify --json                   one JSON document: {\"file\":…,\"ok\":true,\"problemCount\":0,…,\"problems\":[]}",
            "  realm-browser verify app.realm  from the shell; exit status 0 sound, 1 problems found or unreadable",
        ])
        // A sound file, as verify prints species.realm.
        #expect(lines.contains("    species.realm: 3 tables, 48 objects, 99 nodes, 5 free entries, version 3"))
        let (session, output) = try FileSession.open(Fixtures.realmPath("species"))
        try session.execute("verify")
        #expect(output.text == "OK\n\(Fixtures.realmPath("species")): 3 tables, 48 objects, 99 nodes, 5 free entries, version 3\n")
        // The damaged file's lines are those VerifyChecksTests and VerifyCrossChecksTests assert.
        #expect(lines.contains("    [space] offset 352: bytes 352..<360 belong to no node and no free entry"))
        #expect(lines.contains("    [backlinks] table class_Category, object key 0: 7 link(s) from class_Specimen.category, 8 backlink(s)"))
        #expect(lines.contains("    [metadata] the file has classes but no metadata table (the schema version)"))
        let text = lines.joined(separator: "\n")
        for check in VerificationProblem.Check.allCases {
            #expect(text.contains(check == .space ? "space (" : check.rawValue), "help verify names the \(check.rawValue) check")
        }
    }

    /// The sample report is history.realm with its second Note leaf unreadable.
    @Test func recoverTeachesByExample() throws {
        guard Fixtures.requirePresent() else { return }
        let lines = try HelpExamplesTests.help("recover")
        #expect(lines.contains("  recover broken.realm saved.realm          a file that may not even open (its header damaged)"))
        let damaged = try FixtureCopy.make(of: "history", prefix: "HelpExamples-recover")
        let saved = damaged + ".saved.realm"
        defer { [damaged, saved].forEach(FixtureCopy.remove) }
        let (ref, _) = try RecoverDamage.leaf(1, of: "class_Note", in: damaged)
        try RecoverDamage.patch(damaged, at: ref, with: RecoverDamage.unreadableHeader)
        let output = BufferedOutput()
        // Written, but not everything: the command fails so that a script sees the loss.
        expectError(.notNow(mentioning: "\(saved) holds", "176 objects", "could not be recovered")) {
            try Session(output: output).execute("recover \(damaged) \(saved)")
        }
        let printed = output.text.split(separator: "\n").map(String.init)
        #expect(printed.first == "recovered \(damaged) into \(saved): version 302, file format 24, from the header's top array")
        #expect(lines.contains("    recovered broken.realm into saved.realm: version 302, file format 24, from the header's top array"))
        for sample in ["Note     │   328 │          176 │           0 │          0 │", "Note: 176 of the 504 objects its tree counts were in parts of it that could not be read",
                       "Note: the objects under child 1 of the inner node at offset 44272 could not be read: "] {
            #expect(lines.contains { $0.hasPrefix("    " + sample) }, "\(sample)")
            #expect(printed.contains { $0.hasPrefix(sample) }, "\(printed)")
        }
    }

    @Test func importTeachesByExample() throws {
        guard Fixtures.requirePresent() else { return }
        let lines = try HelpExamplesTests.help("import json")
        #expect(Array(lines.prefix(6)) == [
            "import csv|json FILE CLASS [--skip-bad] [--primary PROPERTY]",
            "  add objects from a CSV or JSON file to a class (types from its schema), or to a new class (types inferred)",
            "  import csv dogs.csv Dog                        into class Dog, each field read as its schema says",
            "  import json dogs.json Dog                      what 'export json Dog dogs.json' writes (or its \"Dog\" member)",
            "  import json fungi.json Fungus --primary name   a new class, types inferred and reported",
            "  import csv dogs.csv Dog --skip-bad             the valid rows only; the bad ones are listed",
        ])
        let refusal = [
            "    cannot use categories.json: 1 bad record, nothing imported ('--skip-bad' imports the valid records):",
            "      record 2 (line 3): name: expected a string, got 5",
        ]
        let created = [
            "    new class Fungus (name string primary, edible bool), types inferred from fungi.json",
            "    imported 2 objects into new class Fungus  (committed version 4, 800 bytes written)",
        ]
        #expect(lines.firstRange(of: refusal) != nil)
        #expect(lines.firstRange(of: created) != nil)

        // The same files imported into a copy of species.realm print those lines.
        let workspace = try ExportWorkspace("HelpExamplesTests")
        let realm = workspace.path("species.realm")
        try FileManager.default.copyItem(atPath: Fixtures.realmPath("species"), toPath: realm)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: realm)
        try "[\n  {\"name\": \"Fungi\"},\n  {\"name\": 5}\n]\n"
            .write(toFile: workspace.path("categories.json"), atomically: true, encoding: .utf8)
        try "[\n  {\"name\": \"Puffball\", \"edible\": true},\n  {\"name\": \"Death cap\", \"edible\": false}\n]\n"
            .write(toFile: workspace.path("fungi.json"), atomically: true, encoding: .utf8)
        let (session, output) = try workspace.session(realm)
        let shown = { (help: [String]) in help.map { String($0.dropFirst(4)) } }
        expectError(.invalidInput(path: workspace.path("categories.json"), reasonMentioning: "1 bad record", "record 2 (line 3)")) {
            do {
                try session.execute("import json \(workspace.path("categories.json")) Category")
            } catch {
                #expect("\(error)" == shown(refusal).joined(separator: "\n")
                        .replacingOccurrences(of: "categories.json", with: workspace.path("categories.json")))
                throw error
            }
        }
        try session.execute("import json \(workspace.path("fungi.json")) Fungus --primary name")
        #expect(output.text == shown(created).joined(separator: "\n")
                .replacingOccurrences(of: "fungi.json", with: workspace.path("fungi.json")) + "\n")
        try workspace.verify(realm)
    }
}
