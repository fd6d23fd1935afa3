/// `quit` / `exit`: leave the browser; refused while a transaction holds staged changes.
/// `quit!` leaves anyway, dropping them (the file is untouched).
enum QuitCommand {
    static let spec = CommandSpec(
        name: "quit", aliases: ["exit", "\\q", ".quit", ".exit"], arguments: "",
        summary: "leave realm-browser (Ctrl-D works too); 'quit!' drops uncommitted changes",
        run: { _, session throws(BrowserError) in
            try session.requireNoPendingChanges(before: "quitting")
            session.quit()
        })

    static let discarding = CommandSpec(
        name: "quit!", aliases: ["exit!"], arguments: "",
        summary: "leave, dropping the changes of an open transaction",
        run: { _, session throws(BrowserError) in
            session.transaction = nil
            session.pendingChanges = []
            session.quit()
        })
}
