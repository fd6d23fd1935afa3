import RealmFormat
import RealmLegacy

/// `verify [FILE] [--json] [--key-file KEYFILE]`: the whole structural check of the open file
/// (or of FILE), as sqlite3's `PRAGMA integrity_check`: `OK`, or every problem with its table,
/// object, column and file offset, and the command fails (exit status 1 in scripts).
enum VerifyCommand {
    static let usage = "verify [FILE] [--json] [--key-file KEYFILE | --key KEY]"

    static let spec = CommandSpec(
        name: "verify", aliases: [], arguments: "[FILE] [--json] [--key-file KEYFILE]",
        summary: "check the whole file's structure (nodes, free space, trees, values, backlinks, indexes): OK, or every problem and where",
        access: .oneVersion, completion: .fileName,
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        var words = StatementSplitter.words(in: arguments)
        let keyOptions = try KeyOptions.extract(from: &words)
        let json = words.contains("--json")
        words.removeAll { $0 == "--json" }
        guard words.count <= 1 else { throw .usage(usage) }
        let report: VerificationReport
        if let path = words.first {
            // A file of formats 5-11 is checked on its own layout, converted or not.
            if let legacy = LegacyVerifier.verify(path: path, key: try keyOptions.key() ?? (try? keyOptions.key(environment: session.environment))) {
                report = legacy
            } else {
                switch try open(path, keyOptions: keyOptions, session: session) {
                case let .success(file): report = verify(file)
                case let .failure(unopenable): report = unopenable.report
                }
            }
        } else {
            guard keyOptions == KeyOptions() else { throw .usage("the open file is verified with the key it was opened with; " + usage) }
            report = verify(try session.requireCatalog().file)
            try session.requireUnchangedFile()
        }
        // Checks stopped by Ctrl-C leave a report of part of the file: none is shown.
        if Cancellation.current?.isRequested == true { throw .interrupted }
        try show(report, json: json, session: session)
    }

    private static func verify(_ file: RealmFile) -> VerificationReport {
        let total = file.tables.reduce(0) { $0 + $1.objects.count }
        let progress = ProgressReporter(total: total, label: "verify")
        defer { progress.finish() }
        if let source = file.source {
            // A file of formats 5-11: its own layout is checked, not the image read for it.
            return LegacyVerifier.verify(path: source.path, key: file.mapped.key) { progress.update($0) }
                ?? VerificationReport(path: source.path, problems: [VerificationProblem(.header, "the file no longer opens as it did")],
                                      unlistedProblems: 0, nodeCount: 0, freeEntries: 0, tableCount: 0, objectCount: 0, version: 0)
        }
        return FileVerifier(file: file) { progress.update($0) }.verify()
    }

    /// The file, or the report of a file whose structure keeps it from opening. Without a key
    /// given, an encrypted file takes `REALM_BROWSER_KEY`, as `open` does.
    private static func open(_ path: String, keyOptions: KeyOptions, session: Session) throws(BrowserError) -> Result<RealmFile, Unopenable> {
        let given = try keyOptions.key()
        do throws(RealmFormatError) {
            do throws(RealmFormatError) {
                return .success(try OpeningBesideAWriter.newest(path: path, key: given))
            } catch {
                guard given == nil, case .encryptedWithoutKey = error, let key = try? keyOptions.key(environment: session.environment) else {
                    throw error
                }
                return .success(try OpeningBesideAWriter.newest(path: path, key: key))
            }
        } catch {
            guard let report = FileVerifier.unopenable(path: path, error: error) else { throw .file(error) }
            return .failure(Unopenable(report: report))
        }
    }

    struct Unopenable: Error {
        let report: VerificationReport
    }

    static func show(_ report: VerificationReport, json: Bool, session: Session) throws(BrowserError) {
        if json || session.outputMode == .json || session.outputMode == .jsonl {
            session.output.line(VerificationJSON.document(report))
        } else if report.isSound {
            session.output.line("OK")
            session.confirm("\(report.path): \(report.tableCount) tables, \(report.objectCount) objects, \(report.nodeCount) nodes, "
                            + "\(report.freeEntries) free entries, version \(report.version)")
        } else {
            for problem in report.problems { session.output.line(problem.description) }
            if report.unlistedProblems > 0 { session.output.line("... and \(report.unlistedProblems) more") }
        }
        guard report.isSound else {
            throw .notNow("\(report.path): \(report.problemCount) problem\(report.problemCount == 1 ? "" : "s") found")
        }
    }
}
