import Foundation
@testable import RealmFormat
import TestSupport
import Testing

/// A commit interrupted at each of its system calls (`FaultPlan` fails the k-th write,
/// truncation or sync) is undone: the error is typed and names the outcome, the file is the one
/// before byte for byte (so its size and version too) and verifies, and the same editor, its
/// changes still staged, then commits them.
@Suite("Commits that fail part-way", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct CommitFaultTests {
    /// Long enough that the commit cannot fit in the fixture's free space: the file must grow,
    /// so the undo has space to give back.
    static let longName = String(repeating: "a long name that does not fit in free space; ", count: 400)

    /// Several objects edited: three latitudes, a short and a long name.
    static func stageSpecies(_ editor: FileEditor) throws {
        let table = try #require(editor.file.table(named: "class_Specimen"))
        let latitude = try #require(table.column(named: "latitude"))
        let name = try #require(table.column(named: "name"))
        for key in Int64(0)...2 { try editor.set(.double(10 + Double(key)), column: latitude, table: table, key: key) }
        try editor.set(.string("Renamed"), column: name, table: table, key: 3)
        try editor.set(.string(longName), column: name, table: table, key: 4)
    }

    static func expectSpeciesEdited(_ path: String) throws {
        let file = try RealmFile(path: path)
        let table = try #require(file.table(named: "class_Specimen"))
        for key in Int64(0)...2 { #expect(try value(file, "class_Specimen", "latitude", key) == .double(10 + Double(key))) }
        #expect(try value(file, "class_Specimen", "name", 3) == .string("Renamed"))
        #expect(try value(file, "class_Specimen", "name", 4) == .string(longName))
        #expect(table.objects.count > 4)
        try expectVerifies(path)
    }

    static func stageEncrypted(_ editor: FileEditor) throws {
        let table = try #require(editor.file.table(named: "class_RealmTestClass0"))
        let integer = try #require(table.column(named: "integerValue"))
        let string = try #require(table.column(named: "stringValue"))
        for key in Int64(0)...3 { try editor.set(.int(1000 + key), column: integer, table: table, key: key) }
        try editor.set(.string(longName), column: string, table: table, key: 5)
    }

    static func expectEncryptedEdited(_ path: String) throws {
        let file = try RealmFile(path: path, key: try EncryptedFixture.key())
        for key in Int64(0)...3 { #expect(try value(file, "class_RealmTestClass0", "integerValue", key) == .int(1000 + key)) }
        #expect(try value(file, "class_RealmTestClass0", "stringValue", 5) == .string(longName))
        try expectVerifies(path, key: try EncryptedFixture.key())
    }

    static func value(_ file: RealmFile, _ tableName: String, _ columnName: String, _ key: Int64) throws -> RealmValue {
        let table = try #require(file.table(named: tableName))
        let (leaf, row) = try #require(try table.objects.find(key: key))
        return try ColumnLeafReader(leaf: leaf, column: try #require(table.column(named: columnName))).value(at: row)
    }

    static func expectVerifies(_ path: String, key: EncryptionKey? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let report = FileVerifier(file: try RealmFile(path: path, key: key)).verify()
        #expect(report.problems.isEmpty, "\(report.problems.map(\.description))", sourceLocation: sourceLocation)
    }

    /// Commits with `plan` bound; the error it threw, if any.
    static func commit(_ editor: FileEditor, plan: FaultPlan) -> RealmFormatError? {
        do {
            try FaultInjection.$plan.withValue(plan) { _ = try editor.commit() }
            return nil
        } catch let error as RealmFormatError {
            return error
        } catch {
            return .refusedEdit("untyped error \(error)")
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let fixture: String
        let encrypted: Bool
        var testDescription: String { fixture }
    }

    static let cases = [Case(fixture: "species", encrypted: false), Case(fixture: "encrypted", encrypted: true)]

    func key(_ testCase: Case) throws -> EncryptionKey? { testCase.encrypted ? try EncryptedFixture.key() : nil }
    func stage(_ testCase: Case, _ editor: FileEditor) throws {
        testCase.encrypted ? try Self.stageEncrypted(editor) : try Self.stageSpecies(editor)
    }
    func expectEdited(_ testCase: Case, _ path: String) throws {
        testCase.encrypted ? try Self.expectEncryptedEdited(path) : try Self.expectSpeciesEdited(path)
    }

    /// The steps of a commit, each of which must have been interrupted.
    static let steps = ["writing the new nodes", "syncing the new nodes", "writing the header's other slot", "flipping the select bit"]

    /// Fails call 1, 2, 3... of the commit until the commit makes fewer calls than the one to
    /// fail and succeeds. (The count is not fixed in advance: the order of a commit's nodes, and
    /// so how many runs of consecutive bytes it writes, follows the iteration order of hashed
    /// collections, which differs from editor to editor.) Each failed commit is checked by
    /// `check`, given the call's number, the calls made and the error.
    static func failEveryCall(of fixture: String, key: EncryptionKey?, plan: (Int) -> FaultPlan, stage: (FileEditor) throws -> Void,
                              check: (Int, FileEditor, TemporaryRealmCopy, RealmFormatError?, Comment) throws -> Void) throws -> [String] {
        let original = try Fixtures.bytes(fixture)
        var seenSteps: [String] = []
        for failing in 1... {
            let copy = try TemporaryRealmCopy(bytes: original, name: "\(fixture)-fail-\(failing)")
            defer { copy.remove() }
            let editor = try FileEditor(path: copy.path, key: key)
            try stage(editor)
            let faults = plan(failing)
            let error = commit(editor, plan: faults)
            guard faults.calls.count >= failing else {
                #expect(error == nil, "a commit whose calls all succeed: \(error.map(\.description) ?? "")")
                #expect(failing > 7, "at least the nodes, the grown end, three syncs and the header's writes")
                return seenSteps
            }
            let note = Comment(rawValue: "call \(failing) (\(faults.calls[failing - 1])) of \(faults.calls): \(error.map(\.description) ?? "no error")")
            if case let .commitFailed(_, reason, _) = error, let step = steps.first(where: { reason.hasSuffix("(\($0))") }) {
                if seenSteps.last != step { seenSteps.append(step) }
            }
            try check(failing, editor, copy, error, note)
        }
        return seenSteps
    }

    @Test(arguments: cases)
    func everyFailingCallIsUndone(_ testCase: Case) throws {
        guard Fixtures.requirePresent() else { return }
        let original = try Fixtures.bytes(testCase.fixture)
        let version = try #require(try RealmFile(path: Fixtures.realmPath(testCase.fixture), key: key(testCase)).top?.version)
        let steps = try Self.failEveryCall(of: testCase.fixture, key: key(testCase), plan: { FaultPlan(failingCall: $0, errorNumber: ENOSPC) },
                                           stage: { try stage(testCase, $0) }) { _, editor, copy, error, note in
            guard case let .commitFailed(path, reason, outcome) = error else {
                Issue.record("expected commitFailed; \(note)")
                return
            }
            #expect(path == copy.path, note)
            #expect(reason.contains("No space left on device"), note)
            #expect(outcome == .unchanged(version: version, size: original.count), note)
            #expect(error?.description.contains("the file is unchanged (version \(version), \(original.count) bytes)") == true, note)
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: copy.path))) == original, note)
            #expect(try RealmFile(path: copy.path, key: key(testCase)).top?.version == version, note)
            try Self.expectVerifies(copy.path, key: key(testCase))
            // The same editor, its changes still staged, commits them.
            let summary = try editor.commit()
            #expect(summary.version == version + 1, note)
            #expect(try Data(contentsOf: URL(fileURLWithPath: copy.path)).count > original.count, "the commit grows the file")
            try expectEdited(testCase, copy.path)
        }
        // An encrypted file's writes wait for the sync: its nodes reach the file while syncing.
        #expect(steps == (testCase.encrypted ? Array(Self.steps.dropFirst()) : Self.steps))
    }

    /// A disk that stays broken: the undo fails too. Before the select bit is written the file
    /// still reads as the old version (only its size and free space may differ) and the editor
    /// commits once the disk works again; a failure while flipping the bit is reported as
    /// uncertain, and the editor publishes nothing more.
    @Test func aDiskThatStaysBrokenKeepsTheOldVersionUntilTheFlip() throws {
        guard Fixtures.requirePresent() else { return }
        let original = try Fixtures.bytes("species")
        let version = try #require(try RealmFile(path: Fixtures.realmPath("species")).top?.version)
        let steps = try Self.failEveryCall(of: "species", key: nil, plan: { FaultPlan(failingCall: $0, keepsFailing: true) },
                                           stage: Self.stageSpecies) { _, editor, copy, error, note in
            guard case let .commitFailed(_, reason, outcome) = error else {
                Issue.record("expected commitFailed; \(note)")
                return
            }
            #expect(reason.contains("Input/output error"), note)
            if reason.hasSuffix("(flipping the select bit)") {
                #expect(outcome == .uncertain(version: version, newVersion: version + 1, undoFailure: "writing back 1 bytes at offset 23: Input/output error"), note)
                #expect(throws: RealmFormatError.self) { try editor.commit() }
                return
            }
            guard case let .oldVersionKept(old, size, undoFailure) = outcome else {
                Issue.record("expected the old version kept; \(note)")
                return
            }
            #expect(old == version && size == original.count, note)
            #expect(undoFailure == "truncating back to \(original.count) bytes: Input/output error", note)
            #expect(try RealmFile(path: copy.path).top?.version == version, note)
            try Self.expectVerifies(copy.path)
            try editor.commit()
            try Self.expectSpeciesEdited(copy.path)
        }
        #expect(steps == Self.steps)
    }
}
