/// `back`: return to where you were before the last `cd`.
enum BackCommand {
    static let spec = CommandSpec(
        name: "back", aliases: [], arguments: "",
        summary: "return to where you were before the last cd",
        run: { _, session throws(BrowserError) in
            _ = try session.requireCatalog()
            guard let previous = session.previousPaths.popLast() else {
                throw .usage("back: there is no earlier place to return to")
            }
            session.path = previous
        })
}
