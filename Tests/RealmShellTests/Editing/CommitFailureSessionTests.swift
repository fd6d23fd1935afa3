import Foundation
@testable import RealmShell
@testable import RealmFormat
@testable import RealmInterchange
import Testing
import TestSupport

/// A commit that fails in the REPL session (`FaultPlan` fails one of its system calls): the
/// error names the file and the cause, the file is untouched, and the transaction stays open
/// with its changes, so the user can commit again or roll back.
@Suite("Failed commits in a session", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct CommitFailureSessionTests {
    static func execute(_ session: Session, _ statement: String, failingCall: Int) -> BrowserError? {
        execute(session, statement, plan: FaultPlan(failingCall: failingCall, errorNumber: ENOSPC))
    }

    static func execute(_ session: Session, _ statement: String, plan: FaultPlan) -> BrowserError? {
        do {
            try FaultInjection.$plan.withValue(plan) { try session.execute(statement) }
            return nil
        } catch let error as BrowserError {
            return error
        } catch {
            return .notNow("untyped error \(error)")
        }
    }

    /// The write of the select bit (the flags byte, 23): found by its offset, since the number
    /// of calls before it follows the commit's node layout.
    static let flip = FaultPlan.Call(name: "pwrite", offset: 23)

    /// A session on a fresh copy of species.realm, and the copy's bytes before any change.
    static func openCopy() throws -> (path: String, original: Data, session: Session) {
        let path = try FixtureCopy.make(of: "species", prefix: "CommitFailureSessionTests")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let session = Session(output: BufferedOutput())
        do { try session.open(path: path) } catch {
            FixtureCopy.remove(path)
            throw error
        }
        return (path, original, session)
    }

    func name(_ path: String, key: Int64) throws -> RealmValue {
        let file = try RealmFile(path: path)
        let table = try #require(file.table(named: "class_Specimen"))
        let (leaf, row) = try #require(try table.objects.find(key: key))
        return try ColumnLeafReader(leaf: leaf, column: try #require(table.column(named: "name"))).value(at: row)
    }

    @Test func theTransactionSurvivesAFailedCommitAndCommitsAgain() throws {
        guard Fixtures.requirePresent() else { return }
        let (path, original, session) = try Self.openCopy()
        defer { FixtureCopy.remove(path) }
        let version = try #require(session.file?.top?.version)
        try session.execute("begin")
        try session.execute("set Specimen[0].name = 'First'")
        try session.execute("set Specimen[1].name = 'Second'")
        // The first call of the commit: its first node write.
        let error = try #require(Self.execute(session, "commit", failingCall: 1))
        #expect(error.description == "commit failed: \(path): No space left on device (writing the new nodes); "
                + "the file is unchanged (version \(version), \(original.count) bytes)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        #expect(session.transaction != nil && session.pendingChanges.count == 2)
        #expect(session.prompt == "realm*> ")
        // The last call: the sync after the select bit, undone as well.
        let afterFlip = FaultPlan(errorNumber: ENOSPC) { calls in
            calls.count >= 2 && calls[calls.count - 1].name == "fsync" && calls[calls.count - 2] == Self.flip
        }
        let late = try #require(Self.execute(session, "commit", plan: afterFlip))
        // The flip, the failed sync, then the undo: the flags byte written back first.
        let flipIndex = try #require(afterFlip.calls.firstIndex(of: Self.flip))
        #expect(Array(afterFlip.calls[flipIndex...].prefix(3)) == [Self.flip, .init(name: "fsync", offset: nil), Self.flip])
        #expect(late.description.contains("(flipping the select bit); the file is unchanged (version \(version), \(original.count) bytes)"),
                "\(late)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        try session.execute("commit")
        #expect(session.transaction == nil && session.pendingChanges.isEmpty)
        #expect(session.file?.top?.version == version + 1)
        #expect(try name(path, key: 0) == .string("First"))
        #expect(try name(path, key: 1) == .string("Second"))
        #expect(try FileVerifier(file: RealmFile(path: path)).verify().problems == [])
    }

    @Test func aFailedCommitCanBeRolledBack() throws {
        guard Fixtures.requirePresent() else { return }
        let (path, original, session) = try Self.openCopy()
        defer { FixtureCopy.remove(path) }
        try session.execute("begin")
        try session.execute("set Specimen[0].name = 'Dropped'")
        #expect(Self.execute(session, "commit", failingCall: 2) != nil)
        try session.execute("rollback")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        // Outside a transaction a change commits at once; a failure there leaves nothing staged.
        let error = try #require(Self.execute(session, "set Specimen[2].name = 'Lost'", failingCall: 1))
        #expect(error.description.contains("the file is unchanged"))
        #expect(session.transaction == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        try session.execute("set Specimen[2].name = 'Kept'")
        #expect(try name(path, key: 0) != .string("Dropped"))
        #expect(try name(path, key: 2) == .string("Kept"))
    }
}

extension CommitFailureSessionTests {
    /// `help commit` says what a failed commit leaves, in the words the error uses.
    @Test func helpCommitDescribesAFailedCommit() throws {
        let output = BufferedOutput()
        try Session(output: output).execute("help commit")
        #expect(output.text.hasPrefix("commit [--keep-version]\n  write the staged changes as one new version of the file"))
        #expect(output.text.contains("error: commit failed: /mnt/x.realm: No space left on device (writing the new nodes);\n"
                                     + "    the file is unchanged (version 7, 8192 bytes)\n"))
        #expect(output.text.contains("changes stay staged"))
    }
}

extension CommitFailureSessionTests {
    /// A disk that fails from the select bit on, the undo included: the outcome is uncertain,
    /// so the transaction ends and the session reads the file again; later changes commit on
    /// whatever version it holds.
    @Test func anUncertainCommitEndsTheTransaction() throws {
        guard Fixtures.requirePresent() else { return }
        let (path, _, session) = try Self.openCopy()
        defer { FixtureCopy.remove(path) }
        let version = try #require(session.file?.top?.version)
        try session.execute("begin")
        try session.execute("set Specimen[0].name = 'First'")
        try session.execute("set Specimen[1].name = 'Second'")
        var failure: Error?
        FaultInjection.$plan.withValue(FaultPlan(keepsFailing: true) { $0.last == Self.flip }) {
            do { try session.execute("commit") } catch { failure = error }
        }
        let text = try #require(failure.map { "\($0)" })
        #expect(text.hasPrefix("commit failed: \(path): Input/output error (flipping the select bit); "), "\(text)")
        #expect(text.hasSuffix("the file may hold version \(version) or \(version + 1); open it again to see which"), "\(text)")
        #expect(session.transaction == nil && session.pendingChanges.isEmpty)
        #expect(session.prompt == "realm> ")
        // The failed write never reached the file: it still holds the old version.
        #expect(session.file?.top?.version == version)
        try session.execute("set Specimen[2].name = 'After'")
        #expect(try name(path, key: 2) == .string("After"))
        #expect(try FileVerifier(file: RealmFile(path: path)).verify().problems == [])
    }
}
