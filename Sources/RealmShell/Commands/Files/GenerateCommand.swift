#if canImport(Glibc)
import Glibc
#endif
import RealmDemo
import RealmFormat

/// `generate demo FILE [--rows N] [--seed S] [--force]`: Realm Browser's demo database, written
/// as a real format-24 Realm file.
enum GenerateCommand {
    static let usage = "generate demo FILE [--rows N] [--seed S] [--force] [--key-file KEYFILE | --key KEY]"

    static let spec = CommandSpec(
        name: "generate", aliases: [], arguments: "demo FILE [--rows N] [--seed S] [--force] [--key-file KEYFILE]",
        summary: "write Realm Browser's demo database (3 classes, 1000 objects each by default); encrypted with --key-file",
        access: .none, completion: ArgumentCompletion { $0.position == 0 ? $0.words(["demo"]) : nil },
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        var words = StatementSplitter.words(in: arguments)
        let key = try KeyOptions.extract(from: &words).key()
        var rows = 1000
        var seed: UInt64?
        var force = false
        func value(after flag: String) throws(BrowserError) -> String? {
            guard let index = words.firstIndex(of: flag) else { return nil }
            guard index + 1 < words.count else { throw .usage(usage) }
            let text = words[index + 1]
            words.removeSubrange(index...(index + 1))
            return text
        }
        if let text = try value(after: "--rows") {
            guard let number = Int(text), number >= 0, number <= 16_000_000 else { throw .usage(usage + "  (--rows takes 0 to 16000000)") }
            rows = number
        }
        if let text = try value(after: "--seed") {
            guard let number = UInt64(text) else { throw .usage(usage + "  (--seed takes a non-negative integer)") }
            seed = number
        }
        if let index = words.firstIndex(of: "--force") {
            force = true
            words.remove(at: index)
        }
        guard words.count == 2, words[0] == "demo" else { throw .usage(usage) }
        let path = words[1]
        try OpenFileGuard.refuse(path, in: session)
        let now = seed == nil ? Int64(time(nil)) : DemoDatabase.seededNow
        let demo = DemoDatabase(rows: rows, seed: seed ?? UInt64.random(in: 0...UInt64.max), now: now)
        let contents: (tables: [StreamedTable], backlinks: [BacklinkIndex])
        contents = try readingFile { () throws(RealmFormatError) in try demo.contents() }
        try NewFile.write(contents.tables, backlinks: contents.backlinks, to: path, force: force, key: key, label: "generating \(path)")
        session.confirm("wrote \(path): Realm Browser's demo database, 3 classes of \(rows) objects" + (seed.map { " (seed \($0))" } ?? "")
                        + (key == nil ? "" : ", encrypted"))
    }
}
