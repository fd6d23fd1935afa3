import RealmFormat
import RealmInterchange

/// `load DUMP.json OUT.realm [--force]`: a new Realm file from a canonical JSON dump — the
/// inverse of `dump`, and a way to make a Realm file from JSON written by hand.
enum LoadCommand {
    static let usage = "load DUMP.json OUT.realm [--force] [--key-file KEYFILE | --key KEY]"

    static let spec = CommandSpec(
        name: "load", aliases: [], arguments: "DUMP.json OUT.realm [--force] [--key-file KEYFILE]",
        summary: "write a new Realm file from a canonical JSON dump (what dump writes)",
        access: .none, completion: .fileName,
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        var words = StatementSplitter.words(in: arguments)
        let key = try KeyOptions.extract(from: &words).key()
        let force = words.contains("--force")
        words.removeAll { $0 == "--force" }
        guard words.count == 2 else { throw .usage(usage) }
        let (source, target) = (words[0], words[1])
        try OpenFileGuard.refuse(target, in: session)
        let tables: [NewTable]
        do {
            let data = try InputFile.contents(of: source, what: "the dump")
            tables = try DumpLoader.tables(from: try data.withUnsafeBytes { raw in try JSONParser.parse(raw.bindMemory(to: UInt8.self)) })
        } catch let error as InterchangeError {
            throw BrowserError(error)
        } catch let error as DumpLoadError {
            throw .invalidInput(path: source, reason: error.description)
        } catch {
            throw .invalidInput(path: source, reason: "\(error)")
        }
        let total = tables.reduce(0) { $0 + $1.keys.count }
        try NewFile.write(tables, to: target, force: force, key: key, label: "load \(target)")
        session.confirm("wrote \(target): \(tables.count) tables, \(total) objects")
    }
}
