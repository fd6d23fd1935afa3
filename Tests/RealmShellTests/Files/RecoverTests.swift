import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// `recover` against Realm's own files and its own dumps: an undamaged file recovers to a file
/// that dumps exactly like Realm's dump; a damaged copy recovers to a file `verify` passes,
/// holding exactly the objects the report says were saved, each as Realm's dump has it (less
/// what the report says was lost, as Realm would show it after deleting the lost objects).
@Suite("Recovering damaged files", .serialized)
struct RecoverTests {
    static let fixtures = ["species", "tasks", "demo", "history", "alltypes"]

    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("RecoverTests-\(UUID().uuidString)-\(name)").path
    }

    /// Runs `recover FILE OUT` in a session with no file open; returns what it printed and
    /// the error it ended with (a recovery with losses writes OUT, then fails).
    func recover(_ path: String, into output: String) -> (text: String, error: BrowserError?) {
        let buffer = BufferedOutput()
        let session = Session(output: buffer)
        do {
            try session.execute("recover \(path) \(output)")
            return (buffer.text, nil)
        } catch {
            return (buffer.text, error)
        }
    }

    func expectSound(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try FileVerifier(file: RealmFile(path: path)).verify().problems == [], sourceLocation: sourceLocation)
    }

    /// Objects per table of a dump, by key.
    func objects(_ dump: JSONValue) -> [String: [Int64: JSONValue]] {
        var result: [String: [Int64: JSONValue]] = [:]
        for table in dump["tables"]?.array ?? [] {
            guard let name = table["name"]?.string else { continue }
            var byKey: [Int64: JSONValue] = [:]
            for object in table["objects"]?.array ?? [] { if let key = object["_key"]?.int { byKey[key] = object } }
            result[name] = byKey
        }
        return result
    }

    @Test("an undamaged fixture recovers in full and dumps exactly like Realm's dump", arguments: fixtures + ["big"])
    func undamagedRecoversInFull(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let output = temporaryPath("\(fixture).realm")
        defer { FixtureCopy.remove(output) }
        let (text, error) = recover(Fixtures.realmPath(fixture), into: output)
        #expect(error == nil)
        #expect(text.hasPrefix("recovered \(Fixtures.realmPath(fixture)) into \(output): version "))
        #expect(text.contains("everything was recovered: "))
        try expectSound(output)
        #expect(try FileSession.dump(output) == (try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))))
    }

    @Test("an encrypted fixture recovers with its key into an encrypted file")
    func encryptedRecoversWithItsKey() throws {
        guard Fixtures.requirePresent() else { return }
        let output = temporaryPath("encrypted.realm")
        defer { FixtureCopy.remove(output) }
        let salvage = try FileSalvager(path: EncryptedFixture.path, key: EncryptedFixture.key()).salvage()
        #expect(salvage.report.isComplete)
        try RealmFileWriter().write(tables: salvage.tables, to: output, key: EncryptedFixture.key())
        let buffer = BufferedOutput()
        let session = Session(output: buffer)
        try session.open(path: output, key: EncryptedFixture.key())
        try session.execute("dump")
        #expect(try JSONParser.parse(buffer.text) == (try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("encrypted"))))
    }

    /// A page of encrypted.realm fails authentication: recovery reads it as zeros, loses what
    /// was on it (at least a leaf of RealmTestClass1), and saves the rest into a file that verifies; a wrong key opens nothing.
    @Test("a damaged encrypted page is read as zeros and the rest recovered; a wrong key is still refused")
    func damagedEncryptedPage() throws {
        guard Fixtures.requirePresent() else { return }
        let damaged = try FixtureCopy.make(of: "encrypted", prefix: "RecoverTests-page")
        let output = temporaryPath("encrypted.realm")
        defer { FixtureCopy.remove(damaged); FixtureCopy.remove(output) }
        let key = try EncryptedFixture.key()
        // The page holding RealmTestClass1's first leaf.
        let file = try RealmFile(path: damaged, key: key)
        var leafRef = 0
        try file.table(named: "class_RealmTestClass1")?.objects.forEachLeaf { leaf in if leafRef == 0 { leafRef = leaf.nodeRef } }
        let page = leafRef / EncryptedLayout.pageSize
        let entry = EncryptedLayout.ivEntryOffset(page: page) + 4
        let original = try Data(contentsOf: URL(fileURLWithPath: damaged))
        try RecoverDamage.patch(damaged, at: entry, with: [original[entry] ^ 0x80])
        let salvage = try FileSalvager(path: damaged, key: key).salvage()
        #expect(page > 0 && salvage.report.damagedPages == [page])
        #expect(!salvage.report.isComplete)
        try RealmFileWriter().write(tables: salvage.tables, to: output, key: key)
        #expect(try FileVerifier(file: RealmFile(path: output, key: key)).verify().problems == [])
        let written = try RealmFile(path: output, key: key)
        for saved in salvage.report.classes {
            #expect(written.tables.first { ($0.className ?? $0.name) == saved.name }?.objects.count == saved.savedObjects, "\(saved.name)")
        }
        let lostClass = try #require(salvage.report.classes.first { $0.name == "RealmTestClass1" })
        #expect(lostClass.savedObjects < 100 && salvage.report.savedObjects > 0)
        #expect(throws: RealmFormatError.self) { try FileSalvager(path: damaged, key: try EncryptedFixture.alteredKey(byte: 0)).salvage() }
    }

    @Test("a zeroed header: the newest top array is found by searching, and everything in it recovered", arguments: fixtures)
    func zeroedHeaderIsSearchedPast(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let damaged = try FixtureCopy.make(of: fixture, prefix: "RecoverTests-header")
        let output = temporaryPath("\(fixture).realm")
        defer { FixtureCopy.remove(damaged); FixtureCopy.remove(output) }
        try RecoverDamage.patch(damaged, at: 0, with: [UInt8](repeating: 0, count: 24))
        let (text, error) = recover(damaged, into: output)
        #expect(text.contains("header: not a Realm file (or an encrypted one): bytes 16..19 are not the mnemonic \"T-DB\""))
        #expect(text.contains("(found by search)"))
        guard case let .notNow(message)? = error else {
            Issue.record("a recovery from a damaged header must fail the command, got \(String(describing: error))")
            return
        }
        #expect(message.hasSuffix("the header was damaged: version \(try RealmFile(path: Fixtures.realmPath(fixture)).top?.version ?? -1) is the newest found in the file, perhaps not the last committed (see above)"))
        try expectSound(output)
        #expect(try FileSession.dump(output) == (try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))))
    }

    @Test("a file that is not a Realm file anywhere is refused, and nothing is written")
    func nothingReadableIsRefused() throws {
        let junk = temporaryPath("junk.realm")
        let output = temporaryPath("out.realm")
        defer { FixtureCopy.remove(junk); FixtureCopy.remove(output) }
        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: junk))
        let (_, error) = recover(junk, into: output)
        #expect(error?.description.contains("no readable top array was found in the file") == true)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("recover refuses to write over the file it recovers")
    func refusesToOverwriteTheSource() throws {
        guard Fixtures.requirePresent() else { return }
        let copy = try FixtureCopy.make(of: "species", prefix: "RecoverTests-self")
        defer { FixtureCopy.remove(copy) }
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let (_, error) = recover(copy, into: copy)
        guard case let .cannotWrite(path, reason)? = error else {
            Issue.record("expected a refusal, got \(String(describing: error))")
            return
        }
        #expect(path == copy && reason == "that is the file being recovered; recover always writes a new file")
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    }
}
