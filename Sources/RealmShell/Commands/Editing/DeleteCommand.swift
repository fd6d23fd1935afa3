import RealmFormat
import RealmInterchange

/// `delete CLASS[N]`: remove an object as Realm does: links to it become null, lists drop it.
enum DeleteCommand {
    static let spec = CommandSpec(
        name: "delete", aliases: [], arguments: "CLASS[N] | PATH",
        summary: "remove an object as Realm does: links to it become null, lists and sets drop it, its embedded objects go with it",
        access: .newestVersion, completion: .className,
        run: { arguments, session throws(BrowserError) in
            let catalog = try session.requireCatalog()
            let target = arguments.trimmingWhitespace()
            guard !target.isEmpty else { throw .usage("delete CLASS[N]") }
            let path = try PathResolver(catalog: catalog).resolve(target, from: session.path)
            guard case let .object(object)? = path.last?.location else {
                if case .value(.null)? = path.last?.location { throw .invalidValue("\(target) is null: there is no object to delete") }
                throw .usage("delete CLASS[N]  (the path must lead to one object)")
            }
            let key: Int64
            key = try readingFile { () throws(RealmFormatError) in try object.key }
            let label = catalog.linkLabel(table: object.table.key, key: key)
            // Standing on (or below) the object would leave the prompt pointing at nothing.
            if session.path.contains(where: { if case let .object(standing) = $0.location { return standing.table.key == object.table.key && (try? standing.key) == key } else { return false } }) {
                session.move(to: [])
            }
            try Transaction.change(session: session, description: "delete \(label)") { editor throws(RealmFormatError) in
                guard let table = editor.file.table(named: object.table.name) else {
                    throw RealmFormatError.cannotWrite(path: editor.path, reason: "the file changed; open it again")
                }
                try editor.delete(from: table, key: key)
            }
        })
}
