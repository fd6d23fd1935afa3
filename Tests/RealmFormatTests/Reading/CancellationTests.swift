import Foundation
import RealmFormat
import Testing
import TestSupport

/// The cancellation check in the loops that may take long: a request made before the loop
/// starts stops it at its first leaf; a countdown stops it at exactly that check; no current
/// cancellation checks nothing; commits are shielded. demo.realm: three classes of 1000 objects.
@Suite("Cancellation of long loops", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct CancellationTests {
    /// How many leaves `forEachLeafTyped` handed over before it stopped, and what stopped it.
    func leavesVisited(with cancellation: Cancellation?) throws -> (leaves: Int, error: RealmFormatError?) {
        // The file holds the mapping the table reads: kept alive for the walk.
        let file = try RealmFile(path: Fixtures.realmPath("demo"))
        let table = try #require(file.table(named: "class_RealmTestClass0"))
        defer { withExtendedLifetime(file) {} }
        var leaves = 0
        do {
            try Cancellation.running(with: cancellation) { () throws(RealmFormatError) in
                try table.objects.forEachLeafTyped { _ in leaves += 1 }
            }
            return (leaves, nil)
        } catch {
            return (leaves, error)
        }
    }

    @Test func aRequestBeforeTheWalkStopsItAtTheFirstLeaf() throws {
        guard Fixtures.requirePresent() else { return }
        let all = try leavesVisited(with: nil)
        #expect(all.error == nil && all.leaves == 4, "1000 objects in leaves of at most 256")
        #expect(try leavesVisited(with: Cancellation()) == (4, nil))
        let stopped = try leavesVisited(with: Cancellation(requested: true))
        #expect(stopped.leaves == 0 && stopped.error == .interrupted)
    }

    @Test func aCountdownStopsTheWalkAtThatCheck() throws {
        guard Fixtures.requirePresent() else { return }
        for check in 1...4 {
            let stopped = try leavesVisited(with: Cancellation(requestAfterChecks: check))
            #expect(stopped.leaves == check - 1 && stopped.error == .interrupted, "check \(check)")
        }
        #expect(try leavesVisited(with: Cancellation(requestAfterChecks: 5)) == (4, nil), "four leaves, four checks")
    }

    @Test func theNewFileWriterStopsAndLeavesNoFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("CancellationTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let count = 1000
        let table = NewTable(name: "class_Numbers", columns: [NewColumn(name: "n", type: .int)], keys: (0..<count).map { Int64($0) },
                             values: [(0..<count).map { .scalar(.int(Int64($0))) }], keySequence: Int64(count))
        let existing = directory + "/numbers.realm"
        try Data("kept".utf8).write(to: URL(fileURLWithPath: existing))
        for check in 1...4 {
            #expect(throws: RealmFormatError.interrupted) {
                try Cancellation.running(with: Cancellation(requestAfterChecks: check)) { () throws(RealmFormatError) in
                    try RealmFileWriter().write(tables: [table], to: existing, overwrite: true)
                }
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["numbers.realm"], "check \(check)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: existing)) == Data("kept".utf8))
        }
        try Cancellation.running(with: Cancellation(requestAfterChecks: 5)) { () throws(RealmFormatError) in
            try RealmFileWriter().write(tables: [table], to: existing, overwrite: true)
        }
        #expect(try RealmFile(path: existing).table(named: "class_Numbers")?.objects.count == count)
    }

    @Test func aCommitIsNotCancelled() throws {
        guard Fixtures.requirePresent() else { return }
        let copy = try TemporaryRealmCopy(bytes: try Fixtures.bytes("demo"), name: "demo-cancel-commit")
        defer { copy.remove() }
        let editor = try FileEditor(path: copy.path)
        let table = try #require(editor.file.table(named: "class_RealmTestClass0"))
        let integer = try #require(table.column(named: "integerValue"))
        // Deleting an object inside a table of several leaves rebuilds the tree: every leaf read.
        try editor.delete(from: table, key: 0)
        _ = try editor.create(in: table, values: [(integer, .int(77))])
        try Cancellation.running(with: Cancellation(requested: true)) { () throws(RealmFormatError) in
            _ = try editor.commit()
        }
        let file = try RealmFile(path: copy.path)
        #expect(try #require(file.table(named: "class_RealmTestClass0")).objects.count == 1000)
        #expect(FileVerifier(file: file).verify().problems.isEmpty)
    }
}
