import RealmFormat
import RealmShell
import Foundation
import RealmInterchange
import Testing
import TestSupport

/// Leaving or opening another file with staged changes: asked at a terminal (here through the
/// session's `askUser` with scripted answers), refused in scripts.
@Suite("Pending changes on quit, open and end of input", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct PendingChangesQuestionTests {
    /// A session on a species copy with one staged rename of Category[0] ("Birds").
    func staged(answers: [String?]) throws -> (path: String, session: Session, output: BufferedOutput, asked: () -> [String]) {
        let path = try FixtureCopy.make(of: "species", prefix: "PendingChangesQuestionTests")
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: path)
        try session.execute("begin")
        try session.execute("set Category[0].name = \"Aves\"")
        var remaining = answers
        var questions: [String] = []
        session.askUser = { question in
            questions.append(question)
            return remaining.isEmpty ? nil : remaining.removeFirst()
        }
        return (path, session, output, { questions })
    }

    /// The name of Category[0] in the file now; the file's space accounting is checked first.
    func firstCategory(_ path: String) throws -> String {
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: path)
        try session.execute("show Category[0].name")
        return output.text
    }

    @Test func answersAreWordsOrTheirBeginnings() {
        #expect(PendingChangesQuestion.answer(from: "commit") == .commit)
        #expect(PendingChangesQuestion.answer(from: " CO ") == .commit)
        #expect(PendingChangesQuestion.answer(from: "d") == .discard)
        #expect(PendingChangesQuestion.answer(from: "Discard") == .discard)
        #expect(PendingChangesQuestion.answer(from: "ca") == .cancel)
        #expect(PendingChangesQuestion.answer(from: "c") == nil, "commit or cancel?")
        #expect(PendingChangesQuestion.answer(from: "") == nil)
        #expect(PendingChangesQuestion.answer(from: "yes") == nil)
    }

    @Test func theQuestionRepeatsUntilUnderstoodAndEndOfInputCancels() {
        var answers = ["maybe", "c", "discard"]
        var prompts: [String] = []
        let answer = PendingChangesQuestion.ask(count: 2, action: "quitting", readLine: { prompt in
            prompts.append(prompt)
            return answers.removeFirst()
        })
        #expect(answer == .discard)
        #expect(prompts == [
            "2 changes are staged and not committed. Commit, discard or cancel quitting? [commit/discard/cancel] ",
            "Please answer commit, discard or cancel: ", "Please answer commit, discard or cancel: ",
        ])
        #expect(PendingChangesQuestion.ask(count: 1, action: "leaving", readLine: { _ in nil }) == .cancel)
    }

    @Test func quitCommitsWhenTheUserSaysSo() throws {
        guard Fixtures.requirePresent() else { return }
        let staged = try staged(answers: ["commit"])
        defer { FixtureCopy.remove(staged.path) }
        try staged.session.execute("quit")
        #expect(staged.session.wantsToQuit)
        #expect(staged.asked().count == 1)
        #expect(staged.output.text.contains("committed 1 change as version 4 ("))
        #expect(try firstCategory(staged.path) == "\"Aves\"\n")
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: staged.path))))
    }

    @Test func quitDiscardsWhenTheUserSaysSo() throws {
        guard Fixtures.requirePresent() else { return }
        let staged = try staged(answers: ["discard"])
        defer { FixtureCopy.remove(staged.path) }
        let original = try Data(contentsOf: URL(fileURLWithPath: staged.path))
        try staged.session.execute("quit")
        #expect(staged.session.wantsToQuit)
        #expect(staged.output.text.hasSuffix("Category[0].name = \"Aves\"  (1 pending; 'commit' writes them)\nrolled back 1 change\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: staged.path)) == original)
    }

    @Test func cancelKeepsTheTransactionOpen() throws {
        guard Fixtures.requirePresent() else { return }
        let staged = try staged(answers: ["cancel", "ca"])
        defer { FixtureCopy.remove(staged.path) }
        try staged.session.execute("quit")
        #expect(!staged.session.wantsToQuit)
        #expect(staged.output.text.hasSuffix("cancelled: the transaction stays open\n"))
        try staged.session.execute("open \(Fixtures.realmPath("tasks"))")
        #expect(staged.session.file?.path == staged.path, "open was cancelled too")
        #expect(staged.session.prompt == "realm*> ")
        try staged.session.execute("commit")
        #expect(try firstCategory(staged.path) == "\"Aves\"\n")
    }

    @Test func openAsksThenOpens() throws {
        guard Fixtures.requirePresent() else { return }
        let staged = try staged(answers: ["co"])
        defer { FixtureCopy.remove(staged.path) }
        try staged.session.execute("open \(Fixtures.realmPath("tasks"))")
        #expect(staged.asked() == ["1 change is staged and not committed. Commit, discard or cancel opening another file? [commit/discard/cancel] "])
        #expect(staged.session.file?.path == Fixtures.realmPath("tasks"))
        #expect(try firstCategory(staged.path) == "\"Aves\"\n")
    }

    @Test func endOfInputAsksLikeQuit() throws {
        guard Fixtures.requirePresent() else { return }
        // Ctrl-D at the question cancels; at the prompt again, the user commits.
        let staged = try staged(answers: [nil, "commit"])
        defer { FixtureCopy.remove(staged.path) }
        #expect(PendingChangesQuestion.endOfInput(staged.session) == false)
        #expect(staged.session.hasPendingChanges)
        #expect(PendingChangesQuestion.endOfInput(staged.session) == true)
        #expect(!staged.session.hasPendingChanges)
        #expect(staged.asked() == Array(repeating: "1 change is staged and not committed. Commit, discard or cancel leaving? [commit/discard/cancel] ", count: 2))
        #expect(try firstCategory(staged.path) == "\"Aves\"\n")
        let idle = Session(output: BufferedOutput())
        #expect(PendingChangesQuestion.endOfInput(idle), "nothing staged: Ctrl-D just leaves")
    }

    @Test func scriptsAreRefusedAndNothingIsWritten() throws {
        guard Fixtures.requirePresent() else { return }
        let staged = try staged(answers: [])
        defer { FixtureCopy.remove(staged.path) }
        staged.session.askUser = nil
        let original = try Data(contentsOf: URL(fileURLWithPath: staged.path))
        // One staged change (Category[0].name) and no one to ask: both are refused.
        #expect(throws: BrowserError.pendingChanges(count: 1, action: "quitting")) { try staged.session.execute("quit") }
        #expect(throws: BrowserError.pendingChanges(count: 1, action: "opening another file")) {
            try staged.session.execute("open \(Fixtures.realmPath("tasks"))")
        }
        #expect(!staged.session.wantsToQuit)
        #expect(staged.session.file?.path == staged.path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: staged.path)) == original)
    }
}
