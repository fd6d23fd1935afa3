import Foundation
import RealmFormat
import Testing
import TestSupport

/// `realm-browser recover FILE OUT` as scripts use it: exit 0 and the per-class table when
/// everything was saved; exit 1 when OUT was written with losses (or from a damaged header),
/// each named; one JSON document with `--json`; REPL form on the open file; encrypted files.
@Suite("recover", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct RecoverCommandTests {
    let executable = ExecutableTests()

    func temporaryPath(_ name: String) -> String { NSTemporaryDirectory() + "recover-\(UUID().uuidString)-\(name)" }

    @Test func anUndamagedFileRecoversInFull() throws {
        let output = temporaryPath("tasks.realm")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let source = Fixtures.realmPath("tasks")
        let result = try executable.run(["recover", source, output])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == """
            recovered \(source) into \(output): version 4, file format 24, from the header's top array
            class    │ saved │ lost objects │ lost values │ lost links │ dropped properties
            ─────────┼───────┼──────────────┼─────────────┼────────────┼───────────────────
            metadata │     1 │            0 │           0 │          0 │ \("")
            BankInfo │     6 │            0 │           0 │          0 │ \("")
            Car      │     4 │            0 │           0 │          0 │ \("")
            Person   │     5 │            0 │           0 │          0 │ \("")
            Task     │    26 │            0 │           0 │          0 │ \("")
            TaskList │     5 │            0 │           0 │          0 │ \("")
            everything was recovered: 47 objects

            """)
        let verified = try executable.run(["verify", output])
        #expect(verified.status == 0 && verified.standardOutput.hasPrefix("OK\n"))
    }

    @Test func aDamagedHeaderIsSearchedPastAndTheCommandFails() throws {
        var bytes = try Fixtures.bytes("tasks")
        bytes[16] = 0
        let damaged = temporaryPath("damaged.realm")
        let output = temporaryPath("out.realm")
        defer { [damaged, output].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let result = try executable.run(["recover", damaged, output])
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("""
            recovered \(damaged) into \(output): version 4, file format 24, from the top array at offset 4936 (found by search)
            header: not a Realm file (or an encrypted one): bytes 16..19 are not the mnemonic "T-DB"

            """), "\(result.standardOutput)")
        #expect(result.standardError.contains("\(output) holds 47 objects; the header was damaged: version 4 is the newest found in the file, perhaps not the last committed"))
        // The damaged file is never written.
        #expect(try Data(contentsOf: URL(fileURLWithPath: damaged)) == Data(bytes))
        #expect(try executable.run(["verify", output]).status == 0)
        #expect(try executable.run([output, "-c", "count Task"]).standardOutput == "26\n")

        let json = try executable.run(["recover", damaged, output, "--force", "--json"])
        #expect(json.status == 1)
        #expect(json.standardOutput.hasPrefix("{\"file\":\"\(damaged)\",\"output\":\"\(output)\",\"complete\":false,\"source\":\"found by search\",\"topRef\":4936,\"version\":4,"))
        #expect(json.standardOutput.contains("{\"name\":\"Task\",\"saved\":26,\"expected\":26,\"lostObjects\":0,\"lostValues\":0,\"lostLinks\":0,\"droppedProperties\":[],\"tableLost\":null,\"reasons\":[]}"))
    }

    @Test func theOpenFileRecoversFromTheREPLAndAnExistingOutputIsKept() throws {
        let output = temporaryPath("species.realm")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let first = try executable.run([Fixtures.realmPath("species"), "-c", "recover \(output)"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.hasSuffix("everything was recovered: 48 objects\n"))
        let again = try executable.run([Fixtures.realmPath("species"), "-c", "recover \(output)"])
        #expect(again.status == 1)
        #expect(again.standardError.contains("--force"), "\(again.standardError)")
    }

    @Test func anEncryptedFileRecoversWithItsKeyIntoAnEncryptedFile() throws {
        let output = temporaryPath("encrypted.realm")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let key = ["REALM_BROWSER_KEY": EncryptedFixture.hexKey]
        let result = try executable.run(["recover", Fixtures.realmPath("encrypted"), output], environment: key)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasSuffix("everything was recovered: 301 objects\n"))
        #expect(try executable.run(["verify", output]).standardError.contains("is encrypted"))
        #expect(try executable.run(["verify", output], environment: key).status == 0)
    }
}
