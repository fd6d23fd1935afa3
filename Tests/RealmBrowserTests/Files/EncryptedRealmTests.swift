import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// Encrypted realms from the command line (issue 14): the fixture Realm encrypted opens with its
/// key in every form a user gives it, dumps exactly as Realm dumped it, answers the demo
/// schema's queries as its plain copy does, and everything we write encrypted (edits in place,
/// compacted and generated files) reads back and accounts for every byte.
@Suite("Encrypted realms", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct EncryptedRealmTests {
    let runner = ExecutableTests()

    /// A writable copy of encrypted.realm and a key file beside it.
    func workingCopy() throws -> (directory: String, file: String, keyFile: String) {
        let (directory, file) = try ExecutableTests.workingCopy(of: "encrypted", suite: "Encrypted")
        return (directory, file, try EncryptedFixture.writeKeyFile(in: directory))
    }

    @Test func theFixtureDumpsAsRealmDumpedItWithTheKeyInEveryForm() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, _, keyFile) = try workingCopy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let expected = try String(contentsOfFile: Fixtures.jsonPath("encrypted"), encoding: .utf8)
        let textKeyFile = directory + "/hex.key"
        try (EncryptedFixture.hexKey + "\n").write(toFile: textKeyFile, atomically: true, encoding: .utf8)
        let path = Fixtures.realmPath("encrypted")
        for (arguments, environment) in [([path, "--key-file", keyFile], [:]), ([path, "--key-file", textKeyFile], [:]),
                                          ([path, "--key", EncryptedFixture.hexKey], [:]),
                                          ([path], ["REALM_BROWSER_KEY": EncryptedFixture.hexKey])] {
            let result = try runner.run(arguments + ["-c", "dump"], environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput == expected, "dump with \(arguments.dropFirst().first ?? "the environment")")
        }
        // The variable may stay set for a shell session: plain files still open, with it and
        // through `open`.
        let plain = try runner.run([Fixtures.realmPath("species"), "-c", "count Category; open \(path); count RealmTestClass0"],
                                   environment: ["REALM_BROWSER_KEY": EncryptedFixture.hexKey])
        #expect(plain.status == 0 && plain.standardOutput.hasPrefix("5\n") && plain.standardOutput.hasSuffix("100\n"),
                "\(plain.standardOutput) \(plain.standardError)")
    }

    @Test func withoutOrWithAWrongKeyTheFileIsRefusedAndUntouched() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file, _) = try workingCopy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let noKey = try runner.run([file, "-c", "classes"])
        #expect(noKey.status == 1)
        #expect(noKey.standardError.contains("is encrypted") && noKey.standardError.contains("--key-file"), "\(noKey.standardError)")
        var wrong = EncryptedFixture.hexKey
        wrong.replaceSubrange(wrong.index(wrong.startIndex, offsetBy: 100)..<wrong.index(wrong.startIndex, offsetBy: 102), with: "ff")
        let wrongKey = try runner.run([file, "--key", wrong, "-c", "classes"])
        #expect(wrongKey.status == 1)
        #expect(wrongKey.standardError.contains("wrong key or damaged file"), "\(wrongKey.standardError)")
        let short = try runner.run([file, "--key", String(EncryptedFixture.hexKey.dropLast()), "-c", "classes"])
        #expect(short.standardError.contains("127 hex digits"), "\(short.standardError)")
        let badDigit = try runner.run([file, "--key", "x" + EncryptedFixture.hexKey.dropFirst(), "-c", "classes"])
        #expect(badDigit.standardError.contains("character 1 of the key is not a hex digit"), "\(badDigit.standardError)")
        // The key never shows: not in errors, not in `info`.
        let info = try runner.run([file, "--key", EncryptedFixture.hexKey, "-c", "info"])
        #expect(info.standardOutput.contains("encrypted (AES-256 + HMAC-SHA224, 4 KiB pages)"))
        for run in [noKey, wrongKey, short, badDigit, info] {
            for start in stride(from: 0, to: 120, by: 8) {
                let piece = String(Array(EncryptedFixture.hexKey)[start..<(start + 8)])
                #expect(!run.standardOutput.contains(piece) && !run.standardError.contains(piece))
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        let help = try runner.run(["--help"])
        #expect(help.standardOutput.contains("--key KEY") && help.standardOutput.contains("other users of this machine can see"))
    }

    /// Runs the demo schema's oracle queries (the text only: the data differ) on `left` and
    /// `right`, returning the object keys each gives per query.
    func queryKeys(_ path: String, key: EncryptionKey?) throws -> [String] {
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: path, key: key)
        try session.execute("mode jsonl")
        var answers: [String] = []
        let queries = Fixtures.directory.appendingPathComponent("../queries")
        let lines = try ["demo.jsonl", "demo-more.jsonl"].flatMap { name in
            try String(contentsOfFile: queries.appendingPathComponent(name).path, encoding: .utf8).split(separator: "\n")
        }
        for line in lines {
            let query = try JSONParser.parse(String(line))
            guard let className = query["class"]?.string, let text = query["query"]?.string else { continue }
            let before = output.text.count
            do { try session.execute("count \(className) \(text)") } catch { answers.append("error: \(error)"); continue }
            answers.append(String(output.text.dropFirst(before)))
        }
        return answers
    }

    @Test func queriesAnswerAsOnThePlainCopy() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file, keyFile) = try workingCopy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let plain = directory + "/plain.realm"
        let result = try runner.run([file, "--key-file", keyFile, "-c", "compact \(plain) --decrypt"])
        #expect(result.status == 0, "\(result.standardError)")
        let encrypted = try queryKeys(file, key: try EncryptedFixture.key())
        let decrypted = try queryKeys(plain, key: nil)
        #expect(encrypted.count == 34, "demo.jsonl and demo-more.jsonl")
        #expect(encrypted == decrypted)
        #expect(!encrypted.contains { $0.hasPrefix("error") })
    }

    @Test func editsCompactedAndGeneratedFilesStayEncryptedAndAccountForEveryByte() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file, keyFile) = try workingCopy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let key = try EncryptedFixture.key()
        let before = try Data(contentsOf: URL(fileURLWithPath: file)).count
        // Enough new objects to grow the file past its last page.
        let creates = (0..<300).map { "create RealmTestClass0 integerValue = \($0), stringValue = \"grown \($0)\"" }
        let script = ["set RealmTestClass1[0].stringValue = \"edited\"", "begin"] + creates + ["commit"]
        let edit = try runner.run([file, "--key-file", keyFile], input: script.joined(separator: "\n") + "\n")
        #expect(edit.status == 0, "\(edit.standardError)")
        let grown = try Data(contentsOf: URL(fileURLWithPath: file)).count
        #expect(grown > before && grown % 4096 == 0)
        let report = try SpaceAccounting.verify(try EncryptedFixture.plaintext(of: file, key: key))
        #expect(report.version == 5)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).range(of: Data("edited".utf8)) == nil, "no plaintext on disk")
        let read = try runner.run([file, "--key-file", keyFile, "--json", "-c", "count RealmTestClass0; show RealmTestClass1[0]"])
        #expect(read.standardOutput.contains("{\"count\": 400}") && read.standardOutput.contains("\"edited\""), "\(read.standardOutput)")

        let copies = try runner.run([file, "--key-file", keyFile, "-c",
                                     "compact \(directory)/same.realm; compact \(directory)/plain.realm --decrypt"])
        #expect(copies.status == 0, "\(copies.standardError)")
        _ = try SpaceAccounting.verify(try EncryptedFixture.plaintext(of: directory + "/same.realm", key: key))
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/plain.realm"))))
        let generated = try runner.run(["generate", "demo", directory + "/demo.realm", "--rows", "300", "--seed", "3", "--key-file", keyFile])
        #expect(generated.status == 0, "\(generated.standardError)")
        _ = try SpaceAccounting.verify(try EncryptedFixture.plaintext(of: directory + "/demo.realm", key: key))
        // Encrypted and plain copies hold the same objects.
        let same = try runner.run([directory + "/same.realm", "--key-file", keyFile, "-c", "dump"])
        let plain = try runner.run([directory + "/plain.realm", "-c", "dump"])
        #expect(same.status == 0 && same.standardOutput == plain.standardOutput)
        #expect(try runner.run([directory + "/demo.realm", "--key-file", keyFile, "-c", "count RealmTestClass2"]).standardOutput == "300\n")
    }

    @Test func aFlippedBitNamesItsPage() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file, keyFile) = try workingCopy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let original = try Data(contentsOf: URL(fileURLWithPath: file))
        // Data page p is at physical offset (p + 1) * 4096 in the first block.
        for page in [0, 1, 5, 12] {
            var damaged = original
            let offset = (page + 1) * 4096 + 1000 + page
            damaged[offset] ^= 0x10
            try damaged.write(to: URL(fileURLWithPath: file))
            let result = try runner.run([file, "--key-file", keyFile, "-c", "dump"])
            #expect(result.status == 1, "page \(page)")
            let expected = "encrypted page \(page) (file offset \((page + 1) * 4096)) is damaged"
            #expect(result.standardError.contains(expected), "page \(page): \(result.standardError)")
        }
    }
}

/// The kill-during-commit test of `CrashSafetyTests` on an encrypted copy: every kill leaves
/// the file decrypting to the old or the new version, accounting for every byte.
extension EncryptedRealmTests {
    /// RealmTestClass1[0]'s integerValue and stringValue, read with the key.
    func edited(_ path: String) throws -> (integer: Int64, string: String) {
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: path, key: try EncryptedFixture.key())
        try session.execute("dump RealmTestClass1")
        let object = try #require(try ExecutableTests.objects(try JSONParser.parse(output.text), "class_RealmTestClass1").first)
        return (try #require(object["integerValue"]?.int), try #require(object["stringValue"]?.string))
    }

    @Test func killedCommitsOfAnEncryptedFileLeaveTheOldOrTheNewVersion() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file, keyFile) = try workingCopy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let key = try EncryptedFixture.key()
        let script = (1...40).map { "set RealmTestClass1[0].integerValue = \($0)\nset RealmTestClass1[0].stringValue = \"run \($0)\"\n" }.joined()
        var previous = try edited(file)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<60 {
            // Up to 20 of the script's 80 commits, so a run is always cut short.
            let reached = try CrashSafetyTests().runAndKill(path: file, options: ["--key-file", keyFile], key: key, script: script,
                                                            afterCommits: Int.random(in: 1...20, using: &generator))
            #expect(try FileVersion.current(path: file, key: key).version >= reached)

            _ = try SpaceAccounting.verify(try EncryptedFixture.plaintext(of: file, key: key))
            let now = try edited(file)
            let valid = now == previous || (1...40).contains { round in
                now.integer == Int64(round) && (now.string == "run \(round)" || now.string == (round == 1 ? previous.string : "run \(round - 1)"))
            }
            #expect(valid, "\(now) after \(previous)")
            previous = now
        }
    }
}
