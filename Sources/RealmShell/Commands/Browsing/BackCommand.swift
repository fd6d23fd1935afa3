/// `back`: return to where you were before the last `cd`.
enum BackCommand {
    static let spec = CommandSpec(
        name: "back", aliases: [], arguments: "",
        summary: "return to where you were before the last cd",
        access: .oneVersion, completion: .nothing,
        run: { _, session throws(BrowserError) in
            _ = try session.requireCatalog()
            guard let previous = session.navigation.previousPaths.popLast() else {
                throw .notNow("there is no earlier place to go back to (cd moves)")
            }
            session.navigation.path = previous
        })
}
