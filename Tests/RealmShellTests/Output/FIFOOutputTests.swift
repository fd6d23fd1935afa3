@testable import RealmShell
import Foundation
import RealmFormat
import Testing
import TestSupport

/// `dump --out FIFO` and `export ... FIFO` write through the pipe and wait for its reader. A
/// Ctrl-C that came before the wait began must still end it: the wait checks the request on
/// every round instead of sitting in a blocking open(2), which a flag set earlier cannot wake.
@Suite("Writing to a FIFO")
struct FIFOOutputTests {
    private func makeFIFO() throws -> (directory: String, fifo: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("FIFOOutputTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let fifo = directory + "/out.fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        return (directory, fifo)
    }

    /// With the request already made and nobody reading, opening ends with `.interrupted`
    /// (before the fix this open never returned).
    @Test func aRequestMadeBeforeTheWaitEndsIt() throws {
        let (directory, fifo) = try makeFIFO()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cancellation = Cancellation(requested: true)
        var thrown: BrowserError?
        Cancellation.running(with: cancellation) {
            do throws(BrowserError) { _ = try ReplacingFileOutput(path: fifo) } catch { thrown = error }
        }
        #expect(thrown == .interrupted)
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the pipe is still a pipe")
    }

    /// A request made while it waits ends the wait too. The opener runs on a thread of its
    /// own, never on the concurrency pool: a pool thread blocked in a wait that needs another
    /// pool task to end it (with two cores, two such tests at once) would wait for ever.
    @Test func aRequestMadeDuringTheWaitEndsIt() throws {
        let (directory, fifo) = try makeFIFO()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cancellation = Cancellation()
        let outcome = ThreadOutcome<BrowserError?>()
        let opener = Thread {
            let error = Cancellation.running(with: cancellation) { () -> BrowserError? in
                do throws(BrowserError) { _ = try ReplacingFileOutput(path: fifo); return nil } catch { return error }
            }
            outcome.finish(error)
        }
        opener.start()
        usleep(50_000)
        cancellation.request()
        let result = try #require(outcome.wait(seconds: Patience.seconds), "the wait did not end")
        #expect(result == .interrupted)
    }

    /// With a reader, the bytes go through the pipe and the descriptor blocks again (a write
    /// larger than the pipe's buffer arrives whole, not cut short by EAGAIN). The reader is a
    /// thread of its own, as above.
    @Test func aReaderGetsEveryByte() throws {
        let (directory, fifo) = try makeFIFO()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = ThreadOutcome<Int>()
        let reader = Thread {
            let descriptor = open(fifo, O_RDONLY)
            guard descriptor >= 0 else { return outcome.finish(-1) }
            defer { close(descriptor) }
            var total = 0
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                // Slow enough that the writer fills the pipe and has to wait.
                usleep(200)
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                total += count
            }
            outcome.finish(total)
        }
        reader.start()
        let output = try ReplacingFileOutput(path: fifo)
        let line = String(repeating: "x", count: 1023) + "\n"
        for _ in 0..<512 { output.write(line) }
        try output.commit()
        #expect(outcome.wait(seconds: Patience.seconds) == 512 * 1024)
    }
}

/// A value a thread hands over when it ends, waited for with a deadline.
private final class ThreadOutcome<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: Value?

    func finish(_ value: Value) {
        self.value = value
        done.signal()
    }

    /// The value, or nil if the thread did not finish within `seconds`.
    func wait(seconds: Double) -> Value? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return value
    }
}
