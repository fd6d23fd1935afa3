/// `open FILE`: switch to another Realm file (the current one stays open if the new one fails).
enum OpenCommand {
    static let spec = CommandSpec(
        name: "open", aliases: [], arguments: "FILE [--key-file KEYFILE | --key KEY]",
        summary: "open another Realm file instead of this one (browsed read-only; set, create, delete... edit it in place); an encrypted one with its key",
        access: .none, completion: .fileName,
        run: { arguments, session throws(BrowserError) in
            var words = StatementSplitter.words(in: arguments)
            let keyOptions = try KeyOptions.extract(from: &words)
            guard words.count == 1, let path = words.first else { throw .usage("open FILE [--key-file KEYFILE | --key KEY]") }
            _ = try keyOptions.key()   // a bad key is reported before anything is asked
            guard try PendingChangesQuestion.settle(session, before: "opening another file") else { return }
            try keyOptions.open(path, in: session)
            if let file = session.file {
                // An older file says its own format (the notice at open says how it is read).
                session.confirm("opened \(file.path): file format \(file.source?.fileFormat ?? file.fileFormat), \(file.classTables.count) classes")
            }
        })
}
