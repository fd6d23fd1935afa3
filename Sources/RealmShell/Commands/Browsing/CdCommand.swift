import RealmInterchange

/// `cd PATH`: stand on a class, object or collection, so later paths can start from there;
/// `cd ..` goes up one step, `cd /` (or `cd` alone) back to the top.
enum CdCommand {
    static let spec = CommandSpec(
        name: "cd", aliases: [], arguments: "[PATH | .. | /]",
        summary: "move to an object, a property or a collection; the prompt shows where you are",
        access: .oneVersion, completion: .objectPath,
        run: { arguments, session throws(BrowserError) in
            let catalog = try session.requireCatalog()
            let target = arguments.trimmingWhitespace()
            guard !target.isEmpty else {
                session.move(to: [])
                return
            }
            session.move(to: try PathResolver(catalog: catalog).resolve(target, from: session.path))
        })
}
