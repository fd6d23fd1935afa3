#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// The export progress line: drawn when standard error is a terminal (a pseudo-terminal here),
/// erased at the end, and absent when standard error is a pipe.
@Suite("export progress", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ExportProgressTests {
    /// Runs the executable with standard error on a new pseudo-terminal and returns what it drew.
    func runWithTerminal(_ arguments: [String]) throws -> (status: Int32, terminal: String) {
        // Linux's pseudo-terminal multiplexer: unlock the new terminal, then ask for its number
        // (TIOCSPTLCK and TIOCGPTN, the same codes on x86_64 and arm64).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: CInt = 0
        var number: CUnsignedInt = 0
        try #require(master >= 0 && ioctl(master, UInt(0x4004_5431), &unlock) == 0 && ioctl(master, UInt(0x8004_5430), &number) == 0)
        let terminal = try #require(FileHandle(forUpdatingAtPath: "/dev/pts/\(number)"))
        let process = Process()
        process.executableURL = ExecutableTests.executable
        process.arguments = arguments
        process.standardError = terminal
        process.standardOutput = Pipe()
        let drawn = Drawn()
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(master, &buffer, buffer.count)
                if count <= 0 { break }
                drawn.append(buffer[..<count])
            }
        }
        try process.run()
        reader.start()
        process.waitUntilExit()
        try terminal.close()
        while !reader.isFinished { usleep(10_000) }
        close(master)
        return (process.terminationStatus, String(decoding: drawn.bytes, as: UTF8.self))
    }

    /// What the reader thread collected; the test reads it only after the thread has finished.
    final class Drawn: @unchecked Sendable {
        private(set) var bytes: [UInt8] = []
        private let lock = NSLock()

        func append(_ more: ArraySlice<UInt8>) {
            lock.lock()
            bytes += more
            lock.unlock()
        }
    }

    @Test func aTerminalSeesTheProgressLineAndThenItsErasure() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ExportProgress-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (status, drawn) = try runWithTerminal([Fixtures.realmPath("tasks"), "-c", "export csv \(directory)/all"])
        #expect(status == 0)
        #expect(drawn.contains("\rexport "), "\(drawn.debugDescription)")
        #expect(drawn.contains("100% (46/46 objects)"), "\(drawn.debugDescription)")
        #expect(drawn.hasSuffix("\r\u{1B}[2K"), "the line is erased before the summary")

        let piped = try ExecutableTests().run([Fixtures.realmPath("tasks"), "-c", "export csv \(directory)/piped"])
        #expect(piped.status == 0)
        #expect(piped.standardError.isEmpty, "no progress line into a pipe")

        // export sqlite counts every table's objects, metadata's one included.
        let sqlite = try runWithTerminal(["export", "sqlite", Fixtures.realmPath("tasks"), "\(directory)/tasks.sqlite"])
        #expect(sqlite.status == 0)
        #expect(sqlite.terminal.contains("100% (47/47 objects)"), "\(sqlite.terminal.debugDescription)")
        #expect(sqlite.terminal.hasSuffix("\r\u{1B}[2K"), "the line is erased before the summary")
        let pipedSQLite = try ExecutableTests().run(["export", "sqlite", Fixtures.realmPath("tasks"), "\(directory)/piped.sqlite"])
        #expect(pipedSQLite.status == 0)
        #expect(pipedSQLite.standardError.isEmpty, "no progress line into a pipe")
    }
}
