/// `quit` / `exit`: leave the browser.
enum QuitCommand {
    static let spec = CommandSpec(
        name: "quit", aliases: ["exit", "\\q", ".quit", ".exit"], arguments: "",
        summary: "leave realm-browser (Ctrl-D works too)",
        run: { _, session throws(BrowserError) in
            try session.requireNoPendingChanges(before: "quitting")
            session.quit()
        })
}
