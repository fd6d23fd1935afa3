@testable import RealmShell
#if canImport(Glibc)
@testable import RealmDemo
import Glibc
#endif
import Foundation
import RealmFormat
import ShellTestSupport
import Testing
import TestSupport

/// `watch` inside one process: another writer commits through the session's `whileWatching`
/// hook (each time watch looks for a new version) and `beforeVersionCheck` (inside a run), so
/// every sequence of versions is deterministic. species.realm is at version 3 with the
/// categories Birds, Mammals, Flora, Reptiles, Arachnids (species.json).
@Suite("watch in a session", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment), .serialized)
struct WatchTests {
    func open(_ fixture: String) throws -> OpenedCopy { try OpenedCopy(of: fixture, prefix: "WatchTests") }

    func rename(category key: Int64, to name: String, in path: String) throws {
        try SpeciesWriter.rename(category: key, to: name, in: path)
    }

    func addCategory(_ name: String, in path: String) throws {
        try SpeciesWriter.addCategory(name, in: path)
    }

    /// The hooks cannot throw: a failing commit is a test failure.
    func recording(_ body: () throws -> Void) {
        do { try body() } catch { Issue.record(error) }
    }

    /// Header times are the clock's: `(12:03:04` becomes `(HH:MM:SS`.
    static func maskingTimes(_ text: String) -> String {
        text.replacingOccurrences(of: #"\(\d\d:\d\d:\d\d"#, with: "(HH:MM:SS", options: .regularExpression)
    }

    static let categories = """
    # │ name
    ──┼──────────
    0 │ Birds
    1 │ Mammals
    2 │ Flora
    3 │ Reptiles
    4 │ Arachnids
    (0..5 of 5 Category objects)

    """

    @Test func eachNewVersionShowsTheLinesThatChanged() throws {
        guard Fixtures.requirePresent() else { return }
        let opened = try open("species")
        defer { FixtureCopy.remove(opened.path) }
        var polls = 0
        opened.session.whileWatching = {
            polls += 1
            recording {
                switch polls {
                case 1: try rename(category: 1, to: "Mammalia", in: opened.path)       // version 4
                case 3: try addCategory("Fungi", in: opened.path)                      // version 5
                case 5: try rename(category: 1, to: "Mammalia", in: opened.path)       // version 6, same names
                default: break
                }
            }
        }
        try opened.session.execute("watch 0.05 --count 3 show Category")
        #expect(Self.maskingTimes(opened.output.text) == "-- version 3 (HH:MM:SS)\n" + Self.categories + """
        -- version 4 (HH:MM:SS): 1 line removed, 1 added
        - 1 │ Mammals
        + 1 │ Mammalia
        -- version 5 (HH:MM:SS): 1 line removed, 2 added
        - (0..5 of 5 Category objects)
        + 5 │ Fungi
        + (0..6 of 6 Category objects)
        -- version 6 (HH:MM:SS): output unchanged
        watch stopped after 3 new versions

        """)
        #expect(polls == 5, "polls 2 and 4 found nothing new; the third new version ended the watch")
        #expect(opened.notices.text.isEmpty, "the headers name the versions; no 'reloaded' notices")
    }

    @Test func aRunTornByACommitIsRunAgainAndOnlyItsVersionShown() throws {
        guard Fixtures.requirePresent() else { return }
        let opened = try open("species")
        defer { FixtureCopy.remove(opened.path) }
        var checks = 0
        opened.session.whileWatching = {
            if checks == 1 { recording { try rename(category: 1, to: "First", in: opened.path) } }   // version 4
        }
        opened.session.beforeVersionCheck = {
            checks += 1
            // The run that read version 4 is checked, and meanwhile version 5 was committed.
            if checks == 2 { recording { try rename(category: 1, to: "Second", in: opened.path) } }
        }
        try opened.session.execute("watch 0.05 --count 1 --full show Category")
        #expect(checks == 3, "the first run, the torn one, and its rerun")
        let second = Self.categories.replacingOccurrences(of: "Mammals", with: "Second")
        #expect(Self.maskingTimes(opened.output.text) == "-- version 3 (HH:MM:SS)\n" + Self.categories
                + "-- version 5 (HH:MM:SS): 1 line removed, 1 added\n" + second + "watch stopped after 1 new version\n")
        #expect(!opened.output.text.contains("First"), "version 4's torn output is never shown")
    }

    @Test func programModesPrintWholeOutputsAndHeadersAsNotices() throws {
        guard Fixtures.requirePresent() else { return }
        let opened = try open("species")
        defer { FixtureCopy.remove(opened.path) }
        var polls = 0
        opened.session.whileWatching = {
            polls += 1
            if polls == 1 { recording { try addCategory("Fungi", in: opened.path) } }
        }
        try opened.session.execute("mode jsonl")
        try opened.session.execute("watch 0.05 --count 1 count Category")
        #expect(opened.output.text == "{\"count\": 5}\n{\"count\": 6}\n")
        #expect(Self.maskingTimes(opened.notices.text) == """
        -- version 3 (HH:MM:SS)
        -- version 4 (HH:MM:SS): 1 line removed, 1 added
        watch stopped after 1 new version

        """)
    }

    @Test func inProgramModesALaterErrorGoesWithTheHeaders() throws {
        guard Fixtures.requirePresent() else { return }
        let opened = try open("species")
        defer { FixtureCopy.remove(opened.path) }
        try opened.session.execute("mode jsonl")
        try opened.session.execute("show Category[4]")
        let object = opened.output.text
        #expect(object.hasPrefix("{\"_key\": 4, \"name\": \"Arachnids\""), "\(object)")
        var deleted = false
        opened.session.whileWatching = {
            guard !deleted else { return }
            deleted = true
            recording {
                let editor = try FileEditor(path: opened.path)
                try editor.delete(from: try #require(editor.file.table(named: "class_Category")), key: 4)
                try editor.commit()
            }
        }
        try opened.session.execute("watch 0.05 --count 1 show Category[4]")
        #expect(opened.output.text == object + object, "standard output holds only the object, from the first run")
        #expect(Self.maskingTimes(opened.notices.text) == """
        -- version 3 (HH:MM:SS)
        -- version 4 (HH:MM:SS): 1 line removed, 1 added
        error: Category[4] is out of range: positions run from 0 to 3
        watch stopped after 1 new version

        """)
    }

    @Test func laterErrorsAreShownAsOutputAndAFileThatGoesAwayEndsTheWatch() throws {
        guard Fixtures.requirePresent() else { return }
        let opened = try open("species")
        defer { FixtureCopy.remove(opened.path) }
        var polls = 0
        opened.session.whileWatching = {
            polls += 1
            recording {
                if polls == 1 {
                    let editor = try FileEditor(path: opened.path)
                    try editor.delete(from: try #require(editor.file.table(named: "class_Category")), key: 4)
                    try editor.commit()
                }
                if polls == 2 { try FileManager.default.removeItem(atPath: opened.path) }
            }
        }
        do {
            try opened.session.execute("watch 0.05 show Category[4]")
            Issue.record("watch must end when the file is gone")
        } catch {
            #expect("\(error)" == "\(opened.path) is gone (deleted or moved away); watch stopped after 1 new version")
        }
        #expect(Self.maskingTimes(opened.output.text) == """
        -- version 3 (HH:MM:SS)
        Category[4]  (object key 4)
          name         "Arachnids"
          linked from  Specimen.category (7 links; 'backlinks' lists them)
        -- version 4 (HH:MM:SS): 3 lines removed, 1 added
        - Category[4]  (object key 4)
        -   name         "Arachnids"
        -   linked from  Specimen.category (7 links; 'backlinks' lists them)
        + error: Category[4] is out of range: positions run from 0 to 3

        """)
    }

    @Test func aReplacedFileIsSaidSo() throws {
        guard Fixtures.requirePresent() else { return }
        let opened = try open("species")
        defer { FixtureCopy.remove(opened.path) }
        var replaced = false
        opened.session.whileWatching = {
            guard !replaced else { return }
            replaced = true
            recording {
                // Another file takes the path (as a copy made elsewhere and renamed over it).
                let copy = opened.path + ".new"
                try FileManager.default.copyItem(atPath: opened.path, toPath: copy)
                try rename(category: 0, to: "Aves", in: copy)
                try? FileManager.default.removeItem(atPath: copy + ".lock")
                #expect(Glibc.rename(copy, opened.path) == 0)
            }
        }
        try opened.session.execute("watch 0.05 --count 1 count Category name == 'Aves'")
        #expect(Self.maskingTimes(opened.output.text) == """
        -- version 3 (HH:MM:SS)
        0
        -- version 4 (HH:MM:SS, file replaced): 1 line removed, 1 added
        - 0
        + 1
        watch stopped after 1 new version

        """)
    }

    @Test func optionsAndSeconds() throws {
        #expect(try WatchCommand.parse("count Dog") == WatchCommand.Options(interval: 1, count: nil, full: false, statement: "count Dog"))
        #expect(try WatchCommand.parse("0.2 --count 3 --full show Dog --full")
                == WatchCommand.Options(interval: 0.2, count: 3, full: true, statement: "show Dog --full"))
        #expect(try WatchCommand.parse("--full 2 find Dog name == '1 2'").statement == "find Dog name == '1 2'")
        #expect(try WatchCommand.parse("").statement == "")
        // Each refusal shows watch's usage line and names the word it could not take.
        for bad in ["0", "0.01", "-1", "86401", "1e999", "1s"] {
            expectError(.usage(mentioning: "watch [SECONDS]", "SECONDS", "0.05 to 86400", "'\(bad)'"), "\(bad)") {
                try WatchCommand.parse(bad + " count Dog")
            }
        }
        expectError(.usage(mentioning: "watch [SECONDS]", "--count takes a number", "'0'")) {
            try WatchCommand.parse("--count 0 count Dog")
        }
        expectError(.usage(mentioning: "watch [SECONDS]", "--count takes a number", "(got '')")) {
            try WatchCommand.parse("--count")
        }
        expectError(.usage(mentioning: "watch [SECONDS]", "unknown option '--fast'")) { try WatchCommand.parse("--fast count Dog") }
        #expect(WatchCommand.watchable.allSatisfy { CommandRegistry.command(named: $0)?.access == .oneVersion },
                "every command watch runs gets one version per run")
    }

    @Test func completionHelpAndTheCommandList() throws {
        guard Fixtures.requirePresent() else { return }
        let opened = try open("species")
        defer { FixtureCopy.remove(opened.path) }
        let session = opened.session
        #expect(Completer.complete("wat", session: session) == ["watch"])
        #expect(Completer.complete("watch co", session: session) == ["count"])
        #expect(Completer.complete("watch -", session: session) == ["--count", "--full"])
        #expect(Completer.complete("watch --count ", session: session) == [])
        #expect(Completer.complete("watch 0.5 --full count Cat", session: session) == ["Category"])
        #expect(Completer.complete("watch 2 find Specimen categ", session: session) == ["category"])
        #expect(Completer.complete("watch ", session: session) == WatchCommand.watchable.sorted())
        try session.execute("help watch")
        let help = opened.output.text
        #expect(help.hasPrefix("watch [SECONDS] [--count N] [--full] COMMAND\n  run a read command again"))
        #expect(help.contains("watch --count 3 count Dog"))
        try session.execute("help")
        #expect(opened.output.text.contains("\n  watch [SECONDS] [--count N] [--full] COMMAND"))
    }
}

/// The line diff `watch` prints, against a longest common subsequence computed independently.
@Suite("line diff")
struct LineDiffTests {
    @Test func changesInOrder() {
        #expect(LineDiff(from: ["a", "b", "c"], to: ["a", "b", "c"]).changes == [])
        #expect(LineDiff(from: ["a", "b", "c"], to: ["a", "b", "c"]).summary == "output unchanged")
        let replaced = LineDiff(from: ["a", "b", "c"], to: ["a", "x", "c"])
        #expect(replaced.changes == [.removed("b"), .added("x")])
        #expect(replaced.text == "- b\n+ x")
        #expect(replaced.summary == "1 line removed, 1 added")
        #expect(LineDiff(from: ["a", "c"], to: ["a", "b", "c"]).changes == [.added("b")])
        #expect(LineDiff(from: ["a", "c"], to: ["a", "b", "c"]).summary == "1 line added")
        #expect(LineDiff(from: ["a", "b", "c", "d"], to: ["a", "d"]).summary == "2 lines removed")
        #expect(LineDiff(from: ["x", "a", "b"], to: ["a", "b", "x"]).changes == [.removed("x"), .added("x")])
        #expect(LineDiff(from: ["1", "k", "2"], to: ["3", "k", "4"]).changes == [.removed("1"), .added("3"), .removed("2"), .added("4")])
        #expect(LineDiff(from: [], to: ["", "y"]).text == "+\n+ y")
        #expect(LineDiff(from: ["a", "b"], to: []).summary == "2 lines removed")
        #expect(LineDiff.lines(of: "a\nb\n") == ["a", "b"])
        #expect(LineDiff.lines(of: "a\n\nb") == ["a", "", "b"])
        #expect(LineDiff.lines(of: "") == [])
    }

    @Test func longOutputsWithFewChanges() {
        // Two changes 50,000 lines apart: only they are shown.
        let old = (0..<200_000).map { "row \($0)" }
        var new = old
        new[100_000] = "changed"
        new.insert("inserted", at: 150_000)
        #expect(LineDiff(from: old, to: new).changes == [.removed("row 100000"), .added("changed"), .added("inserted")])
        // Too different for the table: shown replaced whole, still a true account.
        let other = (0..<3000).map { "other \($0)" }
        let whole = LineDiff(from: Array(old.prefix(3000)), to: other)
        #expect(whole.removedCount == 3000 && whole.addedCount == 3000)
        #expect(whole.changes == old.prefix(3000).map(LineDiff.Change.removed) + other.map(LineDiff.Change.added))
    }

    /// The longest common subsequence by plain recursion with memory, for small inputs.
    static func commonLength(_ a: [String], _ b: [String]) -> Int {
        var memo: [Int: Int] = [:]
        func length(_ i: Int, _ j: Int) -> Int {
            if i == a.count || j == b.count { return 0 }
            if let known = memo[i * 1000 + j] { return known }
            let result = a[i] == b[j] ? 1 + length(i + 1, j + 1) : max(length(i + 1, j), length(i, j + 1))
            memo[i * 1000 + j] = result
            return result
        }
        return length(0, 0)
    }

    @Test func minimalOnRandomInputs() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<300 {
            let old = (0..<Int(generator.next() % 12)).map { _ in String(generator.next() % 4) }
            let new = (0..<Int(generator.next() % 12)).map { _ in String(generator.next() % 4) }
            let diff = LineDiff(from: old, to: new)
            let common = Self.commonLength(old, new)
            #expect(diff.removedCount == old.count - common && diff.addedCount == new.count - common, "\(old) → \(new)")
            // The removed lines are old's minus a common subsequence, in order; likewise added.
            let removed = diff.changes.compactMap { if case let .removed(line) = $0 { line } else { nil } }
            let added = diff.changes.compactMap { if case let .added(line) = $0 { line } else { nil } }
            #expect(Self.commonLength(old, removed) == removed.count && Self.commonLength(new, added) == added.count)
        }
    }
}
