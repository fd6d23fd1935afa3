import RealmFormat
import RealmLegacy

/// `recover [FILE] OUT [--force] [--json] [--key-file KEYFILE]`: as sqlite3's `.recover`, a new,
/// valid file with every object, value and link of a damaged file that can still be read, and
/// per class what was saved and what was lost and why. The damaged file is only read. With one
/// path, the open file is recovered; with two, FILE (which may not open at all).
///
/// A file recovered in full leaves the command successful; one with losses writes the new file
/// and then fails (exit status 1 in scripts), so a script cannot mistake a partial recovery
/// for a whole one.
enum RecoverCommand {
    static let usage = "recover [FILE] OUT [--force] [--json] [--key-file KEYFILE | --key KEY]"

    static let spec = CommandSpec(
        name: "recover", aliases: [".recover"], arguments: "[FILE] OUT [--force] [--json] [--key-file KEYFILE]",
        summary: "write what can still be read of a damaged file (the open one, or FILE) to a new, valid file OUT, and report per class what was saved and lost",
        access: .oneVersion, completion: .fileName,
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        var words = StatementSplitter.words(in: arguments)
        let keyOptions = try KeyOptions.extract(from: &words)
        let force = words.contains("--force")
        let json = words.contains("--json") || session.outputMode == .json || session.outputMode == .jsonl
        words.removeAll { $0 == "--force" || $0 == "--json" }
        guard words.count == 1 || words.count == 2, let output = words.last else { throw .usage(usage) }
        let source: String
        var key: EncryptionKey?
        if words.count == 2 {
            source = words[0]
            key = try keyOptions.key()
            // Without a key given, an encrypted FILE takes REALM_BROWSER_KEY, as `open` does.
            if key == nil, isEncrypted(source), let fromEnvironment = try? keyOptions.key(environment: session.environment) {
                key = fromEnvironment
            }
        } else {
            guard keyOptions == KeyOptions() else { throw .usage("the open file is recovered with the key it was opened with; " + usage) }
            let file = try session.requireCatalog().file
            source = file.path
            key = file.mapped.key
        }
        guard FilePaths.resolved(output) != FilePaths.resolved(source) else {
            throw .cannotWrite(path: output, reason: "that is the file being recovered; recover always writes a new file")
        }
        let salvage: FileSalvager.Salvage
        do {
            var progress: ProgressReporter?
            defer { progress?.finish() }
            if let legacy = try LegacyRecovery.salvage(path: source, key: key) {
                // Formats 5-11: their image, with the values the file holds damaged lost.
                salvage = legacy
            } else {
                salvage = try FileSalvager(path: source, key: key).salvage { read, expected in
                    if progress == nil { progress = ProgressReporter(total: expected, label: "recover") }
                    progress?.update(min(read, expected))
                }
            }
        } catch {
            throw .file(error)
        }
        // What was read is one version only if no other process committed meanwhile.
        // FILE is not the open file: a commit to the open one meanwhile is no reason to run again.
        if words.count == 1 { try session.requireUnchangedFile() } else { session.versionConfirmed = true }
        try NewFile.write(salvage.tables, to: output, force: force, key: key, label: "recover \(output)")
        let report = salvage.report
        if json {
            session.output.line(RecoveryJSON.document(report, output: output))
        } else {
            RecoveryText.show(report, output: output, session: session)
        }
        guard report.isComplete else {
            throw .notNow("\(output) holds \(report.savedObjects) objects; \(RecoveryText.losses(report)) (see above)")
        }
    }

    /// Whether the file at `path` is encrypted: opening it without a key says so before
    /// anything else is read, damaged or not.
    private static func isEncrypted(_ path: String) -> Bool {
        do throws(RealmFormatError) {
            _ = try RealmFile(path: path)
            return false
        } catch {
            if case .encryptedWithoutKey = error { return true }
            return false
        }
    }
}
