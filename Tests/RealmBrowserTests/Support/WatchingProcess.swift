import Foundation
import Glibc
import Testing

/// The built `realm-browser` running a script that watches, its standard output read line by
/// line as it comes, so a test can act (commit, interrupt) on what the watch has shown rather
/// than on time having passed.
final class WatchingProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var pending: [UInt8] = []
    /// Everything read from standard output so far, for failure messages.
    private(set) var seen = ""
    private var started = false

    /// Standard error goes to a pipe read at `finish`, or to `errorFile` for a process that may
    /// print more notices than a pipe holds before the test reads them (one per reload).
    /// `environment` is added to the test's own (test hooks).
    init(_ arguments: [String], errorFile: String? = nil, environment extra: [String: String] = [:]) throws {
        process.executableURL = ExecutableTests.executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["REALM_BROWSER_HISTORY"] = "/dev/null"
        environment.merge(extra) { $1 }
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        if let errorFile {
            guard FileManager.default.createFile(atPath: errorFile, contents: nil),
                  let handle = FileHandle(forWritingAtPath: errorFile) else {
                throw Failure(description: "cannot create \(errorFile)")
            }
            process.standardError = handle
        } else {
            process.standardError = errors
        }
        try process.run()
        started = true
    }

    /// Types `lines` into the running session (a script arriving piece by piece).
    func send(_ lines: String...) throws {
        try input.fileHandleForWriting.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    deinit { stop() }

    /// The process's id, to read what the system shows of it (`/proc/PID/maps`).
    var identifier: Int32 { process.processIdentifier }

    /// The next line of standard output, or nil at its end. `timeout` only bounds a failure (a
    /// watch that never shows what the test waits for); it decides nothing when things work.
    func nextLine(timeout: Double = 120) throws -> String? {
        let descriptor = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                seen += line + "\n"
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure(description: "no line from realm-browser in \(timeout) s; it printed:\n\(seen)") }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(min(left, 1) * 1000)) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                if pending.isEmpty { return nil }
                let line = String(decoding: pending, as: UTF8.self)
                pending = []
                seen += line
                return line
            }
            pending.append(contentsOf: buffer[0..<count])
        }
    }

    /// The next `count` lines; ending early is a failure.
    func nextLines(_ count: Int) throws -> [String] {
        var lines: [String] = []
        for _ in 0..<count {
            guard let line = try nextLine() else { throw Failure(description: "the output ended early:\n\(seen)") }
            lines.append(line)
        }
        return lines
    }

    /// Ctrl-C, as the terminal sends it.
    func interrupt() {
        kill(process.processIdentifier, SIGINT)
    }

    /// SIGTERM, as a service manager stops a process.
    func terminate() {
        kill(process.processIdentifier, SIGTERM)
    }

    /// Closes standard input, reads standard output to its end and waits for the exit: the
    /// lines not read yet, the exit status and standard error (empty when it went to a file).
    func finish() throws -> (rest: [String], status: Int32, errors: String) {
        // The end of standard input ends a session reading its script from there.
        try? input.fileHandleForWriting.close()
        var rest: [String] = []
        while let line = try nextLine() { rest.append(line) }
        let errorText = process.standardError as? Pipe === errors
            ? String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) : ""
        process.waitUntilExit()
        return (rest, process.terminationStatus, errorText)
    }

    /// Ends the process however it stands (a test that failed half-way).
    func stop() {
        guard started else { return }
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
