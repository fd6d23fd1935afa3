/// `quit` / `exit`: leave the browser. With staged changes it asks at a terminal (commit,
/// discard or cancel) and is refused in scripts; `quit!` leaves anyway, dropping them (the
/// file is untouched).
enum QuitCommand {
    static let spec = CommandSpec(
        name: "quit", aliases: ["exit", "\\q", ".quit", ".exit"], arguments: "",
        summary: "leave realm-browser (Ctrl-D too); with staged changes it asks commit, discard or cancel; 'quit!' drops them",
        access: .none, completion: .nothing,
        run: { _, session throws(BrowserError) in
            guard try PendingChangesQuestion.settle(session, before: "quitting") else { return }
            session.quit()
        })

    static let discarding = CommandSpec(
        name: "quit!", aliases: ["exit!"], arguments: "",
        summary: "leave, dropping the changes of an open transaction",
        access: .none, completion: .nothing,
        run: { _, session throws(BrowserError) in
            session.transaction = nil
            session.pendingChanges = []
            session.quit()
        })
}
