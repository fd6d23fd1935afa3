import Foundation
import Glibc
import RealmFormat
import TestSupport
import Testing

/// What a reader leaves in the app's lock file when its process is ended while it holds a
/// version: nothing after SIGTERM or SIGINT (the handler gives everything back), exactly its
/// participant and its `count_frozen` after SIGKILL (as a crashed realm-core reader leaves).
///
/// The reader runs in a forked child. The parent first runs the same code, so that everything
/// the child needs from the Swift runtime is already set up when it forks. These tests belong
/// to the serialized `LockFileReaderTests`, so that no other reader of this process joins or
/// leaves while a child forks.
extension LockFileReaderTests {
    /// Forks a child that joins, pins the newest version, reports through a pipe and waits to
    /// be killed with `signal`. Returns how the child ended.
    private func killReader(of app: LockFileInitiator, with signal: Int32) throws -> Int32 {
        if let warmUp = try LockFileReader.join(realmPath: app.realmPath) {
            _ = try warmUp.pinNewest()
            try warmUp.leave()
        }
        var pipeEnds: [Int32] = [0, 0]
        try #require(pipe(&pipeEnds) == 0)
        let child = fork()
        if child == 0 {
            close(pipeEnds[0])
            // The test runner's worker threads block these signals and may handle them; the
            // browser's main thread does neither.
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            for caught in [SIGINT, SIGTERM, SIGHUP] {
                sigaddset(&unblocked, caught)
                Glibc.signal(caught, SIG_DFL)
            }
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            var ready: UInt8 = 0
            do {
                if let reader = try LockFileReader.join(realmPath: app.realmPath) {
                    _ = try reader.pinNewest()
                    ready = 1
                    write(pipeEnds[1], &ready, 1)
                    while true { pause() }
                }
            } catch {}
            write(pipeEnds[1], &ready, 1)
            _exit(3)
        }
        try #require(child > 0)
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        var poller = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
        var ready: UInt8 = 0
        if poll(&poller, 1, Int32(Patience.seconds * 1000)) != 1 || read(pipeEnds[0], &ready, 1) != 1 || ready != 1 {
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            Issue.record("the child did not join and pin")
            return -1
        }
        kill(child, signal)
        var status: Int32 = 0
        // Never hang the run: a child still alive after `Patience.seconds` is killed and reported.
        for _ in 0..<Int(Patience.seconds * 100) where waitpid(child, &status, WNOHANG) == 0 { usleep(10_000) }
        if waitpid(child, &status, WNOHANG) == 0 {
            kill(child, SIGKILL)
            waitpid(child, &status, 0)
            Issue.record("the child survived signal \(signal)")
        }
        return status
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aCatchableSignalReleasesEverything(signal: Int32) throws {
        let app = try LockFileInitiator(versions: [(3, 1024, 4096), (4, 2048, 4096)])
        defer { app.remove() }
        let before = app.fileBytes()
        let status = try killReader(of: app, with: signal)
        // Ended by that very signal (the default action ran after the release).
        #expect(status & 0x7f == signal, "status \(status)")
        #expect(app.fileBytes() == before)
        #expect(app.participants == 1 && app.countFrozen(1) == 0)
    }

    @Test func sigkillLeavesExactlyTheParticipantAndThePin() throws {
        let app = try LockFileInitiator(versions: [(3, 1024, 4096), (4, 2048, 4096)])
        defer { app.remove() }
        let before = app.fileBytes()
        let status = try killReader(of: app, with: SIGKILL)
        #expect(status & 0x7f == SIGKILL)
        let after = app.fileBytes()
        let pinned = SharedInfoLayout.entryOffset(1) + SharedInfoLayout.Entry.countFrozen
        let changed = before.indices.filter { before[$0] != after[$0] }
        #expect(changed == [SharedInfoLayout.numParticipants, pinned])
        #expect(app.participants == 2 && app.countFrozen(1) == 1)
    }
}
