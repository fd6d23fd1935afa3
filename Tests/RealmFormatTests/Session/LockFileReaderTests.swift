import Foundation
import Glibc
import RealmFormat
import TestSupport
import Testing

/// Joining a running Realm app's session as a reader (realm-file-format.md §10.1).
///
/// The lock file is shared with the app, so the reader must touch exactly the two counters a
/// realm-core reader touches and give them back: every test compares the lock file's bytes
/// before, during and after, not only the counters.
@Suite("Lock file reader", .serialized)
struct LockFileReaderTests {
    private let participantsRange = SharedInfoLayout.numParticipants..<(SharedInfoLayout.numParticipants + 4)

    private func countRange(_ entry: Int) -> Range<Int> {
        let start = SharedInfoLayout.entryOffset(entry) + SharedInfoLayout.Entry.countFrozen
        return start..<(start + 4)
    }

    /// Offsets where `a` and `b` differ (files of equal length), or nil when the lengths differ.
    private func differences(_ a: [UInt8], _ b: [UInt8]) -> [Int]? {
        guard a.count == b.count else { return nil }
        return a.indices.filter { a[$0] != b[$0] }
    }

    @Test func joiningCountsUsInAndPinsTheNewestAndChangesNothingElse() throws {
        let app = try LockFileInitiator(participants: 2, versions: [(5, 1024, 4096), (6, 2048, 8192), (7, 3072, 8192)])
        defer { app.remove() }
        let before = app.fileBytes()
        let reader = try #require(try LockFileReader.join(realmPath: app.realmPath))
        #expect(app.participants == 3)
        #expect(try reader.participants() == 3)
        let pin = try reader.pinNewest()
        #expect(pin == PinnedVersion(version: 7, topRef: 3072, fileSize: 8192, entry: 2))
        #expect(app.countFrozen(2) == 1)
        let during = app.fileBytes()
        let changed = try #require(differences(before, during))
        #expect(changed.allSatisfy { participantsRange.contains($0) || countRange(2).contains($0) })
        #expect(!changed.isEmpty)

        // A second pin of the same version is counted in the process, not in the file.
        let again = try reader.pinNewest()
        #expect(app.countFrozen(2) == 1)
        try reader.release(again)
        #expect(app.countFrozen(2) == 1)
        try reader.release(pin)
        #expect(app.countFrozen(2) == 0)
        try reader.leave()
        #expect(differences(before, app.fileBytes()) == [])
        #expect(throws: LockFileError.notJoined(path: app.lockPath)) { try reader.pinNewest() }
    }

    @Test func aNewerCommitIsPinnedSeparatelyAndBothAreReleased() throws {
        let app = try LockFileInitiator()
        defer { app.remove() }
        let before = app.fileBytes()
        let reader = try #require(try LockFileReader.join(realmPath: app.realmPath))
        let first = try reader.pinNewest()
        app.publish(1, version: 8, topRef: 5000, fileSize: 9000)
        let afterCommit = app.fileBytes()
        let second = try reader.pinNewest()
        #expect(second.version == 8 && second.entry == 1)
        #expect(app.countFrozen(0) == 1 && app.countFrozen(1) == 1)
        try reader.release(first)
        try reader.release(second)
        #expect(throws: LockFileError.self) { try reader.release(second) }
        try reader.leave()
        #expect(differences(before, app.fileBytes())?.isEmpty == false)   // the app's commit
        // The app's commit stays; our participant and first pin (held during it) are gone.
        #expect(differences(afterCommit.enumerated().map { index, byte in
            participantsRange.contains(index) || countRange(0).contains(index) ? before[index] : byte
        }, app.fileBytes()) == [])
    }

    @Test func leavingReleasesWhatIsStillPinned() throws {
        let app = try LockFileInitiator()
        defer { app.remove() }
        let before = app.fileBytes()
        do {
            let reader = try #require(try LockFileReader.join(realmPath: app.realmPath))
            _ = try reader.pinNewest()
            #expect(app.countFrozen(0) == 1)
        }   // dropped without leave(): deinit leaves
        #expect(differences(before, app.fileBytes()) == [])
        // And our shared lock went with it: once the app closes, the file is free.
        app.closeApp()
        let probe = open(app.lockPath, O_RDWR | O_CLOEXEC)
        defer { close(probe) }
        #expect(flock(probe, LOCK_EX | LOCK_NB) == 0)
    }

    @Test func growthOfTheVersionListIsMappedBeforeItIsUsed() throws {
        let app = try LockFileInitiator()
        defer { app.remove() }
        let reader = try #require(try LockFileReader.join(realmPath: app.realmPath))
        let old = try reader.pinNewest()
        try app.grow(to: 64)
        app.publish(40, version: 9, topRef: 6000, fileSize: 12000)
        let grown = app.fileBytes()
        #expect(grown.count == SharedInfoLayout.fileLength(entries: 64))
        let pin = try reader.pinNewest()
        #expect(pin == PinnedVersion(version: 9, topRef: 6000, fileSize: 12000, entry: 40))
        #expect(app.countFrozen(40) == 1)
        let changed = try #require(differences(grown, app.fileBytes()))
        #expect(changed.allSatisfy { countRange(40).contains($0) })
        try reader.release(pin)
        try reader.release(old)
        try reader.leave()
        let after = app.fileBytes()
        #expect(after.count == grown.count)
        #expect(differences(grown, after)?.allSatisfy { participantsRange.contains($0) || countRange(0).contains($0) } == true)
        #expect(app.participants == 1 && app.countFrozen(0) == 0)
    }

    @Test func aMutexWhoseOwnerDiedIsRecovered() throws {
        let app = try LockFileInitiator()
        defer { app.remove() }
        for offset in [SharedInfoLayout.controlMutex, SharedInfoLayout.versionListMutex] {
            let mutex = app.mutex(at: offset)
            let child = fork()
            if child == 0 {
                // The child takes the mutex in the shared mapping and dies holding it.
                _exit(pthread_mutex_lock(mutex) == 0 ? 0 : 1)
            }
            try #require(child > 0)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            #expect(status == 0, "the child could not take the mutex")
        }
        let reader = try #require(try LockFileReader.join(realmPath: app.realmPath))
        #expect(app.participants == 2)
        let pin = try reader.pinNewest()
        #expect(app.countFrozen(pin.entry) == 1)
        try reader.leave()
        #expect(app.participants == 1 && app.countFrozen(pin.entry) == 0)
        // Both are consistent again: a plain lock succeeds.
        for offset in [SharedInfoLayout.controlMutex, SharedInfoLayout.versionListMutex] {
            #expect(pthread_mutex_lock(app.mutex(at: offset)) == 0)
            pthread_mutex_unlock(app.mutex(at: offset))
        }
    }

    /// One spoiled field each; the reader refuses, naming it, writes nothing and keeps no lock.
    @Test(arguments: [
        (SharedInfoField.initComplete, SharedInfoLayout.initComplete, [UInt8(0)]),
        (.layoutVersion, SharedInfoLayout.sharedInfoVersion, [13, 0]),
        (.mutexSize, SharedInfoLayout.sizeOfMutex, [48]),
        (.condvarSize, SharedInfoLayout.sizeOfCondvar, [16]),
        (.participants, SharedInfoLayout.numParticipants, [0, 0, 0, 0]),
        (.mutexKind, SharedInfoLayout.controlMutex + SharedInfoLayout.mutexKindOffset, [0, 0, 0, 0]),
        (.fileSize, -1, []),
    ])
    func refusesALockFileThatDiffers(field: SharedInfoField, offset: Int, bytes: [UInt8]) throws {
        let app = try LockFileInitiator()
        defer { app.remove() }
        if offset < 0 { app.truncate(to: 1000) } else { app.patch(bytes, at: offset) }
        let before = app.fileBytes()
        do {
            _ = try LockFileReader.join(realmPath: app.realmPath)
            Issue.record("joined a lock file with a bad \(field.rawValue)")
        } catch {
            #expect(error.refusedField == field, "\(error)")
        }
        #expect(differences(before, app.fileBytes()) == [])
        app.closeApp()
        let probe = open(app.lockPath, O_RDWR | O_CLOEXEC)
        defer { close(probe) }
        #expect(flock(probe, LOCK_EX | LOCK_NB) == 0, "the refused reader kept a lock")
    }

    /// A writer holding the lock file exclusively (realm-browser's own transaction, in this or
    /// another process) must not make a read wait for it.
    @Test func anExclusiveHolderIsNotWaitedFor() throws {
        let app = try LockFileInitiator()
        defer { app.remove() }
        app.closeApp()
        let writer = open(app.lockPath, O_RDWR | O_CLOEXEC)
        defer { close(writer) }
        try #require(flock(writer, LOCK_EX | LOCK_NB) == 0)
        let before = app.fileBytes()
        // A join that blocked would never return: the bound tells that from a slow machine.
        let realmPath = app.realmPath
        let outcome = TimeBound.run(seconds: Patience.seconds) { () -> LockFileError? in
            do throws(LockFileError) {
                _ = try LockFileReader.join(realmPath: realmPath)
                return nil
            } catch {
                return error
            }
        }
        #expect(outcome != nil, "the join waited for the exclusive holder")
        #expect(outcome == .some(.heldExclusively(path: app.lockPath)))
        #expect(differences(before, app.fileBytes()) == [])
    }

    @Test func withoutAnAppNothingIsJoinedOrWritten() throws {
        let app = try LockFileInitiator()
        defer { app.remove() }
        app.closeApp()   // a stale SharedInfo that no process holds
        let before = app.fileBytes()
        var info = stat()
        stat(app.lockPath, &info)
        let modified = info.st_mtim
        #expect(try LockFileReader.join(realmPath: app.realmPath) == nil)
        #expect(differences(before, app.fileBytes()) == [])
        var after = stat()
        stat(app.lockPath, &after)
        #expect(after.st_mtim.tv_sec == modified.tv_sec && after.st_mtim.tv_nsec == modified.tv_nsec)
        // No lock file at all: none is created.
        let bare = app.directory.appendingPathComponent("y.realm").path
        #expect(try LockFileReader.join(realmPath: bare) == nil)
        #expect(!FileManager.default.fileExists(atPath: bare + ".lock"))
    }

    @Test(.enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
    func aFixtureGetsNoLockFile() throws {
        guard Fixtures.requirePresent() else { return }
        let path = Fixtures.realmPath("demo")
        let existed = FileManager.default.fileExists(atPath: path + ".lock")
        #expect(try LockFileReader.join(realmPath: path) == nil)
        #expect(FileManager.default.fileExists(atPath: path + ".lock") == existed)
    }
}
