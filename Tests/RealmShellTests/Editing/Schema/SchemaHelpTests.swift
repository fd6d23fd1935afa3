import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// `help schema` teaches every schema change by example (issue 31), and the lines it shows a
/// command printing are what the command prints on a fresh copy of the fixture it names.
@Suite("help schema", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SchemaHelpTests {
    static func help(_ topic: String) throws -> [String] {
        let output = BufferedOutput()
        try Session(output: output).execute("help \(topic)")
        return output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The example commands (indented 4) with the sample lines (indented 6) right under them.
    static func examples(in lines: [String]) -> [(command: String, samples: [String])] {
        var examples: [(command: String, samples: [String])] = []
        var previousWasExample = false
        for line in lines {
            if line.hasPrefix("      "), previousWasExample, !examples.isEmpty {
                examples[examples.count - 1].samples.append(String(line.dropFirst(6)))
            } else if line.hasPrefix("    "), !line.hasPrefix("     ") {
                let command = String(line.dropFirst(4)).components(separatedBy: "   ")[0].trimmingCharacters(in: .whitespaces)
                examples.append((command, []))
                previousWasExample = true
                continue
            }
            previousWasExample = previousWasExample && line.hasPrefix("      ")
        }
        return examples
    }

    @Test func everyCommandIsTaught() throws {
        let lines = try Self.help("schema")
        #expect(lines.first == "schema [CLASS] [--dot]")
        let commands = Self.examples(in: lines).map(\.command)
        for start in ["add class ", "add property ", "rename property ", "rename class ", "remove property ", "remove class ",
                      "change type ", "set optional ", "set required ", "set primary key ", "remove primary key ", "add index ",
                      "remove index ", "commit --keep-version"] {
            #expect(commands.contains { $0.hasPrefix(start) }, "help schema has an example of \(start)")
        }
        #expect(commands.contains { $0.hasSuffix(" --keep-version") && $0.hasPrefix("remove property ") })
        #expect(commands.contains("set required Task.notes --default \"\""))
        // The same text for 'help migrations', 'help rename' and 'help change'; 'help' points to it.
        #expect(lines[3].hasPrefix("  Changing the schema"))
        let text = Array(lines.dropFirst(3))
        for topic in ["migrations", "rename", "change type"] {
            #expect(try Self.help(topic).suffix(text.count) == text[...], "help \(topic)")
        }
        #expect(try Self.help("").joined(separator: "\n").contains("help schema"))
    }

    /// Each example on a fresh copy of species or tasks (after the example it undoes, for the
    /// three that undo one): it succeeds, or is refused with the sample's words, and prints the
    /// sample lines.
    @Test func theExamplesPrintWhatTheHelpShows() throws {
        guard Fixtures.requirePresent() else { return }
        let undoing = ["remove index Specimen.name": "add index Specimen.name",
                       "set required Task.notes --default \"\"": "set optional Task.notes",
                       "remove primary key Person": "set primary key Person.name"]
        var ran = 0
        for (command, samples) in Self.examples(in: try Self.help("schema")) where !command.hasPrefix("commit") {
            let fixture = command.contains("Task") || command.contains("Person") ? "tasks" : "species"
            let edit = try EditedCopy(fixture)
            if let first = undoing[command] { try edit.run(first) }
            if command.hasPrefix("remove class Category") {
                let refusal = try #require(edit.refusal(command))
                #expect(["\(refusal)"] == samples)
                continue
            }
            let printed = try edit.text(of: command).split(separator: "\n").map(String.init)
            ran += 1
            for (index, sample) in samples.enumerated() {
                #expect(index < printed.count && printed[index].hasPrefix(sample), "\(command): \(sample) in \(printed)")
            }
            if command.hasSuffix("--keep-version") {
                #expect(printed.last == "apps: an app opening this file needs a migration for this schema (the schema version stays 1)")
            }
            if command.hasPrefix("rename property Specimen") {
                let apps = try #require(try Self.help("schema").first { $0.hasPrefix("      apps: ") })
                #expect(printed.last == String(apps.dropFirst(6)))
            }
        }
        #expect(ran == 13)
    }
}
