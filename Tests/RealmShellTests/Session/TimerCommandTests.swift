import RealmShell
import Foundation
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// `timer on|off`: each command after it is followed by `Run Time: real R user U sys S`, as
/// sqlite3's `.timer` prints it; in the modes programs read the line goes to standard error.
@Suite("timer", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct TimerCommandTests {
    /// The three figures of a `Run Time:` line, or nil when the line has another shape.
    static func figures(_ line: Substring) -> [Double]? {
        let words = line.split(separator: " ")
        guard words.count == 8, words[0] == "Run", words[1] == "Time:", words[2] == "real", words[4] == "user", words[6] == "sys" else {
            return nil
        }
        let numbers = [words[3], words[5], words[7]].compactMap { Double($0) }
        guard numbers.count == 3, [words[3], words[5], words[7]].allSatisfy({ $0.split(separator: ".").last?.count == 3 }) else { return nil }
        return numbers
    }

    @Test func eachCommandAfterTimerOnIsFollowedByItsRunTime() throws {
        guard Fixtures.requirePresent() else { return }
        let (session, output) = try FileSession.open(Fixtures.realmPath("species"))
        try session.execute("timer")
        try session.execute("timer on")
        try session.execute("count Specimen name BEGINSWITH[c] 'ba'")
        try session.execute("timer")
        try session.execute("timer off")
        try session.execute("count Category")
        let lines = output.text.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[0] == "off")
        #expect(lines[1] == "4")
        let figures = try #require(Self.figures(lines[2]), "\(lines[2])")
        #expect(figures.allSatisfy { $0 >= 0 })
        // `timer` itself is not timed: its answer follows directly.
        #expect(lines[3] == "on")
        #expect(lines[4] == "5")
    }

    @Test func inJSONModeTheRunTimeGoesToNotices() throws {
        guard Fixtures.requirePresent() else { return }
        let (session, output) = try FileSession.open(Fixtures.realmPath("species"))
        let notices = BufferedOutput()
        session.notices = notices
        try session.execute("mode jsonl")
        try session.execute("timer on")
        try session.execute("find Category name == 'Birds'")
        #expect(output.text == "{\"_key\": 0, \"name\": \"Birds\"}\n")
        let noticeLines = notices.text.split(separator: "\n")
        #expect(noticeLines.count == 1)
        #expect(Self.figures(noticeLines[0]) != nil, "\(notices.text)")
    }

    @Test func aFailedCommandPrintsNoRunTimeAndAWrongArgumentIsRefused() throws {
        guard Fixtures.requirePresent() else { return }
        let (session, output) = try FileSession.open(Fixtures.realmPath("species"))
        try session.execute("timer on")
        #expect(throws: BrowserError.unknownClass("Nope", suggestion: nil)) { try session.execute("count Nope") }
        expectError(.usage(mentioning: "timer on|off")) { try session.execute("timer maybe") }
        #expect(output.text.isEmpty)
    }
}
