import RealmInterchange

/// What happens to staged changes when the user leaves (`quit`, Ctrl-D) or opens another file:
/// at a terminal the user is asked to commit, discard or cancel; in a script (no one to ask)
/// the action is refused, so a script never loses or commits changes it did not say to.
public enum PendingChangesQuestion {
    public enum Answer: Equatable, Sendable {
        case commit
        case discard
        case cancel
    }

    /// Reads an answer: the words or their unambiguous beginnings (`co`, `d`, `ca`), any case.
    public static func answer(from text: String) -> Answer? {
        let word = text.trimmingWhitespace().lowercased()
        guard word.count >= 1 else { return nil }
        if word.count >= 2, "commit".hasPrefix(word) { return .commit }
        if "discard".hasPrefix(word) { return .discard }
        if word.count >= 2, "cancel".hasPrefix(word) { return .cancel }
        return nil
    }

    /// Asks until the answer is understood; the end of input (Ctrl-D at the question) cancels,
    /// because cancelling is the only answer that loses and writes nothing. The whole question
    /// is the prompt, so it reaches the terminal even while output goes to a file or a pager.
    public static func ask(count: Int, action: String, readLine: (String) -> String?) -> Answer {
        var prompt = "\(count) change\(count == 1 ? " is" : "s are") staged and not committed. "
            + "Commit, discard or cancel \(action)? [commit/discard/cancel] "
        while true {
            guard let line = readLine(prompt) else { return .cancel }
            if let answer = answer(from: line) { return answer }
            prompt = "Please answer commit, discard or cancel: "
        }
    }

    /// Settles the staged changes before `action`; true when the action may go ahead. Without a
    /// way to ask (`Session.askUser` is nil: a script) staged changes refuse the action.
    public static func settle(_ session: Session, before action: String) throws(BrowserError) -> Bool {
        guard session.hasPendingChanges else { return true }
        guard let askUser = session.askUser else {
            throw .pendingChanges(count: session.pendingChanges.count, action: action)
        }
        switch ask(count: session.pendingChanges.count, action: action, readLine: askUser) {
        case .commit:
            try Transaction.commit.run("", session)
            return true
        case .discard:
            try Transaction.rollback.run("", session)
            return true
        case .cancel:
            session.output.line("cancelled: the transaction stays open")
            return false
        }
    }

    /// The end of input at the prompt (Ctrl-D): leave, after settling staged changes like
    /// `quit`. Returns whether the input loop should stop.
    public static func endOfInput(_ session: Session) -> Bool {
        // Like a command's end: what the commit or rollback printed goes out (through the pager,
        // if any) before the caller exits.
        defer {
            session.output.flush()
            session.router.commandFinished()
        }
        do {
            return try settle(session, before: "leaving")
        } catch {
            session.output.line("error: \(error)")
            session.output.flush()
            return false
        }
    }
}
