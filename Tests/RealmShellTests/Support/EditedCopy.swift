import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// A session on a fresh copy of a fixture for the schema-change suites: commands run through
/// it, and the file is checked after each commit (every byte accounted for, and `verify`'s
/// findings: none), dumped through a session of its own, and compared byte for byte.
final class EditedCopy {
    let path: String
    let session: Session
    let output = BufferedOutput()
    let key: EncryptionKey?

    init(_ fixture: String, key: EncryptionKey? = nil) throws {
        path = try FixtureCopy.make(of: fixture, prefix: "EditedCopy")
        self.key = key
        session = Session(output: output)
        try session.open(path: path, key: key)
    }

    deinit { FixtureCopy.remove(path) }

    /// Runs a command; when it committed (no transaction open), checks the file.
    func run(_ command: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try session.execute(command)
        if !session.hasOpenTransaction { try check(sourceLocation: sourceLocation) }
    }

    /// What one command prints (and it runs as `run` runs it).
    func text(of command: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let before = output.bytes.count
        try run(command, sourceLocation: sourceLocation)
        return String(decoding: output.bytes[before...], as: UTF8.self)
    }

    /// The error a refused command throws.
    func refusal(_ command: String) -> BrowserError? {
        do {
            try session.execute(command)
            return nil
        } catch {
            return error
        }
    }

    /// Every byte of the file accounted for and nothing for `verify` to report.
    func check(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = try RealmFile(path: path, key: key)
        #expect(try FileVerifier(file: file).verify().problems == [], sourceLocation: sourceLocation)
        if key == nil { _ = try SpaceAccounting.verify([UInt8](try bytes)) }
    }

    func dump() throws -> JSONValue {
        let output = BufferedOutput()
        let reader = Session(output: output)
        try reader.open(path: path, key: key)
        try reader.execute("dump")
        return try JSONParser.parse(output.text)
    }

    /// Compares the dump with `expected` and names the first difference.
    func expectDump(_ expected: ExpectedDump, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let difference = DumpComparison.firstDifference(expected: expected.value, actual: try dump())
        #expect(difference == nil, "\(difference ?? "")", sourceLocation: sourceLocation)
    }

    var bytes: Data {
        get throws { try Data(contentsOf: URL(fileURLWithPath: path)) }
    }
}
