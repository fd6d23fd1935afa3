import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// `load` is the inverse of `dump`: loading Realm's own dump of a fixture and dumping the new
/// file gives the fixture's JSON back, byte for byte.
@Suite("Load a dump")
struct LoadDumpTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("LoadDumpTests-\(UUID().uuidString)-\(name)").path
    }

    func run(_ command: String, on path: String? = nil) throws -> String {
        let output = BufferedOutput()
        let session = Session(output: output)
        if let path { try session.open(path: path) }
        try session.execute(command)
        return output.text
    }

    static var packageRoot: URL { Fixtures.packageRoot }

    @Test("dump, load and dump again gives Realm's dump back", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment),
          arguments: ["species", "tasks", "demo", "history", "alltypes"])
    func roundTrip(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let copy = temporaryPath("\(fixture).realm")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        #expect(try run("load \(Fixtures.jsonPath(fixture)) \(copy)").hasPrefix("wrote \(copy)"))
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: copy))))
        let expected = try String(contentsOfFile: Fixtures.jsonPath(fixture), encoding: .utf8)
        #expect(try run("dump", on: copy) == expected)
    }

    @Test func committedSamplesAreWhatTheCommandsWrite() throws {
        let samples = Self.packageRoot.appendingPathComponent("samples")
        let species = temporaryPath("species.realm")
        let demo = temporaryPath("demo.realm")
        defer {
            try? FileManager.default.removeItem(atPath: species)
            try? FileManager.default.removeItem(atPath: demo)
        }
        _ = try run("load \(samples.appendingPathComponent("species.json").path) \(species)")
        #expect(try run("dump", on: species) == run("dump", on: samples.appendingPathComponent("species.realm").path))
        #expect(try run("dump", on: species) == String(contentsOf: samples.appendingPathComponent("species.json"), encoding: .utf8))
        _ = try run("generate demo \(demo) --seed 1")
        #expect(try run("dump", on: demo) == run("dump", on: samples.appendingPathComponent("demo.realm").path))
    }

    @Test func invalidDumpsAreRejectedWithTheirPlace() throws {
        let bad = temporaryPath("bad.json")
        let target = temporaryPath("bad.realm")
        defer { try? FileManager.default.removeItem(atPath: bad) }
        try Data("""
        {"tables": [{"name": "class_A", "columns": [{"name": "n", "type": "int", "nullable": false, "collection": null}],
                     "objects": [{"_key": 0, "n": "seven"}]}]}
        """.utf8).write(to: URL(fileURLWithPath: bad))
        expectError(.invalidInput(path: bad, reasonMentioning: "class_A[_key = 0].n"), "a string in an int column must be rejected") {
            try run("load \(bad) \(target)")
        }
        #expect(!FileManager.default.fileExists(atPath: target))
        expectError(.invalidInput(path: "/nonexistent/x.json", reasonMentioning: "the dump", "no such file")) {
            try run("load /nonexistent/x.json \(target)")
        }
    }
}
