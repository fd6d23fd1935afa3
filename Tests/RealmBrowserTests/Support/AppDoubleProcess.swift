import Foundation
import Glibc
import Testing

/// The `realm-app-double` executable (Tests/AppDouble) running on a realm: a stand-in for a Realm
/// app that has the file open and commits to it, driven one command at a time.
final class AppDoubleProcess {
    /// One answer of the double: `ok version=V size=S commits=C held=H participants=P frozen=F`.
    struct Report: Equatable {
        var version = 0
        var size = 0
        var commits = 0
        /// Commits made while a reader held a version older than the newest.
        var held = 0
        var participants = 0
        /// The sum of the lock file's `count_frozen` fields.
        var frozen = 0

        init(_ line: String) throws {
            var fields: [String: Int] = [:]
            for word in line.split(separator: " ").dropFirst() {
                let parts = word.split(separator: "=")
                if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
            }
            guard let version = fields["version"], let size = fields["size"], let commits = fields["commits"],
                  let held = fields["held"], let participants = fields["participants"], let frozen = fields["frozen"] else {
                throw Failure(description: "unexpected answer from realm-app-double: \(line)")
            }
            (self.version, self.size, self.commits, self.held, self.participants, self.frozen)
                = (version, size, commits, held, participants, frozen)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let executable: URL = ExecutableTests.executable.deletingLastPathComponent().appendingPathComponent("realm-app-double")

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    /// The answer to starting: the session is set up and the double waits for commands.
    private(set) var started: Report?

    /// Starts the double on `path`, swapping `className.property` values in its commits.
    init(path: String, className: String, property: String) throws {
        process.executableURL = Self.executable
        process.arguments = [path, className, property]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        started = try Report(try readLine())
    }

    /// Sends one command and returns the double's answer.
    @discardableResult
    func send(_ command: String) throws -> Report {
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
        return try Report(try readLine())
    }

    /// Closes the app's session and waits for the double to exit; returns its exit status.
    func quit() throws -> Int32 {
        _ = try send("quit")
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Ends the double however it stands (a test that failed half-way). SIGKILL, because a
    /// child of the test runner inherits its blocked SIGTERM.
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The next line the double writes; a double that exited says so instead of hanging.
    private func readLine() throws -> String {
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard let first = byte.first else {
                throw Failure(description: "realm-app-double ended before answering (\(String(decoding: line, as: UTF8.self)))")
            }
            if first == 10 { return String(decoding: line, as: UTF8.self) }
            line.append(first)
        }
    }
}
