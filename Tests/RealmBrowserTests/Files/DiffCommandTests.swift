import Foundation
import RealmInterchange
import Testing
import TestSupport

/// `realm-browser diff A B` as scripts use it: diff(1)'s exit status (0 same, 1 different,
/// 2 trouble), the report on standard output, errors on standard error; and `diff` inside `-c`,
/// where it is a command like any other (exit 0 unless it cannot compare).
@Suite("diff end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct DiffCommandTests {
    let executable = ExecutableTests()

    @Test func identicalFilesExitZero() throws {
        guard Fixtures.requirePresent() else { return }
        let species = Fixtures.realmPath("species")
        let result = try executable.run(["diff", species, species])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        // species.realm: 5 categories and 42 specimens (fixtures/README.md).
        #expect(result.standardOutput == "no differences between \(species) and \(species) (2 classes, 47 objects)\n")
    }

    /// species.realm (from `show`): Category[0] is "Birds"; Specimen[3] belongs to it. Neither
    /// class has a primary key; the six categories after the edit are keys 0...5.
    @Test func differentFilesExitOneAndListTheEdits() throws {
        guard Fixtures.requirePresent() else { return }
        let original = Fixtures.realmPath("species")
        let (directory, copy) = try ExecutableTests.workingCopy(of: "species", suite: "DiffCommand")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let edit = try executable.run([copy, "-c", """
            begin; set Category[0].name = "Aves"; create Category name = "Fungi"; set Specimen[3].category = Category[1]; commit; \
            add property Category color string?
            """])
        #expect(edit.status == 0, "\(edit.standardError)")
        let specimen = try executable.run([original, "-c", "show Specimen[3]"])
        let name = try #require(specimen.standardOutput.split(separator: "\n").first { $0.hasPrefix("  name ") })
            .split(separator: " ", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
        let key = try #require(specimen.standardOutput.split(separator: "\n").first)
        #expect(key.hasSuffix("(object key 3)"))
        let mammals = try executable.run([original, "-c", "show Category[1]"])
        #expect(mammals.standardOutput.contains("\"Mammals\"\n"))

        let result = try executable.run(["diff", original, copy])
        #expect(result.status == 1)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput == """
            --- \(original)
            +++ \(copy)
            schema:
              + property Category.color: string (optional)
            objects:
              Category:
                ~ Category[_key = 0] "Aves"
                    name  "Birds" → "Aves"
                + Category[_key = 5] "Fungi"
              Specimen:
                ~ Specimen[_key = 3] \(name ?? "")
                    category  Category[0] "Birds" → Category[1] "Mammals"
            summary:
              class     added  removed  changed  unchanged
              Category      1        0        1          4
              Specimen      0        0        1         41

            """)

        let json = try executable.run(["diff", original, copy, "--json", "--class", "Category"])
        #expect(json.status == 1)
        let document = try JSONParser.parse(json.standardOutput)
        #expect(document["identical"] == .bool(false))
        let objects = try #require(document["classes"]?.array?.first?["objects"]?.array)
        #expect(objects.map { $0["change"]?.string ?? "" } == ["changed", "added"])
        #expect(objects[1]["object"] == (try JSONParser.parse("{\"_key\": 5, \"name\": \"Fungi\", \"color\": null}")))

        // Inside -c, diff is a command like any other: it succeeded, whatever it found.
        let inScript = try executable.run([original, "-c", "diff \(copy) --class Specimen"])
        #expect(inScript.status == 0)
        #expect(inScript.standardOutput.hasPrefix("--- \(original)\n+++ \(copy)\nobjects:\n  Specimen:\n"))
        let failing = try executable.run([original, "-c", "diff \(copy) --class Specimens"])
        #expect(failing.status == 1)
        #expect(failing.standardError == "error (line 1): no class named 'Specimens'; did you mean 'Specimen'? (type 'classes' to list them)\n")
    }

    @Test func troubleExitsTwo() throws {
        guard Fixtures.requirePresent() else { return }
        let species = Fixtures.realmPath("species")
        let usage = "realm-browser: usage: realm-browser diff A B [--class CLASS] [--json] [--key-file KEYFILE | --key KEY]"
        let cases: [([String], String)] = [
            ([species], usage + "  (two files to compare)\n"),
            ([species, species, "--bogus"], usage + "  ('--bogus' is not an option of diff)\n"),
            ([species, "/nonexistent/b.realm"], "realm-browser: cannot open /nonexistent/b.realm: No such file or directory\n"),
            ([species, species, "--class", "Nope"], "realm-browser: no class named 'Nope' (type 'classes' to list them)\n"),
        ]
        for (arguments, message) in cases {
            let result = try executable.run(["diff"] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError == message)
        }
        let encrypted = try executable.run(["diff", species, EncryptedFixture.path])
        #expect(encrypted.status == 2)
        #expect(encrypted.standardError.hasPrefix("realm-browser: \(EncryptedFixture.path) is encrypted"))
    }

    @Test func encryptedFilesWithTheKeyInTheEnvironment() throws {
        guard Fixtures.requirePresent() else { return }
        let path = EncryptedFixture.path
        let result = try executable.run(["diff", path, path], environment: ["REALM_BROWSER_KEY": EncryptedFixture.hexKey])
        #expect(result.status == 0)
        #expect(result.standardOutput == "no differences between \(path) and \(path) (3 classes, 300 objects)\n")
    }

    @Test func usageMentionsDiff() throws {
        let help = try executable.run(["--help"])
        #expect(help.standardOutput.contains("       realm-browser diff A B [--class CLASS] [--json] [--key-file KEYFILE]\n"))
        #expect(help.standardOutput.contains("'realm-browser diff A B' exits like\ndiff(1): 0 when"))
        let twoFiles = try executable.run(["a.realm", "b.realm"])
        #expect(twoFiles.status == 2)
        #expect(twoFiles.standardError.contains("to compare two: realm-browser diff A B"))
    }
}
