import RealmFormat

/// `compact OUT [--force]` and `upgrade OUT [--force]`: a fresh format-24 copy of the open file,
/// with the same schema, objects and keys and no free space. Never writes over the input.
/// The copy of an encrypted file is encrypted with the same key unless `--decrypt` (a plain
/// copy) or `--key-file`/`--key` (another key) says otherwise: a plain copy is never made by
/// default.
enum CompactCommand {
    static let arguments = "OUT [--force] [--decrypt | --key-file KEYFILE | --key KEY]"

    static let spec = CommandSpec(
        name: "compact", aliases: [], arguments: arguments,
        summary: "write a fresh, compacted format-24 copy of the open file (of an encrypted one: encrypted with its key, --decrypt for a plain copy, --key-file for another key)",
        access: .oneVersion, completion: .fileName,
        run: { arguments, session throws(BrowserError) in try run(arguments, session, verb: "compact") })

    static let upgradeSpec = CommandSpec(
        name: "upgrade", aliases: [], arguments: arguments,
        summary: "write a format-24 copy of an older (format 5-11 or 20-23) file, to edit or for today's Realm SDKs; the original is untouched",
        access: .oneVersion, completion: .fileName,
        run: { arguments, session throws(BrowserError) in try run(arguments, session, verb: "upgrade") })

    static func run(_ arguments: String, _ session: Session, verb: String) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        var words = StatementSplitter.words(in: arguments)
        let keyOptions = try KeyOptions.extract(from: &words, allowsDecrypt: true)
        let force = words.contains("--force")
        words.removeAll { $0 == "--force" }
        guard words.count == 1, let path = words.first else { throw .usage("\(verb) \(CompactCommand.arguments)") }
        let source = catalog.file
        let key = keyOptions.decrypt ? nil : try keyOptions.key() ?? source.mapped.key
        guard FilePaths.resolved(path) != FilePaths.resolved(source.path) else {
            throw .cannotWrite(path: path, reason: "that is the open file; \(verb) always writes a new file")
        }
        let tables: [NewTable]
        do {
            tables = try FileCopier(file: source).tables()
        } catch {
            if case let .cannotWrite(_, reason) = error { throw .cannotWrite(path: path, reason: reason) }
            throw .file(error)
        }
        let total = tables.reduce(0) { $0 + $1.keys.count }
        // What was read is one version only if no other process committed meanwhile.
        try session.requireUnchangedFile()
        try NewFile.write(tables, to: path, force: force, key: key, label: "\(verb) \(path)")
        session.confirm("wrote \(path): file format 24 (from \(source.source?.fileFormat ?? source.fileFormat)), \(tables.count) tables, \(total) objects"
                        + (key != nil ? ", encrypted" : source.isEncrypted ? ", decrypted" : ""))
    }
}
