/// `open FILE`: switch to another Realm file (the current one stays open if the new one fails).
enum OpenCommand {
    static let spec = CommandSpec(
        name: "open", aliases: [], arguments: "FILE",
        summary: "open another Realm file instead of this one (browsed read-only; set, create, delete... edit it in place)",
        run: { arguments, session throws(BrowserError) in
            let words = StatementSplitter.words(in: arguments)
            guard words.count == 1, let path = words.first else { throw .usage("open FILE") }
            guard try PendingChangesQuestion.settle(session, before: "opening another file") else { return }
            try session.open(path: path)
            if let file = session.file {
                session.confirm("opened \(file.path): file format \(file.fileFormat), \(file.classTables.count) classes")
            }
        })
}
