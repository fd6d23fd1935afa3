import Foundation
import Testing
import TestSupport

/// `dump` through the real executable: what a script redirecting `realm-browser FILE -c dump`
/// into a file gets, and the exit status it can rely on.
extension ExecutableTests {
    @Test func dumpToStandardOutputIsTheCanonicalDump() throws {
        guard Fixtures.requirePresent() else { return }
        let result = try run([Fixtures.realmPath("species"), "-c", "dump"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        let golden = try Fixtures.bytes("species", "json")
        let written = Array(result.standardOutput.utf8)
        // Compared as a Bool so that a failure reports the first differing byte, not 14 KB twice.
        let identical = written == golden
        let firstDifference = zip(written, golden).prefix { $0 == $1 }.count
        #expect(identical, "stdout differs from species.json from byte \(firstDifference) on (\(written.count) bytes, expected \(golden.count))")

        let unknown = try run([Fixtures.realmPath("species"), "-c", "dump Nope"])
        #expect(unknown.status == 1)
        #expect(unknown.standardOutput.isEmpty)
        #expect(unknown.standardError.contains("no class named 'Nope'"), "\(unknown.standardError)")

        let unwritable = try run([Fixtures.realmPath("species"), "-c", "dump --out /nonexistent-dir/x.json"])
        #expect(unwritable.status == 1)
        #expect(unwritable.standardError.contains("cannot write"), "\(unwritable.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent-dir/x.json"))
    }
}
