import Foundation
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// An export that stops (Ctrl-C while rows are written, Ctrl-C while SQLite builds the indexes
/// and commits, an error) leaves the file that was at the target as it was and no temporary
/// file; one that finishes replaces it, keeping its permissions.
@Suite("export sqlite: all or nothing", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SQLiteExportAtomicityTests {
    static let old = Data("the export of yesterday\n".utf8)

    /// Asks for Ctrl-C once `total` objects are written: what is left is SQLite's own work
    /// (indexes, commit), which only its progress handler can stop.
    final class RequestAtEnd: ProgressListener {
        let cancellation: Cancellation
        let total: Int
        init(_ cancellation: Cancellation, total: Int) {
            self.cancellation = cancellation
            self.total = total
        }
        func update(_ done: Int) { if done == total { cancellation.request() } }
    }

    func export(_ cancellation: Cancellation, progress: ProgressListener? = nil) throws -> (ScratchDirectory, String, InterchangeError?) {
        let file = try RealmFile(path: Fixtures.realmPath("demo"))
        let directory = try ScratchDirectory()
        let target = directory.path + "/demo.sqlite"
        try Self.old.write(to: URL(fileURLWithPath: target))
        var failure: InterchangeError?
        Cancellation.running(with: cancellation) {
            do throws(InterchangeError) {
                _ = try SQLiteExporter(file: file, progress: progress ?? SilentProgress()).write(file.tables, to: target)
            } catch {
                failure = error
            }
        }
        return (directory, target, failure)
    }

    @Test(arguments: [1, 3, 10])
    func ctrlCWhileRowsAreWrittenLeavesTheOldFile(check: Int) throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, target, failure) = try export(Cancellation(requestAfterChecks: check))
        #expect(failure == .interrupted)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Self.old)
        #expect(try directory.names() == ["demo.sqlite"])
    }

    @Test func ctrlCWhileSQLiteBuildsIndexesAndCommitsLeavesTheOldFile() throws {
        guard Fixtures.requirePresent() else { return }
        let cancellation = Cancellation()
        let total = try RealmFile(path: Fixtures.realmPath("demo")).tables.reduce(0) { $0 + $1.objects.count }
        let (directory, target, failure) = try export(cancellation, progress: RequestAtEnd(cancellation, total: total))
        #expect(failure == .interrupted)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Self.old)
        #expect(try directory.names() == ["demo.sqlite"])
    }

    @Test func aFinishedExportReplacesTheFileAndKeepsItsPermissions() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("species"))
        let directory = try ScratchDirectory()
        let target = directory.path + "/species.sqlite"
        try Self.old.write(to: URL(fileURLWithPath: target))
        chmod(target, 0o600)
        let summary = try SQLiteExporter(file: file, progress: SilentProgress()).write(file.tables, to: target)
        #expect(summary.objects == 47 + 1 && summary.tables == 3, "Category, Specimen and metadata")
        #expect(try directory.names() == ["species.sqlite"])
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int == 0o600)
        #expect(try SQLiteFile(path: target).rows("SELECT COUNT(*) FROM Specimen") == [[.integer(42)]])
    }

    @Test func aTargetThatCannotBeWrittenFailsNamingIt() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("species"))
        let directory = try ScratchDirectory()
        let missing = directory.path + "/no/such/dir/out.sqlite"
        #expect(throws: InterchangeError.cannotWrite(path: missing, reason: "unable to open database file (No such file or directory)")) {
            _ = try SQLiteExporter(file: file, progress: SilentProgress()).write(file.tables, to: missing)
        }
        #expect(throws: InterchangeError.cannotWrite(path: directory.path, reason: "it exists and is not a regular file")) {
            _ = try SQLiteExporter(file: file, progress: SilentProgress()).write(file.tables, to: directory.path)
        }
        #expect(try directory.names() == [])
    }

    /// `serve`'s download: the file, whose name and directory are gone as soon as it is
    /// returned (its bytes only behind the descriptor); an interrupted one leaves nothing either.
    @Test func theBytesOfTheFileAndNothingLeft() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("species"))
        let directory = try ScratchDirectory()
        let exported = try SQLiteExporter(file: file, progress: SilentProgress()).unlinkedFile(of: file.tables, temporaryDirectory: directory.path)
        #expect(try directory.names() == [])
        let bytes = try exported.readAllAndClose()
        #expect(UInt64(bytes.count) == exported.size)
        #expect(fcntl(exported.descriptor, F_GETFD) == -1, "the descriptor is closed after reading")
        let copy = directory.path + "/copy.sqlite"
        try Data(bytes).write(to: URL(fileURLWithPath: copy))
        #expect(try SQLiteFile(path: copy).rows("SELECT name FROM Category ORDER BY _key LIMIT 2") == [[.text("Birds")], [.text("Mammals")]])
        try FileManager.default.removeItem(atPath: copy)

        var failure: InterchangeError?
        Cancellation.running(with: Cancellation(requestAfterChecks: 1)) {
            do throws(InterchangeError) {
                _ = try SQLiteExporter(file: file, progress: SilentProgress()).unlinkedFile(of: file.tables, temporaryDirectory: directory.path)
            } catch {
                failure = error
            }
        }
        #expect(failure == .interrupted)
        #expect(try directory.names() == [])
    }
}
