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

    /// A request made while it waits ends the wait too.
    @Test func aRequestMadeDuringTheWaitEndsIt() async throws {
        let (directory, fifo) = try makeFIFO()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cancellation = Cancellation()
        let opener = Task.detached { () -> BrowserError? in
            Cancellation.running(with: cancellation) { () -> BrowserError? in
                do throws(BrowserError) { _ = try ReplacingFileOutput(path: fifo); return nil } catch { return error }
            }
        }
        try await Task.sleep(nanoseconds: 50_000_000)
        cancellation.request()
        #expect(await opener.value == .interrupted)
    }

    /// With a reader, the bytes go through the pipe and the descriptor blocks again (a write
    /// larger than the pipe's buffer arrives whole, not cut short by EAGAIN).
    @Test func aReaderGetsEveryByte() async throws {
        let (directory, fifo) = try makeFIFO()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reader = Task.detached { () -> Int in
            let descriptor = open(fifo, O_RDONLY)
            guard descriptor >= 0 else { return -1 }
            defer { close(descriptor) }
            var total = 0
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                // Slow enough that the writer fills the pipe and has to wait.
                usleep(200)
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { return total }
                total += count
            }
        }
        let output = try ReplacingFileOutput(path: fifo)
        let line = String(repeating: "x", count: 1023) + "\n"
        for _ in 0..<512 { output.write(line) }
        try output.commit()
        #expect(await reader.value == 512 * 1024)
    }
}
